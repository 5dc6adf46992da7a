package app

import (
	"errors"
	"fmt"

	"metz/db"
	"metz/export"
	"metz/problems"
	"metz/themes"
	"metz/verdict"
)

// ThemeResult is what the theme detector made of one problem.
type ThemeResult struct {
	Themes  []problems.Theme `json:"themes"`
	Skipped string           `json:"skipped,omitempty"` // why nothing was analysed (no position, no solution)
	Error   string           `json:"error,omitempty"`
}

// DetectThemes detects and stores the themes of one stored problem, in its
// stated lines and in the lines its current verdict added. One bad record
// is reported in the result, not as an error, so that the others go on.
func DetectThemes(d *db.DB, id int64) (*problems.Problem, ThemeResult) {
	p, err := d.Get(id)
	if err != nil {
		return nil, ThemeResult{Themes: []problems.Theme{}, Error: err.Error()}
	}
	l, err := CurrentVerdict(d, id)
	if err != nil {
		return p, ThemeResult{Themes: []problems.Theme{}, Error: err.Error()}
	}
	return p, detectAndStore(d, p, l.Report)
}

// detectAndStore finds the themes of p's stated solution together with
// the lines rep proved (nil: the stated lines only) and stores them as
// the problem's detected themes, replacing an earlier run's. Nothing to
// analyse leaves the earlier run's themes: nothing new was learnt.
func detectAndStore(d *db.DB, p *problems.Problem, rep *verdict.Report) ThemeResult {
	res := ThemeResult{Themes: []problems.Theme{}}
	ts, err := themes.ForProblem(withSolverLines(p, rep))
	switch {
	case errors.Is(err, themes.ErrNoPosition), errors.Is(err, themes.ErrNoSolution):
		res.Skipped = err.Error()
		return res
	case err != nil:
		res.Error = err.Error()
		return res
	}
	if err := d.SetDetectedThemes(p.ID, ts); err != nil {
		res.Error = err.Error()
		return res
	}
	if ts != nil {
		res.Themes = ts
	}
	return res
}

// withSolverLines is p with the verified tree — the stated lines and the
// branches the solver added (omitted defences, cooks, duals, refutations)
// — as a witness, so that detection also covers solver-made lines; a
// problem with no stated solution takes that tree as its solution. p is
// not changed.
//
// The merge lives in package export (export.Verified) although it is no
// export: it belongs beside the solver's report, below both.
func withSolverLines(p *problems.Problem, rep *verdict.Report) *problems.Problem {
	if rep == nil || p.Position == nil {
		return p
	}
	tree, _ := export.Verified(p, rep, export.English)
	if tree == nil || len(tree.Children) == 0 || !tree.HasOrigin(problems.Solver) {
		return p
	}
	q := *p
	if q.Solution == nil || len(q.Solution.Children) == 0 {
		q.Solution = tree
		return &q
	}
	q.Witnesses = append(append([]problems.Witness(nil), p.Witnesses...), problems.Witness{Name: "verified", Tree: tree})
	return &q
}

// DetectResult is one problem's outcome of DetectMany.
type DetectResult struct {
	ID    int64  `json:"id"`
	Ref   string `json:"ref"` // SOURCE:NUMBER
	Label string `json:"label,omitempty"`
	ThemeResult
}

// DetectMany detects and stores the themes of the selected problems, in
// order, calling progress (if set) after each. A problem that fails is
// reported in its result and the others go on; the error then counts them.
func DetectMany(d *db.DB, sel Selected, progress func(done, total int)) ([]DetectResult, error) {
	res := make([]DetectResult, 0, len(sel.Problems))
	failed := 0
	for i, s := range sel.Problems {
		_, tr := DetectThemes(d, s.ID)
		if tr.Error != "" {
			failed++
		}
		res = append(res, DetectResult{ID: s.ID, Ref: Name(s.Source, s.Number), Label: s.Label, ThemeResult: tr})
		if progress != nil {
			progress(i+1, len(sel.Problems))
		}
	}
	if failed > 0 {
		return res, fmt.Errorf("%d of %d problems failed (see the error column)", failed, len(res))
	}
	return res, nil
}

// DetectMany detects and stores the themes of the selected problems (see
// DetectMany), as the App's one writer.
func (a *App) DetectMany(sel Selected, progress func(done, total int)) ([]DetectResult, error) {
	var res []DetectResult
	var derr error
	if err := a.write(func(d *db.DB) error { res, derr = DetectMany(d, sel, progress); return nil }); err != nil {
		return nil, err
	}
	return res, derr
}
