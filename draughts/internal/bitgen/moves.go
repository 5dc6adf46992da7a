package bitgen

import "sync"

// Capturers are the pieces of the side to move that can make a first
// jump, men and kings (bitboards B). Captures are compulsory: when there
// is one, the moves are captures. Two bitboards, so that the compiler
// keeps them in registers.
type Capturers[B comparable] struct{ Men, Kings B }

// Any reports whether there is a capturer.
func (c Capturers[B]) Any() bool { return c != Capturers[B]{} }

// Captures lists the captures of c's pieces in position p into dst and
// reports how many, or that they did not fit (overflow), in which case it
// is called again with a larger dst. A nil dst stands for a list of
// SmallList on the generator's stack, to count them (CountMoves).
type Captures[E any, B comparable, P, M any] func(e E, c Capturers[B], p P, dst []M) (n int, overflow bool)

// SmallList is the capacity of the list on the stack a generator counts
// captures in (a nil dst): far above the captures of a real game, small
// enough to clear at every call.
const SmallList = 32

// SmallIfNil returns dst, or if it is nil a new list of SmallList: inlined
// in a generator's Captures, that list stays on the generator's stack.
func SmallIfNil[M any](dst []M) []M {
	if dst == nil {
		return make([]M, SmallList)
	}
	return dst
}

// Lister is the listing of moves a generator's engine E keeps for the
// contract (Generate, AppendMoves, CountMoves), written once for both
// generators: it decides between quiet moves and captures, makes room for
// them, and grows the list of captures that overflow it. It calls the
// generator's methods (given once to NewLister, into a package variable)
// indirectly: one call or two per listing, whose own work is far larger,
// while the bit arithmetic stays in each generator, written for its word.
type Lister[E any, B comparable, P, M any] struct {
	capturers     func(E, P) Capturers[B]
	quiet         func(E, P, []M) int
	countQuiet    func(E, P) int
	captures      Captures[E, B, P, M]
	countCaptures func(E, Capturers[B], P) int // set by NewLister

	pool sync.Pool // lists of captures that overflow SmallList (countInPool)
}

// NewLister returns the Lister of a generator's methods: capturers finds
// the pieces that can make a first jump, quiet lists the quiet moves (in
// MaxMoves places: they always fit) and countQuiet counts them, captures
// lists the captures.
func NewLister[E any, B comparable, P, M any](capturers func(E, P) Capturers[B], quiet func(E, P, []M) int,
	countQuiet func(E, P) int, captures Captures[E, B, P, M]) *Lister[E, B, P, M] {
	l := &Lister[E, B, P, M]{capturers: capturers, quiet: quiet, countQuiet: countQuiet, captures: captures}
	// The captures are listed, since paths with the same effect are
	// merged: first in the generator's small list, and if they overflow
	// it, in a list of the pool.
	l.countCaptures = func(e E, c Capturers[B], p P) int {
		if n, overflow := captures(e, c, p, nil); !overflow {
			return n
		}
		return l.countInPool(e, c, p)
	}
	return l
}

// Generate fills ml with p's moves (AppendMoves into ml's buffer, kept for
// the next call).
func (l *Lister[E, B, P, M]) Generate(e E, p P, ml *List[M]) {
	ml.Set(l.AppendMoves(e, p, ml.Buffer()))
}

// AppendMoves appends p's moves to buf, written in place (buf grows to
// MaxMoves free places once): the quiet moves, or, if any piece can jump,
// the captures, listed again into a grown list if they overflow.
func (l *Lister[E, B, P, M]) AppendMoves(e E, p P, buf []M) []M {
	c := l.capturers(e, p)
	buf = room(buf, MaxMoves)
	n0, dst := len(buf), buf[len(buf):len(buf)+MaxMoves]
	if !c.Any() {
		return buf[:n0+l.quiet(e, p, dst)]
	}
	if n, overflow := l.captures(e, c, p, dst); !overflow {
		return buf[:n0+n]
	}
	return appendCaptures(buf, e, c, p, l.captures)
}

// CountMoves returns the number of p's moves, whose capturers are c, and
// whether they capture. It and count are small enough for the compiler to
// inline in the generator's CountMoves, so that they add no call of their
// own: the count of the last ply is most of a perft's time.
func (l *Lister[E, B, P, M]) CountMoves(e E, c Capturers[B], p P) (n int, capture bool) {
	return count(e, c, p, l.countQuiet, l.countCaptures)
}

// count returns countCaptures' count if c has any piece, else
// countQuiet's. The functions are parameters and c is compared in place:
// calls through fields, or the call of Any, would take CountMoves over
// the compiler's budget for inlining (go build -gcflags=-m=2 says its
// cost).
func count[E any, B comparable, P any](e E, c Capturers[B], p P,
	countQuiet func(E, P) int, countCaptures func(E, Capturers[B], P) int) (int, bool) {
	if c != (Capturers[B]{}) {
		return countCaptures(e, c, p), true
	}
	return countQuiet(e, p), false
}

// countInPool returns the number of captures, listed in a list of the
// pool (grown once and then reused: several KiB, too big to clear at
// every call).
func (l *Lister[E, B, P, M]) countInPool(e E, c Capturers[B], p P) int {
	ml, _ := l.pool.Get().(*List[M])
	if ml == nil {
		ml = new(List[M])
	}
	ml.moves = appendCaptures(ml.moves[:0], e, c, p, l.captures)
	n := len(ml.moves)
	l.pool.Put(ml)
	return n
}

// appendCaptures appends the captures to buf, written in place: buf grows
// to MaxMoves free places, or to all its capacity, and is doubled until
// they fit. A search's buffers reach their size once and are then reused,
// so that no call allocates after the first.
func appendCaptures[E any, B comparable, P, M any](buf []M, e E, c Capturers[B], p P, captures Captures[E, B, P, M]) []M {
	n0 := len(buf)
	for size := max(MaxMoves, cap(buf)-n0); ; size *= 2 {
		buf = room(buf, size)
		if n, overflow := captures(e, c, p, buf[n0:n0+size]); !overflow {
			return buf[:n0+n]
		}
	}
}

// room returns buf with at least size free places after its length.
func room[M any](buf []M, size int) []M {
	if n := len(buf); cap(buf)-n < size {
		return append(buf[:cap(buf)], make([]M, n+size-cap(buf))...)[:n]
	}
	return buf
}
