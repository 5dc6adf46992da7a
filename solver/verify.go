package solver

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"metz/draughts"
	"metz/problems"
	"metz/tables"
	"metz/verdict"
)

// Options tune Verify.
type Options struct {
	Budget verdict.Budget
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
	// Tables are the endgame tables the searches read at the leaves (win
	// goals), and build as they meet small endings (see useTables): the
	// program's one handle, whose system of the position's rules the
	// searches use. Nil is no tables at all: every position is searched,
	// even the smallest endings.
	Tables *tables.Tables
	// NoTables searches without tables whatever Tables holds (for
	// comparisons, and the tests of the searches).
	NoTables bool
	// Cores lends the verification the cores it may use beside its own
	// (nil: it runs on the calling goroutine alone). The report is the
	// same either way.
	Cores *Cores
}

// verifier carries one verification. The stated tree is replayed with the
// generic engine (it reads the book's notation); the searches run in the
// game g.
type verifier[P, M any] struct {
	rep  *verdict.Report
	s    *search[P, M]
	acct verdict.Work   // nodes per part of the work
	ends int            // ends of stated lines not yet proven (walkWin)
	key  *draughts.Move // the stated key, if any
	open []openKey      // first moves the first pass left open (keys.go)
	// pending are the places left open on their share (an end of a
	// line, an omitted defence), for what the other parts leave
	// (retryOpen).
	pending   []openPlace
	dualSites []dualSite    // where duals are searched, last (runDuals)
	opp       *search[P, M] // the other side's win, to refute first moves (keys.go)
	// forkMB is the memory the forks of one round share (refuteRound).
	forkMB int
	// scale is how many times the whole budget exceeds this verifier's
	// (0 or 1: it has the whole), so that the first look at the first
	// moves gets the same shares whichever has it (keys).
	scale int
	opt   Options
	root  draughts.Position
	// bound is the goal's bound in plies from the start (0: none): every
	// search then asks for the goal within what it leaves (within.go).
	bound int
	// tree is the stated tree as walked (cut where each line meets the
	// goal); dead the places of it whose printed move fails, each
	// abandoned below; mended the move found to work at each place
	// where a printed one fails (mend.go).
	tree   []*problems.Node
	dead   []string
	mended map[string]mended
}

// Verify judges a problem's stated solution (verification.md §2–3). It is a
// pure function of the record and the options: the record is not modified.
func Verify(p *problems.Problem, opt Options) *verdict.Report {
	opt.Budget = opt.Budget.WithDefaults()
	if opt.Slack <= 0 {
		opt.Slack = 4
	}
	rep := &verdict.Report{ProblemID: p.ID, Label: p.Label, Rules: p.RulesName(), Goal: p.Stipulation.String(),
		SolverVersion: Version, Budget: opt.Budget}
	opt.Cores.acquire()
	defer opt.Cores.release()
	// The clock starts with the work: a problem that waited for a core
	// in a batch reports what it spent, not its place in the queue.
	start := time.Now()
	lim := newLimits(opt.Budget)
	verify(p, opt, rep, lim)
	rep.ProofNodes = lim.nodes
	rep.Seconds = time.Since(start).Seconds()
	return rep
}

func verify(p *problems.Problem, opt Options, rep *verdict.Report, lim *limits) {
	if !p.HasPosition() {
		rep.Verdict = verdict.NoPosition
		return
	}
	pos, goal, err := setup(p)
	if err != nil {
		rep.Verdict, rep.Notes = verdict.NoPosition, append(rep.Notes, err.Error())
		return
	}
	rep.Rules = pos.Rules.Name
	j := job{pos: pos, goal: goal, opt: opt, prob: p, rep: rep, lim: lim}
	j.run()
}

