package solver

import "testing"

// FuzzParseGoal: any text is either refused with an error or read as a
// goal that writes back to a text read as the same goal.
func FuzzParseGoal(f *testing.F) {
	for _, s := range []string{"", "win", "draw", "promote", "gain:2", "GAIN: 3", "gain:0", "gain:x", "remise", "gain:99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGoal(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		back, err := ParseGoal(g.String())
		if err != nil || back != g {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, g, g.String(), back, err)
		}
		if g.Kind == GoalGain && g.N < 1 {
			t.Fatalf("%q: gain of %d pieces", s, g.N)
		}
	})
}

// FuzzParseBudget: any text is refused or read as a budget whose fields
// are positive or unset and which writes back to the same budget.
func FuzzParseBudget(f *testing.F) {
	for _, s := range []string{"", "10s", "5M-nodes", "200k", "1.5k", "64MB", "10s,5M-nodes,128MB", "fast", "0", "-3s", "1e9g", "2m", "500ms,1G"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBudget(s)
		if err != nil {
			return
		}
		if b.Nodes < 0 || b.Time < 0 || b.MemoryMB < 0 {
			t.Fatalf("%q: negative field %+v", s, b)
		}
		back, err := ParseBudget(b.String())
		if err != nil || back != b {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, b, b.String(), back, err)
		}
	})
}
