package app

import (
	"errors"

	"metz/db"
	"metz/export"
	"metz/problems"
	"metz/solver"
	"metz/themes"
)

// ThemeResult is what the theme detector made of one problem.
type ThemeResult struct {
	Themes  []problems.Theme `json:"themes"`
	Skipped string           `json:"skipped,omitempty"` // why nothing was analysed (no position, no solution)
	Error   string           `json:"error,omitempty"`
}

// DetectThemes detects and stores the themes of one stored problem, in its
// stated lines and in the lines its latest verdict added. One bad record
// is reported in the result, not as an error, so that the others go on.
func DetectThemes(d *db.DB, id int64) (*problems.Problem, ThemeResult) {
	p, err := d.Get(id)
	if err != nil {
		return nil, ThemeResult{Themes: []problems.Theme{}, Error: err.Error()}
	}
	l, err := LatestVerdict(d, id)
	if err != nil {
		return p, ThemeResult{Themes: []problems.Theme{}, Error: err.Error()}
	}
	return p, detectAndStore(d, p, l.Report)
}

// detectAndStore finds the themes of p's stated solution together with
// the lines rep proved (nil: the stated lines only) and stores them as
// the problem's detected themes, replacing an earlier run's. Nothing to
// analyse leaves the earlier run's themes: nothing new was learnt.
func detectAndStore(d *db.DB, p *problems.Problem, rep *solver.Report) ThemeResult {
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
func withSolverLines(p *problems.Problem, rep *solver.Report) *problems.Problem {
	if rep == nil || p.FEN == "" {
		return p
	}
	tree, _ := export.Verified(p, EvidenceOf(rep), export.English)
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
