package themes

import (
	"errors"
	"fmt"

	"metz/problems"
)

// Reasons ForProblem finds nothing to analyse; callers count these as
// skipped rather than failed.
var (
	ErrNoPosition = errors.New("no position")
	ErrNoSolution = errors.New("no stated solution")
)

// ForProblem replays a problem's stated solution from its position under its
// rules and returns the themes found, with origin "detected". Each witness
// tree that starts from the same position (Van Tenac's prose beside his
// table) is analysed too, since it is the same solution read another way and
// often resolves where the table has a misprint. A line is analysed up to
// the first move that does not resolve.
func ForProblem(p *problems.Problem) ([]problems.Theme, error) {
	if p.Position == nil {
		return nil, ErrNoPosition
	}
	if p.Solution == nil || len(p.Solution.Children) == 0 {
		return nil, ErrNoSolution
	}
	start := *p.Position
	if s := p.Solution.Start; s != nil {
		// The tree names its start, the diagram or (a record edited by
		// hand) another position.
		start = *s
	}
	found := DetectTree(start, p.Solution)
	for _, w := range p.Witnesses {
		if w.Tree != nil && (w.Tree.Start == nil || w.Tree.Start.Equal(start)) {
			found = append(found, DetectTree(start, w.Tree)...)
		}
	}
	return toThemes(found), nil
}

// toThemes turns what was found into stored themes, once each.
func toThemes(fs []Found) []problems.Theme {
	var out []problems.Theme
	seen := map[string]bool{}
	for _, f := range fs {
		key := fmt.Sprint(f.Name, f.Ply, f.Squares)
		if seen[key] {
			continue
		}
		seen[key] = true
		t := problems.Theme{Name: f.Name, Origin: problems.OriginDetected, Ply: f.Ply, Squares: f.Squares, Note: f.Note}
		if d, ok := Lookup(f.Name); ok {
			t.Label = d.Label
		}
		if f.Count > 0 && t.Note == "" {
			t.Note = fmt.Sprintf("count %d", f.Count) // the detectors' notes already say it
		}
		out = append(out, t)
	}
	return out
}
