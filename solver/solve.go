package solver

import (
	"time"

	"metz/draughts"
	"metz/problems"
)

// Version is recorded with every verdict so that runs can be compared.
const Version = "metz-solver/1"

// Results.
const (
	ResultWin     = "win"     // the goal is forced
	ResultLoss    = "loss"    // the opponent forces a win
	ResultDraw    = "draw"    // neither side forces a win; for gain/promote: the goal cannot be forced
	ResultUnknown = "unknown" // the budget ran out first
)

// Caps on the depth-bounded searches.
const (
	ForcingCap  = 40 // plies of the exhaustive forcing search
	ShortestCap = 60 // plies tried by the shortest-win search
)

// Solution is the answer of Solve.
type Solution struct {
	Result    string         `json:"result"`
	Goal      Goal           `json:"goal"`
	Plies     int            `json:"plies,omitempty"`     // exact length of the shortest forced win; 0 if not established
	Keys      []string       `json:"keys"`                // every first move that meets the goal (full path)
	Undecided []string       `json:"undecided,omitempty"` // first moves the budget left open
	Nodes     int64          `json:"nodes"`
	Seconds   float64        `json:"seconds"`
	Tree      *problems.Tree `json:"tree,omitempty"` // the proof: one attacker move, every defence
	Note      string         `json:"note,omitempty"`
	Rules     string         `json:"rules"`
	Budget    Budget         `json:"budget"`
}

// Solve decides the goal for the side to move in p within the budget.
func Solve(p draughts.Position, goal Goal, b Budget) *Solution {
	start := time.Now()
	b = b.withDefaults()
	lim := newLimits(b)
	sol := &Solution{Goal: goal, Keys: []string{}, Rules: p.Rules.Name, Budget: b}
	if goal.Kind == GoalDraw {
		solveDraw(p, lim, b, sol)
	} else {
		solveGoal(p, goal, lim, b, sol)
	}
	sol.Nodes = lim.nodes
	sol.Seconds = time.Since(start).Seconds()
	return sol
}

func solveGoal(p draughts.Position, goal Goal, lim *limits, b Budget, sol *Solution) {
	s := newSearch(p, p.Turn, goal, lim, b.MemoryMB)
	ms := p.Moves()
	out, forcedPlies := s.decide(p, ms)
	switch out {
	case disproven:
		sol.Result = ResultDraw
		if goal.Kind == GoalWin {
			sol.Result, sol.Note = opponentWins(p, lim, b)
		}
		return
	case unknown:
		sol.Result, sol.Note = ResultUnknown, "budget exhausted before a proof or a disproof"
		return
	}
	sol.Result = ResultWin
	limit := ShortestCap
	if forcedPlies > 0 {
		limit = forcedPlies
	}
	d, found, _ := s.shortest(p, ms, false, limit, false)
	if found {
		sol.Plies = d
	}
	sol.Tree = s.proofTree(p, ms, d, found)
	sol.Keys, sol.Undecided = s.keys(p, ms)
}

// decide is the whole proof attempt: the forcing search first (cheap and
// enough for most combinations), then df-pn. It returns the forcing win's
// length when the forcing search found one.
func (s *search) decide(q draughts.Position, ms []draughts.Move) (outcome, int) {
	if d, found := s.forcingWin(q, ms); found {
		return proven, d
	}
	return s.prove(q, ms, false), 0
}

// forcingWin runs the forcing search on a fifth of the remaining budget.
func (s *search) forcingWin(q draughts.Position, ms []draughts.Move) (int, bool) {
	main := s.lim
	s.lim = main.sub((main.maxNodes - main.nodes) / 5)
	d, found, _ := s.shortest(q, ms, false, ForcingCap, true)
	main.merge(s.lim)
	s.lim = main
	return d, found
}

// keys tests every first move on its own.
func (s *search) keys(q draughts.Position, ms []draughts.Move) (keys, undecided []string) {
	keys = []string{}
	cs := s.children(q, ms)
	for i, c := range cs {
		name := s.r.FormatMove(c.m, true)
		// Each move gets a fair share of what is left, so one hard
		// non-winning move cannot starve the others.
		main := s.lim
		s.lim = main.sub((main.maxNodes - main.nodes) / int64(len(cs)-i))
		out := s.prove(c.q, c.ms, c.promoted)
		main.merge(s.lim)
		s.lim = main
		switch out {
		case proven:
			keys = append(keys, name)
		case unknown:
			undecided = append(undecided, name)
		}
	}
	return keys, undecided
}

// proofTree prints the proof from q: fastest moves when the distance d is
// known, any proven move otherwise.
func (s *search) proofTree(q draughts.Position, ms []draughts.Move, d int, exact bool) *problems.Tree {
	tb := s.newTreeBuilder()
	t := &problems.Tree{Start: q.FEN()}
	if exact {
		t.Children = tb.within(q, ms, d)
	} else {
		t.Children = tb.fromTable(q, ms)
	}
	return t
}

// opponentWins settles a disproven win: does the other side force one?
func opponentWins(p draughts.Position, lim *limits, b Budget) (string, string) {
	s := newSearch(p, p.Turn.Opponent(), Win, lim, b.MemoryMB)
	switch s.prove(p, p.Moves(), false) {
	case proven:
		return ResultLoss, ""
	case disproven:
		return ResultDraw, ""
	}
	return ResultUnknown, "no forced win for the side to move (proven); whether the opponent wins is not settled within the budget"
}

// solveDraw proves that the opponent has no forced win.
func solveDraw(p draughts.Position, lim *limits, b Budget, sol *Solution) {
	s := newSearch(p, p.Turn.Opponent(), Win, lim, b.MemoryMB)
	ms := p.Moves()
	switch s.prove(p, ms, false) {
	case proven:
		sol.Result = ResultLoss
		return
	case unknown:
		sol.Result, sol.Note = ResultUnknown, "budget exhausted before a proof or a disproof"
		return
	}
	sol.Result = ResultDraw
	for _, c := range s.children(p, ms) {
		name := s.r.FormatMove(c.m, true)
		switch s.prove(c.q, c.ms, false) {
		case disproven:
			sol.Keys = append(sol.Keys, name)
		case unknown:
			sol.Undecided = append(sol.Undecided, name)
		}
	}
}
