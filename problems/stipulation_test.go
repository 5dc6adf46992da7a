package problems

import (
	"strings"
	"testing"
)

func TestParseStipulation(t *testing.T) {
	for s, want := range map[string]Stipulation{
		"": StipWin, "win": StipWin, "gagne": StipWin, "Draw": StipDraw, " remise ": StipDraw, "loss": StipLoss,
		"perd": StipLoss, "promote": StipPromote, "promotion": StipPromote, "gain:2": {Kind: GoalGain, N: 2},
		"gain:2/15": {Kind: GoalGain, N: 2, Within: 15}, "Promote / 9": {Kind: GoalPromote, Within: 9},
		"win/11": {Kind: GoalWin, Within: 11},
	} {
		if g, err := ParseStipulation(s); err != nil || g != want {
			t.Errorf("%q: %+v %v, want %+v", s, g, err, want)
		}
	}
	for _, bad := range []string{"gain:x", "gain:0", "gain:2/0", "promote/", "draw/3", "loss/5", "win/x", "win/-2", "mate"} {
		if _, err := ParseStipulation(bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("%q: %v, want an error naming it", bad, err)
		}
	}
	if s, err := (Stipulation{Kind: GoalGain, N: 2, Within: 15}).Bound(9); err != nil || s.String() != "gain:2/9" {
		t.Errorf("gain:2/15 bounded by 9: %s %v", s, err)
	}
	if s, err := StipWin.Bound(0); err != nil || s != StipWin {
		t.Errorf("no bound: %s %v", s, err)
	}
	for _, s := range []Stipulation{StipDraw, StipLoss} {
		if _, err := s.Bound(9); err == nil {
			t.Errorf("a bounded %s accepted", s)
		}
	}
	if _, err := StipWin.Bound(-1); err == nil {
		t.Error("a negative bound accepted")
	}
}

// FuzzParseStipulation: any text is either refused with an error naming it
// or read as a stipulation that writes back to a text read as the same.
func FuzzParseStipulation(f *testing.F) {
	for _, s := range []string{"", "win", "draw", "promote", "gain:2", "GAIN: 3", "gain:0", "gain:x", "remise",
		"gain:99999999999999999999", "gain:2/15", "promote/9", "win/0", "draw/3", "win/1/2", "loss", "loss/3", "perd"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseStipulation(s)
		if err != nil {
			if !strings.Contains(err.Error(), "stipulation") {
				t.Fatalf("%q: %v does not say what it read", s, err)
			}
			return
		}
		back, err := ParseStipulation(g.String())
		if err != nil || back != g {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, g, g.String(), back, err)
		}
		if g.Kind == GoalGain && g.N < 1 {
			t.Fatalf("%q: gain of %d pieces", s, g.N)
		}
		if g.Within < 0 || (!g.Boundable() && g.Within != 0) {
			t.Fatalf("%q: bound %d on %v", s, g.Within, g)
		}
	})
}
