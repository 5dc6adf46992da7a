package solver

import (
	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// Other first moves (cooks) are settled in three passes, cheapest first,
// so that a move settled early leaves its share to the hard ones:
//
//  1. keys: a quick df-pn look at each (moves that lose or win at once),
//     beside the stated lines' checks (walkBesideKeys);
//  2. refuteKeys, after the stated lines are checked, on seven eighths of
//     what is left: the moves still open share it, on df-pn and on a
//     proof of the other side's win, each on a search of its own and on
//     a core of its own where one is free. A win found is a cook;
//  3. horizonKeys, on the rest, for the moves still open: they are
//     searched for a win as fast as the key's. A win found is a cook;
//     none found refutes the move only within the horizon (a slower win
//     is not excluded), which keeps the verdict from sound but says how
//     far the proof got. It comes last: on a move the second pass
//     settles it costs as much and proves less.

// openKey is a first move the passes have not settled, and whether the
// horizon search refuted it within the horizon, and the nodes spent on it.
type openKey struct {
	m         draughts.Move
	inHorizon bool
	nodes     int64 // spent on it in all passes (its open line's)
}

// keys is the first pass over the first moves the source does not state.
// The moves it leaves open wait in v.open.
func (v *verifier[P, M]) keys(ns []*problems.Node) {
	q := v.root
	st := stated(q, ns)
	if len(st) > 0 {
		v.key = &st[0]
		v.rep.Key = q.Rules.FormatMove(st[0], true)
	}
	others := unstated(q, st)
	for i, m := range others {
		c := v.childOf(q, m)
		// Each move gets a 32nd of what is left divided by the moves
		// still to look at, as a share of the whole budget (see scale):
		// moves looked at on a shared table settle more cheaply than in
		// the rounds' forks (V with the 4-piece tables: sound in 4.1 M
		// nodes, against unproven at 5 M on a quarter's shares).
		if out, spent := v.refuteAt(&c, 1, max(16*2*(len(others)-i)*v.overDefault()/max(v.scale, 1), 1)); out != unknown {
			v.keyOutcome(q, m, &c, out)
		} else {
			v.open = append(v.open, openKey{m: m, nodes: spent})
		}
	}
}

// firstLookNodes is the budget whose shares the first look at the other
// first moves gets, whatever the budget (see overDefault).
const firstLookNodes = 5_000_000

// overDefault is how many times the budget's nodes exceed firstLookNodes
// (at least 1): the first look gets the shares it gets on that budget,
// and a larger budget goes to the rounds, which share it among the moves
// still open. Else a larger budget cost more before a cook was found:
// Van Tenac I's repair, cooked, 1.73 M nodes on 40 M against 0.26 M on
// 5 M.
func (v *verifier[P, M]) overDefault() int {
	return max(int(v.opt.Budget.Nodes/firstLookNodes), 1)
}

// retryKeys runs the second and third passes on the moves the first left
// open, and lists those still open in the report.
func (v *verifier[P, M]) retryKeys() {
	open := v.open
	v.open = nil
	if v.bound > 0 {
		// A cook settles the verdict, but the moves left open are still
		// listed: the report says what was not decided.
		if !v.cooked(open) {
			open = v.boundedRetry(open)
		}
		for _, k := range open {
			v.rep.Undecided = append(v.rep.Undecided, v.root.Rules.FormatMove(k.m, true))
			v.rep.UndecidedLines = append(v.rep.UndecidedLines, v.explainKey(k))
		}
		return
	}
	if !v.cooked(open) {
		v.s.shareOf(7, 8, func() { open = v.refuteKeys(open) })
		if !v.cooked(open) {
			open = v.horizonKeys(open)
			// What the horizon search left goes back to the rounds: a
			// move refuted outright there leaves the report's open moves.
			if len(open) > 0 && !v.hasCook() && v.s.lim.maxNodes-v.s.lim.nodes >= minRound {
				open = v.refuteKeys(open)
			}
		}
	}
	for _, k := range open {
		name := v.root.Rules.FormatMove(k.m, true)
		if k.inHorizon {
			v.rep.InHorizon = append(v.rep.InHorizon, name)
		} else {
			v.rep.Undecided = append(v.rep.Undecided, name)
			v.rep.UndecidedLines = append(v.rep.UndecidedLines, v.explainKey(k))
		}
	}
	if len(v.rep.InHorizon) == 0 {
		v.rep.Horizon = 0
	}
}

// hasCook reports a cook proven. Without a stated solution every winning
// first move is listed as a cook, and one of them is the key: it takes
// two to cook the problem.
func (v *verifier[P, M]) hasCook() bool {
	if v.key == nil {
		return len(v.rep.Cooks) > 1
	}
	return len(v.rep.Cooks) > 0
}

// cooked reports whether a cook is already proven while moves are still
// open: another cook would not change the verdict, so they are left.
func (v *verifier[P, M]) cooked(open []openKey) bool {
	if !v.hasCook() || len(open) == 0 {
		return false
	}
	v.rep.Notes = append(v.rep.Notes, "the first moves left open were not searched further: the problem is cooked already")
	return true
}

// horizonKeys is the third pass: the horizon is the key's win plus the
// slack, so that a move it refutes is one that cannot win as fast as the
// key. It returns the moves that are not cooks.
func (v *verifier[P, M]) horizonKeys(open []openKey) []openKey {
	horizon := 0
	if len(open) > 0 && v.key != nil && !v.drawing() {
		horizon = v.keyHorizon(v.root, *v.key)
	}
	if horizon == 0 {
		return open
	}
	v.rep.Horizon = horizon
	var rest []openKey
	for i, k := range open {
		c := v.childOf(v.root, k.m)
		out, spent := v.withinHorizon(&c, horizon, len(open)-i)
		k.nodes += spent
		switch out {
		case proven:
			v.keyOutcome(v.root, k.m, &c, proven)
			continue
		case disproven:
			k.inHorizon = true
		}
		rest = append(rest, k)
	}
	return rest
}

// refuteKeys is the second pass, in rounds on a growing part of what is
// left (a quarter, a half, then all of it for as long as some is left):
// the moves that settle cheaply drop out before the hard ones have taken
// large shares, what a settled move did not use goes to the others in
// the next round, and each round resumes from the tables the last one
// filled. A cook ends the rounds (another would not change the verdict).
// The first round is df-pn's alone (see refuteKey). It returns the moves
// still open.
func (v *verifier[P, M]) refuteKeys(open []openKey) []openKey {
	for parts := 4; len(open) > 0 && !v.hasCook() && !v.s.lim.stopped; parts = max(parts/2, 1) {
		var outs []outcome
		var each []int64
		spent := v.s.share(parts, func() { outs, each = v.refuteRound(open, parts < 4) })
		// The settled moves' evidence (a cook's proof) is written on
		// what the round left, not on the round's last share.
		var still []openKey
		for i, k := range open {
			k.nodes += each[i]
			if outs[i] == unknown {
				still = append(still, k)
				continue
			}
			c := v.childOf(v.root, k.m)
			v.keyOutcome(v.root, k.m, &c, outs[i])
		}
		open = still
		if spent < minRound {
			break // the budget is spent (or too little is left to settle anything)
		}
	}
	return open
}

// minRound is the fewest nodes a round of refuteKeys must spend for
// another to follow.
const minRound = 1024

// refuteRound shares the current budget equally among the open moves and
// returns each one's outcome and nodes; opp lets refuteKey try the other side's
// win. Two or more run at once, each on a fork of the searches (see
// search.fork); one runs on the searches themselves.
func (v *verifier[P, M]) refuteRound(open []openKey, opp bool) ([]outcome, []int64) {
	outs, spent := make([]outcome, len(open)), make([]int64, len(open))
	if len(open) == 1 {
		c := v.childOf(v.root, open[0].m)
		before := v.s.lim.nodes
		outs[0] = v.refuteKey(&c, opp)
		spent[0] = v.s.lim.nodes - before
		return outs, spent
	}
	if opp {
		v.ensureOpp()
	}
	each := (v.s.lim.maxNodes - v.s.lim.nodes) / int64(len(open))
	forks := make([]*verifier[P, M], len(open))
	for i := range forks {
		forks[i] = v.fork(each, len(open))
	}
	lim := v.s.lim
	v.opt.Cores.each(len(open), func(i int) {
		forks[i].s.lim.deadline = lim.partDeadline(1, v.opt.Cores.runs(len(open)-i))
		c := forks[i].childOf(v.root, open[i].m)
		outs[i] = forks[i].refuteKey(&c, opp)
	})
	for i, f := range forks {
		spent[i] = f.s.lim.nodes
		v.join(f)
	}
	return outs, spent
}

// fork returns a verifier for one of k parts of a round that run at once,
// on nodes of the budget and a kth of the forks' memory. Its report is scratch:
// a round's forks only return outcomes.
func (v *verifier[P, M]) fork(nodes int64, k int) *verifier[P, M] {
	f := &verifier[P, M]{rep: &verdict.Report{}, opt: v.opt, root: v.root, key: v.key, bound: v.bound}
	f.s = v.s.fork(nodes, max(v.forkMB*4/5/k, 1))
	if v.opp != nil {
		f.opp = v.opp.fork(0, max(v.forkMB/5/k, 1))
		f.opp.lim = f.s.lim
	}
	return f
}

// join takes back what a fork learnt and spent.
func (v *verifier[P, M]) join(f *verifier[P, M]) {
	v.s.absorb(f.s)
	if f.opp != nil {
		v.opp.absorb(f.opp)
	}
	v.s.lim.merge(f.s.lim)
}

// keyHorizon is the stated key's win plus the slack. The key's exact
// shortest win is tried on a share (its last, failing iteration is
// exhaustive and often dear); else the length of a df-pn proof of the
// key, an upper bound, which keeps the statement true with a wider
// horizon; else none (0).
func (v *verifier[P, M]) keyHorizon(q draughts.Position, key draughts.Move) int {
	c := v.childOf(q, key)
	var d int
	var found bool
	v.s.share(4, func() { d, found, _ = v.s.shortest(&c, ShortestCap-1, false) })
	if found {
		v.rep.KeyPlies = d + 1
		return d + 1 + v.opt.Slack
	}
	var ok bool
	v.s.share(4, func() {
		if v.s.prove(&c) == proven {
			d, ok = v.s.proofDepth(&c)
		}
	})
	if ok {
		v.rep.KeyPliesAtMost = d + 1
		return d + 1 + v.opt.Slack
	}
	// No length of the key's win is known: a horizon of the stated line's
	// length might be shorter than the key's own win and prove nothing.
	v.rep.Notes = append(v.rep.Notes, "no horizon for other first moves: the length of the key's win is not known")
	return 0
}

// refuteKey settles c (after a first move) on the current share. With opp
// and the goal win, what df-pn leaves of it goes to the other side's win:
// with kings on the board that proof is sometimes much smaller than
// df-pn's disproof of the attacker's win, whose lines only end in
// repetitions. The first round goes without it: a move df-pn fails to
// settle there is most often settled in the next round on the tables it
// filled, and the quarter given to the other side was lost (make report's
// budget, 4-piece tables: III 7.4 M nodes to 6.6 M, IV 6.7 M to 5.9 M;
// 5-piece tables: IV 0.93 M to 0.87 M; the bundled problems' other first
// moves never fell to the other side's win in the first round).
func (v *verifier[P, M]) refuteKey(c *child[P, M], opp bool) (out outcome) {
	if !opp {
		out, _ = v.settle(c, 1)
		return out
	}
	v.s.shareOf(3, 4, func() { out, _ = v.settle(c, 1) })
	if out == unknown && v.s.goal.Kind == GoalWin && v.opponentWins(c) {
		out = disproven
	}
	return out
}

// opponentWins proves, on what is left of the current share, that the
// side the searches defend for forces a win from c. Its search has its own
// tables (the values are the other side's).
func (v *verifier[P, M]) opponentWins(c *child[P, M]) bool {
	v.ensureOpp()
	v.opp.lim = v.s.lim
	oc := v.opp.at(c.q, false)
	return v.opp.prove(&oc) == proven
}

// ensureOpp makes the other side's search, on a quarter of the memory of
// the verifier's own. It is made before a round that uses it forks, so
// that every fork has one of its own.
func (v *verifier[P, M]) ensureOpp() {
	if v.opp == nil && v.s.goal.Kind == GoalWin {
		v.opp = newSearch(v.s.g, from(v.s.g, v.root), v.s.attacker.Opponent(), Win, v.s.lim, max(v.s.memMB/4, 1))
		v.opp.tablesOf(v.s)
	}
}

// withinHorizon searches c (after a first move) for a win within the
// horizon on a 1/parts share: proven is a cook's proof, disproven a
// refutation within the horizon only.
func (v *verifier[P, M]) withinHorizon(c *child[P, M], horizon, parts int) (outcome, int64) {
	var w, ok bool
	spent := v.s.share(parts, func() { w, ok = v.s.refute(c, horizon-1) })
	switch {
	case ok && w:
		return proven, spent
	case ok:
		return disproven, spent
	}
	return unknown, spent
}

// keyOutcome records a settled first move m.
func (v *verifier[P, M]) keyOutcome(q draughts.Position, m draughts.Move, c *child[P, M], out outcome) {
	name := q.Rules.FormatMove(m, true)
	switch {
	case v.drawing() && out == disproven:
		// The opponent has no win after this move either: another draw.
		v.rep.Keys = append(v.rep.Keys, name)
		v.rep.Cooks = append(v.rep.Cooks, verdict.Cook{Move: name})
	case !v.drawing() && out == proven:
		v.rep.Keys = append(v.rep.Keys, name)
		ans, plies, exact := v.answerAt(c, 1, true)
		cook := verdict.Cook{Move: name, Proof: prefixed(q, m, ans)}
		if exact {
			cook.Plies = plies + 1
		}
		v.rep.Cooks = append(v.rep.Cooks, cook)
	}
}
