package solver

import "metz/draughts"

// search holds what every search of one goal shares: who attacks, the goal,
// the budget and the tables.
type search struct {
	r        *draughts.Rules
	attacker draughts.Color
	goal     Goal // never GoalDraw: a draw is proven as "the other side has no win"
	rootBal  int  // balance at the root, for GoalGain
	lim      *limits
	tt       *table
	bounded  map[uint64]bound // "win within d" results (bounded.go)
	forced   map[uint64]bound // the same restricted to forcing moves
	boundCap int              // entries allowed in each bounded map
	path     map[uint64]bool  // positions on the current df-pn path
	maxPath  int              // df-pn depth at which a line is cut (reported, never "disproven")
	evictedB int64            // bounded-table clearings
}

func newSearch(root draughts.Position, attacker draughts.Color, goal Goal, lim *limits, memMB int) *search {
	// Half of the memory for the df-pn table, the rest for the two bounded tables.
	ttMB := max(memMB/2, 1)
	boundCap := max(memMB<<20/4/48, 1024) // ~48 bytes per map entry with overhead
	return &search{r: root.Rules, attacker: attacker, goal: goal, rootBal: balance(root, attacker),
		lim: lim, tt: tableForMB(ttMB), bounded: map[uint64]bound{}, forced: map[uint64]bound{},
		boundCap: boundCap, path: map[uint64]bool{}, maxPath: 400}
}

// status is the value of a position known without search.
type status uint8

const (
	open status = iota // must be searched
	won                // the goal is met
	lost               // the goal can no longer be met here (game over)
)

// statusOf judges q with its legal moves ms; promoted says the move that
// led here was an attacker's crowning.
func (s *search) statusOf(q draughts.Position, ms []draughts.Move, promoted bool) status {
	if s.goal.Kind == GoalPromote && promoted {
		return won
	}
	if len(ms) == 0 {
		// The side to move cannot play: it has lost, or won under qui perd gagne.
		attackerWins := (q.Turn != s.attacker) != s.r.LosingGame
		if attackerWins && s.goal.Kind != GoalPromote {
			return won
		}
		return lost
	}
	if s.goal.Kind == GoalGain && !ms[0].IsCapture() && balance(q, s.attacker)-s.rootBal >= s.goal.N {
		return won
	}
	return open
}

// isOr reports whether the attacker is to move in q.
func (s *search) isOr(q draughts.Position) bool { return q.Turn == s.attacker }

// promotes reports whether m, played in q, is an attacker's crowning.
func (s *search) promotes(q draughts.Position, m draughts.Move) bool {
	return m.Promotes && q.Turn == s.attacker
}
