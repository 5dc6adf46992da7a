package themes

import (
	"testing"

	"metz/problems"
)

// FuzzForProblem: whatever a stored record holds (a FEN, rules, move texts
// of a two-ply tree), detection returns themes or an error and never panics.
func FuzzForProblem(f *testing.F) {
	f.Add("W:W24,29,33,40,49:B10,K14,K34", "international", "24-19", "14x35")
	f.Add("W:W9,22,27,32,35,38:B12,15,26,K50", "international", "50 à ?", "38 à 33")
	f.Add("W:W20,27,37,38,41,42,45,47:B1,2,6,16,K28,34", "", "43 à 39", "34 à 32")
	f.Add("B:W21,22:B10", "brazilian", "10-14", "21x7")
	f.Add("W:WK1:BK50", "qui-perd-gagne", "1-6", "")
	f.Fuzz(func(t *testing.T, fen, rules, m1, m2 string) {
		tree := &problems.Tree{Children: []*problems.Node{{Text: m1, White: true,
			Children: []*problems.Node{{Text: m2}, {Move: m2, Text: m1}}}}}
		p := &problems.Problem{Solution: tree, Witnesses: []problems.Witness{{Name: "prose", Tree: tree}}}
		if p.SetText(rules, fen, "") != nil {
			return // refused where a record comes in (problems.SetText)
		}
		ts, err := ForProblem(p)
		if err != nil && ts != nil {
			t.Fatalf("themes with an error: %v %+v", err, ts)
		}
		for _, th := range ts {
			if th.Origin != problems.OriginDetected || th.Ply < 1 || th.Ply > 2 {
				t.Fatalf("theme %+v on a two-ply tree", th)
			}
		}
	})
}
