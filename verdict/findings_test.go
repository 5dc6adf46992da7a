package verdict

import (
	"strings"
	"testing"
)

// Without a stated solution every first move that wins is listed, and
// one of them is the key: "one winning first move: 24-19", not "one cook"
// beside a sound verdict; with a stated key the others are cooks.
func TestFindingsNameWinningMovesWithoutAKey(t *testing.T) {
	for _, c := range []struct {
		r    Report
		want string
	}{
		{Report{Verdict: Sound, Cooks: []Cook{{Move: "24-19"}}}, "one winning first move: 24-19"},
		{Report{Verdict: Cooked, Cooks: []Cook{{Move: "24-19"}, {Move: "29-23"}}}, "two winning first moves: 24-19, 29-23"},
		{Report{Verdict: Cooked, Key: "24-19", Cooks: []Cook{{Move: "29-23"}}}, "one cook: 29-23"},
	} {
		got := strings.Join(c.r.Findings(), "; ")
		if !strings.Contains(got, c.want) || (c.r.Key == "" && strings.Contains(got, "cook")) {
			t.Errorf("%s, key %q: %q, want %q", c.r.Verdict, c.r.Key, got, c.want)
		}
	}
}