func verifyIn[P, M any](g game[P, M], p *problems.Problem, pos draughts.Position, goal Goal, opt Options, rep *verdict.Report, lim *limits) {
	if goal.Kind == GoalLoss {
		verifyLoss(g, p, pos, opt, rep, lim)
		return
	}
	attacker := pos.Turn
	if goal.Kind == GoalDraw {
		// A draw holds when the other side has no forced win: its win is
		// what the searches try, and must fail.
		attacker, goal = pos.Turn.Opponent(), Win
	}
	var ns []*problems.Node
	var facts lineFacts
	literal := false
	if p.Solution != nil {
		ns = p.Solution.Children
		facts = mainLine(pos, p.Solution, attacker)
		if attacker == pos.Turn {
			var derived bool
			stated := goal
			goal, derived, literal = impliedGoal(pos, p.Solution, facts, goal, opt.Slack)
			if derived {
				rep.Stated = stated.String()
			}
		}
	}
	rep.Goal = goal.String()
	if attacker != pos.Turn {
		rep.Goal = Goal{Kind: GoalDraw}.String()
	}
	// The stated lines and the other first moves run at once when both
	// are to be searched; the memory is split so that the searches and
	// the forks of the rounds (keys.go) never hold more than the budget.
	beside := len(ns) > 0 && !opt.VerdictOnly && len(unstated(pos, stated(pos, ns))) > 0
	mem, forkMB := memorySplit(opt.Budget.MemoryMB, beside)
	v := &verifier[P, M]{rep: rep, s: newSearch(g, from(g, pos), attacker, goal, lim, mem), opt: opt, root: pos, forkMB: forkMB, bound: goal.Within,
		mended: map[string]mended{}}
	sys := tablesFor(pos.Rules, opt)
	var sliced int64
	if sys != nil && sys.Rules().Name != draughts.International.Name {
		// As solve does: an 8x8 root readies the tables it reaches
		// (tables.System.Slice); the international verifications build
		// whole tables as their searches meet them.
		sliced = sys.Slice(pos, rootLimit(sys, opt.Budget.MemoryMB))
	}
	v.s.useTables(sys)
	defer func() {
		rep.TableHits, rep.TablesBuilt, rep.TablesUnsaved = rep.TableHits+v.tableHits(), sliced+v.s.built.Load(), v.s.unsaved.Load()
	}()
	if len(ns) == 0 {
		rep.Notes = append(rep.Notes, "no stated solution: only the keys are searched")
		v.keys(nil)
		v.retryKeys()
		rep.Verdict = v.verdictWithoutSolution()
		rep.Within, rep.Stipulation = goal.Within, describe(rep, goal, facts)
		return
	}
	if !replay(pos, p.Solution, rep) {
		rep.Verdict = verdict.Misprint
		if !opt.NoRepairs {
			v.repairs(p)
			v.diagramRepairs(p)
		}
		return
	}
	if !v.drawing() {
		ns = v.cutAtGoal(pos, ns, nil)
	}
	v.tree = ns
	v.ends = countEnds(ns)
	switch {
	case beside:
		v.walkBesideKeys(pos, ns)
	case opt.VerdictOnly:
		// The first moves wait for the stated lines (a refutation there
		// settles the verdict) and are not searched after one, nor after
		// a place left open: the verdict is then unproven whatever they
		// give.
		v.walk(pos, ns, nil, nil, false)
		v.retryOpen()
		if !v.refutedEnough() && len(v.rep.Unproven) == 0 {
			v.spend(&v.acct.Keys, func() { v.keys(ns) })
			v.spend(&v.acct.Keys, v.retryKeys)
		}
	default:
		v.spend(&v.acct.Keys, func() { v.keys(ns) })
		v.walk(pos, ns, nil, nil, false)
		v.spend(&v.acct.Keys, v.retryKeys)
		v.retryOpen()
		v.runDuals()
	}
	rep.Verdict = v.verdict()
	v.s.explainUnproven(rep)
	rep.Work = &v.acct
	rep.Within = goal.Within
	rep.Stipulation = describe(rep, goal, facts)
	if literal {
		rep.Claim = v.claim(facts.end, attacker)
	}
	if rep.Verdict == verdict.Unproven {
		rep.Notes = append(rep.Notes, workNote(v.acct, lim))
	}
}

// memorySplit divides a verification's memory budget of mb: what its own
// search gets, and what the forks of one round share (the other side's
// search gets a quarter of its parent's: keys.go). Without beside the one
// search and its opponent take half, the forks the other half. With
// beside, the walk's search takes three quarters while the keys'
// verifier has a quarter for its first look; the walk gives them back
// before the rounds, which then share the memory as without beside
// (walkBesideKeys).
func memorySplit(mb int, beside bool) (own, forks int) {
	if beside {
		return max(mb*3/4, 1), 0
	}
	return max(mb*2/5, 1), max(mb/2, 1)
}

// keysPart: the other first moves' first look runs on 1/keysPart of the
// budget beside the stated lines.
const keysPart = 4

