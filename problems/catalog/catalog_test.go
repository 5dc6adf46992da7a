package catalog

import (
	"testing"

	"metz/verdict"
)

// A listing shows the current verdict, else says that the record changed
// since its verdicts, else nothing.
func TestVerdictText(t *testing.T) {
	for _, c := range []struct {
		s    Summary
		want string
	}{
		{Summary{Verdict: verdict.Sound}, "sound"},
		{Summary{Verdict: verdict.Cooked, Outdated: true}, "cooked"},
		{Summary{Outdated: true}, "not verified since it changed"},
		{Summary{}, ""},
	} {
		if got := c.s.VerdictText(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.s, got, c.want)
		}
	}
}
