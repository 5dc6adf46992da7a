package draughts

import "fmt"

// Engine is the contract every move generator of metz keeps: what the
// solver's searches, the endgame-table builders and perft need from a rule
// system, on positions of type P and moves of type M. P and M are plain
// values (a search keeps them in reused buffers). The generic engine of
// this package (Generic) is one implementation and the reference of the
// others (draughts/bitboard for 10x10, draughts/bitboard8 for boards of at
// most 64 cells, draughts/bitboard12 for two-word boards); package
// draughts/engines chooses the fastest one for a rule system.
//
// Moves are merged by effect (Drop mode): two capture paths with the same
// origin, destination, captured pieces and crowning are one move.
//
// An Engine may keep scratch space: one goroutine uses one Engine, and
// Fork returns one for another goroutine.
type Engine[P, M any] interface {
	// Rules is the rule system the engine plays.
	Rules() *Rules
	// FromGeneric converts a position of this package; it fails when the
	// position is not on the engine's board.
	FromGeneric(q Position) (P, error)
	// ToGeneric converts back, for FENs, diagrams and reports.
	ToGeneric(q P) Position
	// AppendMoves appends q's legal moves to buf.
	AppendMoves(q P, buf []M) []M
	// CountMoves returns len(AppendMoves) and whether the moves capture.
	CountMoves(q P) (n int, capture bool)
	IsCapture(m M) bool
	// Play returns the position after m, a legal move of q.
	Play(q P, m M) P
	// Hash is a Zobrist hash of q (of this engine's keys: hashes of two
	// engines are not comparable).
	Hash(q P) uint64
	// HashAfter returns Hash(Play(q, m)) from h = Hash(q), without playing.
	HashAfter(q P, h uint64, m M) uint64
	// Turn is the side to move.
	Turn(q P) Color
	// Promotes reports whether m crowns the man it moves.
	Promotes(q P, m M) bool
	// Material counts the men and kings of each colour.
	Material(q P) (wm, wk, bm, bk int)
	// GenericMove returns this package's move with the same effect as m
	// (with its capture path), or false if m is not legal in q.
	GenericMove(q P, m M) (Move, bool)
	// Fork returns the engine for another goroutine.
	Fork() Engine[P, M]
}

// Generic returns this package's engine for r, which plays every rule
// system: the slowest, and the specification of the others.
func Generic(r *Rules) Engine[Position, Move] { return generic{r} }

// generic is Position's methods seen through the contract.
type generic struct{ r *Rules }

func (g generic) Rules() *Rules                           { return g.r }
func (g generic) Fork() Engine[Position, Move]            { return g }
func (g generic) ToGeneric(q Position) Position           { return q }
func (g generic) AppendMoves(q Position, b []Move) []Move { return q.AppendMoves(b) }
func (g generic) CountMoves(q Position) (int, bool)       { return q.CountMoves() }
func (g generic) IsCapture(m Move) bool                   { return m.IsCapture() }
func (g generic) Play(q Position, m Move) Position        { return q.Play(m) }
func (g generic) Hash(q Position) uint64                  { return q.Hash() }
func (g generic) Turn(q Position) Color                   { return q.Turn }
func (g generic) Promotes(_ Position, m Move) bool        { return m.Promotes }
func (g generic) Material(q Position) (int, int, int, int) {
	return q.Material()
}
func (g generic) GenericMove(_ Position, m Move) (Move, bool) { return m, true }

func (g generic) HashAfter(q Position, h uint64, m Move) uint64 { return q.HashAfter(h, m) }

// FromGeneric accepts positions of g's board only, as the others do.
func (g generic) FromGeneric(q Position) (Position, error) {
	if err := g.r.CheckBoard(q); err != nil {
		return Position{}, fmt.Errorf("draughts: %v", err)
	}
	q.Rules = g.r
	return q, nil
}

// PerftOf is Perft (Drop mode) with any engine: the leaf nodes depth plies
// below q. The last ply is counted with CountMoves, from the loop over the
// moves of the ply before (a call fewer per node there, the most numerous
// of the tree). One buffer per ply is allocated once.
func PerftOf[P, M any](e Engine[P, M], q P, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		n, _ := e.CountMoves(q)
		return uint64(n)
	}
	return perftOf(e, q, depth, make([][]M, depth))
}

// perftOf counts below q, depth >= 2.
func perftOf[P, M any](e Engine[P, M], q P, depth int, bufs [][]M) uint64 {
	ms := e.AppendMoves(q, bufs[depth-1][:0])
	bufs[depth-1] = ms
	var n uint64
	for _, m := range ms {
		c := e.Play(q, m)
		if depth == 2 {
			k, _ := e.CountMoves(c)
			n += uint64(k)
		} else {
			n += perftOf(e, c, depth-1, bufs)
		}
	}
	return n
}

// CheckBoard reports why q is not on r's board (another board, or a board
// of the wrong size), or nil: the first test of every engine's FromGeneric.
func (r *Rules) CheckBoard(q Position) error {
	if q.Rules == nil || !q.Rules.Geo.SameBoard(r.Geo) {
		return fmt.Errorf("position not on the board of %s", r.Name)
	}
	if len(q.Board) != r.Geo.N {
		return fmt.Errorf("board of %d squares, want %d", len(q.Board), r.Geo.N)
	}
	return nil
}

// FindMove returns q's legal move (as Moves lists it, with its path) with
// the given effect, or false: how an engine names its move in this
// package's terms. It runs the generic generator: for notation, not for
// searches.
func (q Position) FindMove(from, to int, captured [3]uint64, promotes bool) (Move, bool) {
	for _, m := range q.Moves() {
		if m.From() == from && m.To() == to && m.Promotes == promotes && m.CapturedSet() == captured {
			return m, true
		}
	}
	return Move{}, false
}

// TurnOf is the side to move of a bitboard position's WhiteToMove flag.
func TurnOf(whiteToMove bool) Color {
	if whiteToMove {
		return White
	}
	return Black
}