// walkBesideKeys checks the stated lines on three quarters of the budget
// while a verifier of its own gives the other first moves their first,
// cheap look (keys) on the last quarter; the rest of their work, whose
// rounds fork one search per open move (refuteRound), gets what both
// left. The stated lines come first: the verdict rests on them. The parts
// are fixed, not first come first served, so that the report does not
// depend on which part runs faster. (Running the rounds beside the walk
// too was tried: on a fixed quarter their shares are smaller, and III
// took 1.48 M nodes instead of 1.11 M.)
func (v *verifier[P, M]) walkBesideKeys(pos draughts.Position, ns []*problems.Node) {
	// The keys search nothing the walk does (measured: the same nodes
	// either way), so their verifier has tables of its own.
	left := v.s.lim.maxNodes - v.s.lim.nodes
	lim := v.s.lim.detached(left / keysPart)
	kv := &verifier[P, M]{rep: &verdict.Report{}, opt: v.opt, root: pos, scale: keysPart, bound: v.bound,
		s: newSearch(v.s.g.Fork(), from(v.s.g, pos), v.s.attacker, v.s.goal, lim, max(v.opt.Budget.MemoryMB/5, 1))}
	kv.s.tablesOf(v.s)
	v.opt.Cores.each(2, func(i int) {
		if i == 0 {
			v.s.shareOf(3, 4, func() { v.walk(pos, ns, nil, nil, false) })
			return
		}
		kv.keys(ns)
	})
	v.acct.Keys += lim.nodes
	v.s.lim.merge(lim)
	// The walk's memory goes to the first moves: their own search grows
	// to the share it has when it runs alone and takes what the walk
	// learnt (a few milliseconds; what it saves was not measured apart),
	// their forks get the rest.
	kv.s.growTo(max(v.opt.Budget.MemoryMB*2/5, 1))
	kv.s.takeTables(v.s)
	v.s.dropTables() // (kv.opp is made in the rounds, at a quarter of kv.s's)
	kv.forkMB = max(v.opt.Budget.MemoryMB/2, 1)
	kv.s.lim = v.s.lim
	v.spend(&v.acct.Keys, kv.retryKeys)
	v.takeKeys(kv)
	// What the first moves did not need goes to the lines' unproven ends,
	// on the search that now holds every table (kv's).
	hits := kv.s.tableHit
	v.s, kv.s = kv.s, v.s
	v.retryOpen()
	v.runDuals()
	v.prune()
	v.s.explainUnproven(v.rep) // before the tables go back to the search that dropped its own
	v.s, kv.s = kv.s, v.s
	v.rep.TableHits += kv.s.tableHit - hits
}

// takeKeys copies what kv found about the first moves into v's report.
func (v *verifier[P, M]) takeKeys(kv *verifier[P, M]) {
	r, k := v.rep, kv.rep
	r.Key, r.Keys, r.Cooks = k.Key, k.Keys, k.Cooks
	r.Undecided, r.UndecidedLines, r.InHorizon, r.Horizon = k.Undecided, k.UndecidedLines, k.InHorizon, k.Horizon
	r.KeyPlies, r.KeyPliesAtMost = k.KeyPlies, k.KeyPliesAtMost
	r.Notes = append(r.Notes, k.Notes...)
	r.TableHits += kv.tableHits()
}

// tableHits is the positions the tables decided in v's searches.
func (v *verifier[P, M]) tableHits() int64 {
	n := v.s.tableHit
	if v.opp != nil {
		n += v.opp.tableHit
	}
	return n
}

// refutedEnough reports whether the work may stop: a refutation is found
// and only the verdict is asked for (it is unsound whatever else is found).
func (v *verifier[P, M]) refutedEnough() bool {
	return v.opt.VerdictOnly && v.rep.Refutation != nil
}

// drawing reports whether the problem is a draw: the searches then try the
// opponent's win, and the stated side holds when they fail.
func (v *verifier[P, M]) drawing() bool { return v.s.attacker != v.root.Turn }

// tablesFor is the tables the searches of r read: the system of r in
// opt's handle; none when it is nil or with NoTables.
func tablesFor(r *draughts.Rules, opt Options) *tables.System {
	if opt.NoTables {
		return nil
	}
	return opt.Tables.System(r)
}

// setup is the record's position and goal, read when the record came in.
func setup(p *problems.Problem) (draughts.Position, Goal, error) {
	if p.Position == nil {
		return draughts.Position{}, Goal{}, errors.New("position: the record has no diagram")
	}
	return *p.Position, p.Stipulation, nil
}

func (v *verifier[P, M]) verdict() verdict.Verdict {
	v.prune()
	r := v.rep
	r.Dual = len(r.Duals) > 0
	if r.Refutation == nil && len(r.Unproven) == 0 && r.Key != "" {
		r.Keys = append([]string{r.Key}, r.Keys...)
	}
	switch {
	case r.Refutation != nil:
		return verdict.Unsound
	case len(r.Cooks) > 0 && len(r.Unproven) == 0:
		return verdict.Cooked
	case len(r.Unproven) > 0 || len(r.Undecided) > 0 || len(r.InHorizon) > 0:
		return verdict.Unproven
	case len(r.Omitted) > 0 || len(r.LineFindings) > 0:
		return verdict.SoundIncomplete
	}
	return verdict.Sound
}

func (v *verifier[P, M]) verdictWithoutSolution() verdict.Verdict {
	switch r := v.rep; {
	case len(r.Keys) > 1:
		return verdict.Cooked
	case len(r.Keys) == 0 && len(r.Undecided) == 0:
		r.Refutation = &verdict.Refutation{Note: "no first move meets the goal"}
		return verdict.Unsound
	case len(r.Undecided) > 0 || len(r.InHorizon) > 0:
		return verdict.Unproven
	}
	return verdict.Sound
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
