package solver

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"metz/draughts"
	"metz/problems"
)

// Options tune Verify.
type Options struct {
	Budget Budget
	// Slack is how many plies beyond the stated key's shortest win another
	// first move is searched for a win when df-pn cannot settle it (the
	// cook horizon). Default 4.
	Slack int
	// NoRepairs stops misprint repairs (used when verifying a repair).
	NoRepairs bool
}

// verifier carries one verification.
type verifier struct {
	rep  *Report
	s    *search
	opt  Options
	root draughts.Position
}

// Verify judges a problem's stated solution (verification.md §2–3). It is a
// pure function of the record and the options: the record is not modified.
func Verify(p *problems.Problem, opt Options) *Report {
	start := time.Now()
	opt.Budget = opt.Budget.withDefaults()
	if opt.Slack <= 0 {
		opt.Slack = 4
	}
	rep := &Report{ProblemID: p.ID, Label: p.Label, Rules: p.Rules, Goal: p.Stipulation,
		SolverVersion: Version, Budget: opt.Budget}
	lim := newLimits(opt.Budget)
	verify(p, opt, rep, lim)
	rep.ProofNodes = lim.nodes
	rep.Seconds = time.Since(start).Seconds()
	return rep
}

func verify(p *problems.Problem, opt Options, rep *Report, lim *limits) {
	if !p.HasPosition() {
		rep.Verdict = NoPosition
		return
	}
	pos, goal, err := setup(p)
	if err != nil {
		rep.Verdict, rep.Notes = NoPosition, append(rep.Notes, err.Error())
		return
	}
	rep.Rules, rep.Goal = pos.Rules.Name, goal.String()
	if goal.Kind == GoalDraw {
		rep.Verdict, rep.Notes = Unproven, append(rep.Notes, "draw stipulations are solved (metz solve --goal draw) but not verified line by line yet")
		return
	}
	v := &verifier{rep: rep, s: newSearch(pos, pos.Turn, goal, lim, opt.Budget.MemoryMB), opt: opt, root: pos}
	if p.Solution == nil || len(p.Solution.Children) == 0 {
		rep.Notes = append(rep.Notes, "no stated solution: only the keys are searched")
		v.keys(nil)
		rep.Verdict = v.verdictWithoutSolution()
		return
	}
	if !v.replay(p.Solution) {
		rep.Verdict = Misprint
		if !opt.NoRepairs {
			v.repairs(p)
		}
		return
	}
	v.keys(p.Solution.Children)
	v.walk(pos, p.Solution.Children, nil, nil)
	rep.Verdict = v.verdict()
}

func setup(p *problems.Problem) (draughts.Position, Goal, error) {
	r, err := draughts.RulesByName(p.Rules)
	if err != nil {
		return draughts.Position{}, Goal{}, err
	}
	pos, err := draughts.ParseFEN(r, p.FEN)
	if err != nil {
		return draughts.Position{}, Goal{}, fmt.Errorf("position: %w", err)
	}
	goal, err := ParseGoal(p.Stipulation)
	return pos, goal, err
}

func (v *verifier) verdict() string {
	r := v.rep
	r.Dual = len(r.Duals) > 0
	if r.Refutation == nil && len(r.Unproven) == 0 && r.Key != "" {
		r.Keys = append([]string{r.Key}, r.Keys...)
	}
	switch {
	case r.Refutation != nil:
		return Unsound
	case len(r.Cooks) > 0 && len(r.Unproven) == 0:
		return Cooked
	case len(r.Unproven) > 0 || len(r.Undecided) > 0:
		return Unproven
	case len(r.Omitted) > 0:
		return SoundIncomplete
	}
	return Sound
}

func (v *verifier) verdictWithoutSolution() string {
	switch r := v.rep; {
	case len(r.Keys) > 1:
		return Cooked
	case len(r.Keys) == 0 && len(r.Undecided) == 0:
		r.Refutation = &Refutation{Note: "no first move meets the goal"}
		return Unsound
	case len(r.Undecided) > 0:
		return Unproven
	}
	return Sound
}

// pathString writes a node path 1-based: "1.2.1".
func pathString(path []int) string {
	parts := make([]string, len(path))
	for i, k := range path {
		parts[i] = strconv.Itoa(k + 1)
	}
	return strings.Join(parts, ".")
}

func extend(path []int, i int) []int { return append(append([]int(nil), path...), i) }

func extendLine(line []string, s string) []string { return append(append([]string(nil), line...), s) }

// share runs f on a 1/parts slice of the remaining budget and returns the
// nodes it spent.
func (v *verifier) share(parts int, f func()) int64 {
	main := v.s.lim
	v.s.lim = main.sub((main.maxNodes - main.nodes) / int64(max(parts, 1)))
	f()
	spent := v.s.lim.nodes
	main.merge(v.s.lim)
	v.s.lim = main
	return spent
}

// settle decides whether the attacker meets the goal from q: the forcing
// search, then df-pn, on a share of the budget.
func (v *verifier) settle(q draughts.Position, ms []draughts.Move, promoted bool, parts int) (out outcome, spent int64) {
	spent = v.share(parts, func() {
		switch v.s.statusOf(q, ms, promoted) {
		case won:
			out = proven
			return
		case lost:
			out = disproven
			return
		}
		if _, found, _ := v.s.shortest(q, ms, promoted, ForcingCap, true); found {
			out = proven
			return
		}
		out = v.s.prove(q, ms, promoted)
	})
	return out, spent
}

// answer is the solver's proof from q, for the report.
func (v *verifier) answer(q draughts.Position, ms []draughts.Move, promoted bool) (*problems.Tree, int) {
	var t *problems.Tree
	plies := 0
	v.share(4, func() {
		d, found, _ := v.s.shortest(q, ms, promoted, ShortestCap, false)
		if found {
			plies = d
		}
		t = v.s.proofTree(q, ms, d, found)
	})
	return t, plies
}
