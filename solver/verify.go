package solver

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"metz/draughts"
	"metz/draughts/bitboard"
	"metz/endgame"
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
	// VerdictOnly stops the work once nothing left can change the verdict:
	// after a refutation, the other first moves are not searched (a cook
	// of an unsound problem is evidence, but a repair reports its verdict
	// only).
	VerdictOnly bool
	// Tables are endgame tables read at the leaves of every search (win
	// goals, international rules); nil means the tables of up to
	// endgame.SmallPieces pieces, built in memory (endgame.Small).
	Tables *endgame.Tables
	// NoTables searches every position, even the smallest endings: no
	// tables at all (for comparisons, and the tests of the searches).
	NoTables bool
}

// verifier carries one verification. The stated tree is replayed with the
// generic engine (it reads the book's notation); the searches run in the
// game g.
type verifier[P, M any] struct {
	rep  *Report
	s    *search[P, M]
	acct Work           // nodes per part of the work
	ends int            // ends of stated lines not yet proven (walkWin)
	key  *draughts.Move // the stated key, if any
	open []openKey      // first moves the first pass left open (keys.go)
	opp  *search[P, M]  // the other side's win, to refute first moves (keys.go)
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
	opt.Tables = withSmallTables(pos.Rules, opt)
	if fastRules(pos.Rules) {
		verifyIn[bitboard.Position, bitboard.Move](newFastGame(pos.Rules), p, pos, goal, opt, rep, lim)
	} else {
		verifyIn[draughts.Position, draughts.Move](slowGame{pos.Rules}, p, pos, goal, opt, rep, lim)
	}
}

func verifyIn[P, M any](g game[P, M], p *problems.Problem, pos draughts.Position, goal Goal, opt Options, rep *Report, lim *limits) {
	attacker := pos.Turn
	if goal.Kind == GoalDraw {
		// A draw holds when the other side has no forced win: its win is
		// what the searches try, and must fail.
		attacker, goal = pos.Turn.Opponent(), Win
	}
	mem := opt.Budget.MemoryMB - oppMemory(opt.Budget.MemoryMB)
	v := &verifier[P, M]{rep: rep, s: newSearch(g, g.from(pos), attacker, goal, lim, max(mem, 1)), opt: opt, root: pos}
	v.s.useTables(opt.Tables)
	defer func() {
		rep.TableHits += v.s.tableHit
		if v.opp != nil {
			rep.TableHits += v.opp.tableHit
		}
	}()
	if p.Solution == nil || len(p.Solution.Children) == 0 {
		rep.Notes = append(rep.Notes, "no stated solution: only the keys are searched")
		v.keys(nil)
		v.retryKeys()
		rep.Verdict = v.verdictWithoutSolution()
		return
	}
	if !replay(pos, p.Solution, rep) {
		rep.Verdict = Misprint
		if !opt.NoRepairs {
			v.repairs(p)
			v.diagramRepairs(p)
		}
		return
	}
	keys := func() { v.keys(p.Solution.Children) }
	if !opt.VerdictOnly {
		v.spend(&v.acct.Keys, keys)
	}
	v.ends = countEnds(p.Solution.Children)
	v.walk(pos, p.Solution.Children, nil, nil, false)
	// The open first moves come last: the stated lines' proofs are what
	// the verdict rests on first, and these moves take whatever is left.
	// For the verdict only, the first moves wait for the stated lines (a
	// refutation there settles it) and are not searched after one.
	if !v.refutedEnough() {
		if opt.VerdictOnly {
			v.spend(&v.acct.Keys, keys)
		}
		v.spend(&v.acct.Keys, v.retryKeys)
	}
	rep.Verdict = v.verdict()
	rep.Work = &v.acct
	if rep.Verdict == Unproven {
		rep.Notes = append(rep.Notes, v.acct.note(lim))
	}
}

// refutedEnough reports whether the work may stop: a refutation is found
// and only the verdict is asked for (it is unsound whatever else is found).
func (v *verifier[P, M]) refutedEnough() bool {
	return v.opt.VerdictOnly && v.rep.Refutation != nil
}

// drawing reports whether the problem is a draw: the searches then try the
// opponent's win, and the stated side holds when they fail.
func (v *verifier[P, M]) drawing() bool { return v.s.attacker != v.root.Turn }

// withSmallTables is the tables opt asks for: its own, else (unless
// NoTables) the small in-memory ones for the rules they serve
// (international). A few hundred milliseconds once per process spare a
// search of every small king ending.
func withSmallTables(r *draughts.Rules, opt Options) *endgame.Tables {
	switch {
	case opt.NoTables:
		return nil
	case opt.Tables == nil && r.Name == draughts.International.Name:
		return endgame.Small()
	}
	return opt.Tables
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

func (v *verifier[P, M]) verdict() string {
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
	case len(r.Unproven) > 0 || len(r.Undecided) > 0 || len(r.InHorizon) > 0:
		return Unproven
	case len(r.Omitted) > 0:
		return SoundIncomplete
	}
	return Sound
}

func (v *verifier[P, M]) verdictWithoutSolution() string {
	switch r := v.rep; {
	case len(r.Keys) > 1:
		return Cooked
	case len(r.Keys) == 0 && len(r.Undecided) == 0:
		r.Refutation = &Refutation{Note: "no first move meets the goal"}
		return Unsound
	case len(r.Undecided) > 0 || len(r.InHorizon) > 0:
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

// settle decides whether the side the searches attack for meets its goal
// from q (reached by an attacker's crowning or not): the forcing search,
// then df-pn, on a 1/parts share of the budget.
func (v *verifier[P, M]) settle(c *child[P, M], parts int) (out outcome, spent int64) {
	spent = v.s.share(parts, func() {
		switch v.s.judge(c) {
		case won:
			out = proven
			return
		case lost:
			out = disproven
			return
		}
		// The forcing search is a shortcut: with kings on the board its
		// tree can be large, so it gets an eighth of the share only.
		var found bool
		v.s.share(8, func() { _, found, _ = v.s.shortest(c, ForcingCap, true) })
		if found {
			out = proven
			return
		}
		out = v.s.prove(c)
	})
	return out, spent
}

// answer is the solver's proof from c, for the report, on a quarter of
// the budget. With exact, a fastest win and its length are tried first
// (a cook's length is part of its evidence). Otherwise the proof settle
// found is printed: the forcing search's, which is how combinations answer
// an omitted defence, or df-pn's; a new search runs only when neither
// table still holds it.
func (v *verifier[P, M]) answer(c *child[P, M], exact bool) (t *problems.Tree, plies int, fastestWin bool) {
	s := v.s
	s.share(4, func() {
		if exact {
			var d int
			var found bool
			s.share(2, func() { d, found, _ = s.shortest(c, ShortestCap, false) })
			if found {
				t, plies, fastestWin = s.proofTree(c, d, fastest), d, true
				return
			}
		}
		if b, ok := s.forced.get(c.h); ok && b.win > 0 {
			t = s.proofTree(c, int(b.win), forcingOnly)
			return
		}
		if n, ok := s.tt.get(c.h); !ok || n.pn != 0 {
			var d int
			var found bool
			s.share(4, func() { d, found, _ = s.shortest(c, ForcingCap, true) })
			if found {
				t = s.proofTree(c, d, forcingOnly)
				return
			}
		}
		t = s.proofTree(c, 0, anyProof)
	})
	return t, plies, fastestWin
}
