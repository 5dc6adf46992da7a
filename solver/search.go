package solver

import (
	"maps"
	"sync/atomic"
	"time"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/tables"
	"metz/verdict"
)

// search holds what every search of one goal shares: the game, who
// attacks, the goal, the budget, the tables and the scratch buffers.
type search[P, M any] struct {
	g        game[P, M]
	r        *draughts.Rules
	attacker draughts.Color
	goal     Goal // never GoalDraw: a draw is proven as "the other side has no win"
	rootBal  int  // balance at the root, for GoalGain
	rootAdv  int  // advantage at the root of the current df-pn proof (guess)
	// rootTag names the current df-pn proof in the table: numbers another
	// proof left undecided are estimates made for another root, often
	// far from this one's (stale large numbers steer the search away
	// from a subtree it needs), so each proof reads only its own.
	rootTag       uint32
	lim           *limits
	memMB         int // the tables' memory budget (fork divides it)
	tt            *table
	deps          *hashTable[uint64]      // the position each repetition disproof rests on (repTag)
	bounded       *hashTable[bound]       // "win within d" results (bounded.go)
	forced        *hashTable[bound]       // the same restricted to forcing moves
	frontierLists *[5]bitboard10.MoveList // the move lists of the last five plies (listBits); nil until the first
	fiveHashes    []uint64                // the hashes of the moves five plies from the bound (fiveWins)
	history       history                 // the attacker's winning moves, credited (history.go)
	killer        bitboard10.Move         // the defender's last escape four plies from the bound (fourWins); the zero move: none
	race          raceRule                // where the defender's replies are raced (race.go); zero: nowhere
	path          pathSet                 // positions on the current df-pn path
	tooBig        map[uint64]bool         // positions whose closure exceeded closureLimit
	otherWins     map[uint64]bool         // closures the attacker does not win: whether the other side does
	closed        *closedSet              // the last closure completed, read like a table (nil: none)
	noClosure     bool                    // df-pn alone (tests of df-pn itself)
	maxPath       int                     // df-pn depth at which a line is cut (reported, never "disproven")
	tables        *tables.System          // the endgame tables read and built (nil: none; set by useTables)
	reach         int                     // every position of at most reach pieces is in tables with its distance (0: none)
	// valueReach: every position of at most valueReach pieces has its
	// value in the tables, with its distance or without (the
	// international 6-piece tables: win, draw or loss alone); never less
	// than reach. valueOnly is the most pieces of a table that may hold
	// a value without its distance (0: none).
	valueReach, valueOnly int
	tableHit              int64         // positions decided by the tables
	valueHit              int64         // of those, the ones a table without distances decided
	built                 *atomic.Int64 // table positions built, shared with forks and helpers (tablesOf)
	// unsaved counts the positions met whose material the rule system's
	// tables cover (tables.DistancePieces) but whose table was neither saved
	// nor built: what building the tables ahead would have decided. It
	// is shared like built, and tells the hint after an unproven verdict
	// whether larger tables would have helped at all.
	unsaved   *atomic.Int64
	smallMax  int          // the most pieces whose signature is built on demand
	smallLim  tables.Limit // and how large a build may be
	smallLeft int64        // positions this search may still build
	// smallGone marks the signatures (by Sig.Code) whose tables this search
	// can neither read nor build: its limits only shrink, so a refusal
	// holds for the rest of it (a read-only look, tryClosure's, refuses
	// nothing), and the next position of that material is not converted
	// and looked up again (on 12x12, three kings against one, 58 % of the
	// time went to such refusals).
	smallGone [1 << 12]bool
	readOnly  bool // read the in-memory tables, build none
	// rent is the nodes the bounded search has spent below positions of
	// each signature (by Sig.Code) whose tables it did not build, price
	// what building them would cost in nodes (rent.go).
	// renting marks the signatures with a position on the path, whose
	// rent already counts the nodes below.
	rent, price [1 << 12]int64
	renting     [1 << 12]bool
	rootSig     tables.Sig // the root's material
	moveBufs    pool[M]
	nodeBufs    pool[dnode[P, M]]
	kidBufs     pool[child[P, M]]
}

func newSearch[P, M any](g game[P, M], root P, attacker draughts.Color, goal Goal, lim *limits, memMB int) *search[P, M] {
	tt, dep, bnd, frc := capacities(memMB, goal)
	s := &search[P, M]{g: g, r: g.Rules(), attacker: attacker, goal: goal, lim: lim, memMB: memMB,
		tt: newTable(tt), deps: newHashTable[uint64](dep),
		bounded: newHashTable[bound](bnd),
		forced:  newHashTable[bound](frc), maxPath: 400, tooBig: map[uint64]bool{}, otherWins: map[uint64]bool{},
		built: new(atomic.Int64), unsaved: new(atomic.Int64)}
	s.rootBal = s.balance(root)
	s.rootSig = material(s.g, root)
	return s
}

// capacities splits a memory budget into table entries for a search of
// goal: half of it for the df-pn table, a sixteenth for the repetitions
// its disproofs rest on, the rest shared by the bounded tables (bounded,
// and forced for the forcing moves). Under a bounded goal (win/25) the
// searches are the bounded ones and df-pn has little to do: the bounded
// table takes eleven sixteenths and the df-pn and forcing tables an
// eighth each (Vink's win/25 on the default 64 MB: 12.34 M nodes instead
// of 13.28 M, its bounded table overfull). A table grows only as it
// fills, so one little used costs little memory.
func capacities(memMB int, goal Goal) (tt, dep, bounded, forced int) {
	mb := int64(max(memMB, 1)) << 20
	dep = max(int(mb/16/24), 1024)
	if goal.Within > 0 {
		return int(mb / 8 / entryBytes), dep, max(int(mb*11/16/16), 1024), max(int(mb/8/16), 1024)
	}
	bnd := max(int(mb*7/32/16), 1024)
	return int(mb / 2 / entryBytes), dep, bnd, bnd
}

// fork returns a search for one of several parts of the work that run at
// once, on its own budget of nodes and memMB of memory. It reads what s
// knows and writes what it learns into tables of its own: s must not
// search until the forks are absorbed, in a fixed order, so that the
// result does not depend on which fork ran first or on which core.
func (s *search[P, M]) fork(nodes int64, memMB int) *search[P, M] {
	f := *s
	tt, dep, bnd, frc := capacities(memMB, s.goal)
	f.g, f.memMB, f.tableHit, f.valueHit = s.g.Fork(), memMB, 0, 0
	f.lim = s.lim.detached(nodes)
	f.tt, f.deps = s.tt.under(tt), s.deps.under(dep)
	f.bounded, f.forced = s.bounded.under(bnd), s.forced.under(frc)
	f.path = pathSet{}
	f.tooBig, f.otherWins = maps.Clone(s.tooBig), map[uint64]bool{} // a fork's closures are its own
	f.moveBufs, f.nodeBufs, f.kidBufs = pool[M]{}, pool[dnode[P, M]]{}, pool[child[P, M]]{}
	f.frontierLists, f.fiveHashes = nil, nil // a fork runs beside s: lists of its own
	f.priceTables()
	return &f
}

// growTo raises the bound on s's tables to a memory budget of memMB (it
// never lowers it): for a search that takes over memory another has
// given back.
func (s *search[P, M]) growTo(memMB int) {
	if memMB <= s.memMB {
		return
	}
	tt, dep, bnd, frc := capacities(memMB, s.goal)
	s.tt.raise(tt)
	s.deps.raise(dep)
	s.bounded.raise(bnd)
	s.forced.raise(frc)
	s.memMB = memMB
}

// dropTables empties s's tables to their smallest size, to give their
// memory to other searches once s has no more use for what they hold.
func (s *search[P, M]) dropTables() {
	s.tt, s.deps = newTable(ways), newHashTable[uint64](ways)
	s.bounded, s.forced = newHashTable[bound](ways), newHashTable[bound](ways)
	s.closed = nil
}

// absorb takes back what a fork learnt and counts the nodes it spent
// (f.lim, which no other search counts into).
func (s *search[P, M]) absorb(f *search[P, M]) {
	s.takeTables(f)
	s.tableHit += f.tableHit
	s.valueHit += f.valueHit
}

// takeTables puts what o's tables hold into s's: o is a fork of s, or
// another search of the same goal for the same side.
func (s *search[P, M]) takeTables(o *search[P, M]) {
	s.tt.putAll(o.tt)
	s.deps.putAll(o.deps)
	s.bounded.putAll(o.bounded)
	s.forced.putAll(o.forced)
	for h := range o.tooBig {
		s.tooBig[h] = true
	}
	// The larger closure covers more (a position's closure holds its
	// children's); forks are absorbed in a fixed order, so the choice
	// does not depend on which ran first.
	if o.closed.size() > s.closed.size() {
		s.closed = o.closed
	}
}

// The in-memory tables are built when a search meets a signature they
// lack. At the root of a search of at most smallRootPieces pieces (an
// ending asked about), every signature the ending needs is built when
// they come to at most smallRootPositions positions and fit the memory
// budget: a five-piece king ending on 8x8 takes seconds to build and
// decides what df-pn and the closures cannot. A larger root (or one whose
// tables do not fit) builds
// signatures of up to smallPieces pieces, of at most smallPositions
// positions with what they lead to (about a second): a search that only
// passes through an ending should not spend its time budget on tables.
// Either bound is also the most one search builds in all (a 12x12 search
// built 4.8 M positions of three-piece tables, 6 s, and no node fewer).
// Both bounds are for 8x8 (32 squares) and shrink as the board grows: a
// position costs about as many times more as it has squares (measured
// on the generic engine's boards: 1.3 µs a position on 8x8, 5 µs on
// 10x10, on 2 cores; the 8x8 boards, built on bitboards since, take about
// 0.25 µs), and a five-piece ending on 10x10 has tens of millions of
// positions.
const (
	smallPieces     = 4
	smallRootPieces = 5
	smallPositions  = 2_000_000
)

// smallRootPositions is a variable so that a test that solves many
// five-piece endings may build fewer tables.
var smallRootPositions int64 = 10_000_000

// useTables makes the searches read t, and build what it lacks within
// the bounds above (nil: no tables).
func (s *search[P, M]) useTables(t *tables.System) {
	s.tables, s.reach, s.valueReach, s.valueOnly = t, t.Reach(), t.WDLReach(), t.ValueOnlyPieces()
	if t == nil {
		return
	}
	// The bounds are in time, through the builder's cost a position.
	nanos := t.NanosPerPosition()
	s.smallMax, s.smallLim = smallPieces, tables.Limit{Positions: smallPositions * buildNanos / nanos}
	rootLim := rootLimit(t, s.memMB).Positions
	if s.rootSig.Pieces() <= smallRootPieces {
		// The root's tables when they fit; else the root is searched
		// like any larger one (a 12x12 four-piece ending of 20 M
		// positions built 4.7 M of three-piece tables, 4.4 s, and no
		// node fewer).
		// A root whose own table is never built on demand (five
		// international pieces, need < 0) is still an ending asked
		// about: the tables below it are built on the root's terms.
		if need := t.Cost(s.rootSig); need <= rootLim {
			s.smallMax, s.smallLim = max(smallPieces, s.rootSig.Pieces()), tables.Limit{Positions: rootLim}
		}
	}
	s.smallLim.Bytes = rootLimit(t, s.memMB).Bytes
	s.smallLeft = s.smallLim.Positions
	s.priceTables()
}

// rootLimit bounds the tables built for the root of a small ending: in
// positions, through the builder's cost a position; in bytes, the memory
// budget (at least the default).
func rootLimit(t *tables.System, memMB int) tables.Limit {
	return tables.Limit{Positions: smallRootPositions * buildNanos / t.NanosPerPosition(),
		Bytes: int64(max(memMB, verdict.DefaultMemoryMB)) << 20}
}

// tablesOf makes s read o's tables and count what it builds with o's.
func (s *search[P, M]) tablesOf(o *search[P, M]) {
	s.built, s.unsaved = o.built, o.unsaved
	s.useTables(o.tables)
}

// noDistance is the plies of a table's answer that holds no distance:
// the international 6-piece tables keep win, draw or loss alone
// (tables.System.ProbeWDL). A win read so is a win, never a win within
// some number of plies: the bounded searches go on searching below it
// (within), and nothing prints a distance for it.
const noDistance = -1

// probe reads c's value for its side to move and its distance from the
// tables, building its signature first when the limits allow (see
// useTables): one path for every rule system and both builders.
func (s *search[P, M]) probe(c *child[P, M]) (r tables.Result, plies int, ok bool) {
	return s.probeTables(c, false)
}

// value is probe, then, where no table with distances holds c, the
// tables stored without them: plies is noDistance then.
func (s *search[P, M]) value(c *child[P, M]) (r tables.Result, plies int, ok bool) {
	return s.probeTables(c, true)
}

// probeTables is probe, and value when anyValue is set.
func (s *search[P, M]) probeTables(c *child[P, M], anyValue bool) (r tables.Result, plies int, ok bool) {
	if s.tables == nil {
		return tables.Draw, 0, false
	}
	sig := material(s.g, c.q)
	slot, fits := sig.Code()
	if fits && s.smallGone[slot] {
		return tables.Draw, 0, false
	}
	r, plies, ok = s.probeSig(c, sig)
	if ok && fits && !s.readOnly {
		// A probe that may build answers the same whoever built the
		// table: the bounded search may read it from now on (rent.go).
		s.price[slot] = 0
	}
	if !ok && anyValue && sig.Pieces() <= s.valueOnly {
		if r, ok = probeWDL(s.g, s.tables, c.q); ok {
			return r, noDistance, true
		}
	}
	if !ok && fits && !s.readOnly && !s.tables.Has(sig) {
		s.smallGone[slot] = true
	}
	return r, plies, ok
}

// probeSig reads c (of material sig), building its signature first when
// the limits allow.
func (s *search[P, M]) probeSig(c *child[P, M], sig tables.Sig) (r tables.Result, plies int, ok bool) {
	if n := sig.Pieces(); n > s.smallMax {
		if n <= s.tables.StoredPieces() {
			// Tables saved on disk (metz endgame build) are read at any
			// depth: reading one costs milliseconds, not a build.
			r, plies, ok, _ = probe(s.g, s.tables, c.q, tables.Limit{Bytes: s.smallLim.Bytes, Positions: -1})
		}
		if !ok && n <= tables.DistancePieces(s.r) {
			s.unsaved.Add(1)
		}
		return r, plies, ok
	}
	lim := s.smallLim
	if lim.Positions = min(lim.Positions, s.smallLeft); lim.Positions > 0 && !s.readOnly {
		lim.Positions = min(lim.Positions, s.buildable())
	}
	if lim.Positions <= 0 || s.readOnly {
		lim.Positions = -1 // read only
	}
	r, plies, ok, built := probe(s.g, s.tables, c.q, lim)
	s.smallLeft -= built
	s.built.Add(built)
	return r, plies, ok
}

// buildable is how many positions of in-memory tables the clock leaves
// time to build: a build is not cut short (half a table is no table), so
// one that would outlast the budget's time is not begun (a one-second
// verification of an 8x8 problem took 2.2 s, building a four-piece table
// after most of its second was gone). A search of a small ending is not
// bounded: its tables are its answer, and they are saved for the next
// run. Building costs about buildNanos a position on 32 squares, more on
// larger boards (tables.NanosPerPosition).
func (s *search[P, M]) buildable() int64 {
	if s.rootSig.Pieces() <= smallRootPieces {
		return s.smallLim.Positions
	}
	left := time.Until(s.lim.deadline)
	return max(int64(left)/s.tables.NanosPerPosition(), 0)
}

// buildNanos is what building the in-memory tables costs a position on
// an 8x8 board through the generic engine's boards (measured 1.3 µs on 2
// cores), rounded up. It is kept for the boards still built that way
// (12x12, scaled by their squares); on 8x8, now built on bitboards at
// about 0.25 µs, it only makes the clock's bound cautious.
const buildNanos = 1500

// balance is the attacker's piece count minus the defender's.
func (s *search[P, M]) balance(q P) int {
	am, ak, dm, dk := s.sides(q)
	return am + ak - dm - dk
}

// sides is the attacker's men and kings, then the defender's.
func (s *search[P, M]) sides(q P) (am, ak, dm, dk int) {
	m := material(s.g, q)
	am, ak = sideOf(m, s.attacker)
	dm, dk = sideOf(m, s.attacker.Opponent())
	return am, ak, dm, dk
}

// sideOf is colour c's men and kings in m.
func sideOf(m tables.Sig, c draughts.Color) (men, kings int) {
	if c == draughts.White {
		return m.WM, m.WK
	}
	return m.BM, m.BK
}

// kingValue is what a king is worth in men for the search's guesses (a
// flying king is commonly reckoned as three men).
const kingValue = 3

// advantage is the attacker's material lead, kings weighted.
func (s *search[P, M]) advantage(q P) int {
	am, ak, dm, dk := s.sides(q)
	return am - dm + kingValue*(ak-dk)
}

// status is the value of a position known without search.
type status uint8

const (
	open status = iota // must be searched
	won                // the goal is met
	lost               // the goal can no longer be met here (game over)
)

// child is a position with what the searches need to judge it: its hash,
// its number of legal moves, whether they capture, and whether the move
// that led here (m) was an attacker's crowning.
type child[P, M any] struct {
	m        M
	q        P
	h        uint64
	n        int
	capture  bool
	promoted bool
}

// at describes q, reached by a move that crowned (promoted) or not.
func (s *search[P, M]) at(q P, promoted bool) child[P, M] {
	n, capt := s.g.CountMoves(q)
	return child[P, M]{q: q, h: s.g.Hash(q), n: n, capture: capt, promoted: promoted}
}

// atGeneric is at for a position of the generic engine.
func (s *search[P, M]) atGeneric(q draughts.Position, promoted bool) child[P, M] {
	return s.at(from(s.g, q), promoted)
}

// statusOf judges a position.
func (s *search[P, M]) statusOf(c *child[P, M]) status {
	if s.goal.Kind == GoalPromote && c.promoted {
		return won
	}
	if c.n == 0 {
		// The side to move cannot play: it has lost, or won under qui
		// perd gagne. The game is over, and its end decides every goal
		// (stipulations.md): the attacker's win meets a crowning or a
		// gain as well.
		if (s.g.Turn(c.q) != s.attacker) != s.r.LosingGame {
			return won
		}
		return lost
	}
	if s.goal.Kind == GoalGain && !c.capture && s.balance(c.q)-s.rootBal >= s.goal.N {
		return won
	}
	return open
}

// tableStatus reads a position the rules do not decide from the endgame
// tables: its value for the attacker and the distance to the end in
// plies, or noDistance where only a table without distances holds it
// (the international 6-piece tables). The tables answer "who wins", so
// they serve the goal win only. The last closure is read first: it is
// this search's own table.
func (s *search[P, M]) tableStatus(c *child[P, M]) (st status, plies int, ok bool) {
	if st, plies, ok := s.closed.status(c.h); ok {
		return st, plies, true
	}
	if s.goal.Kind != GoalWin {
		return open, 0, false
	}
	r, plies, ok := s.value(c)
	if !ok {
		return open, 0, false
	}
	s.tableHit++
	if plies == noDistance {
		s.valueHit++
	}
	attackerWins := r == tables.Win
	if s.g.Turn(c.q) != s.attacker {
		attackerWins = r == tables.Loss
	}
	if attackerWins {
		return won, plies, true
	}
	return lost, plies, true // a table draw: the attacker cannot force the win
}

// judge is statusOf, then the tables: the value df-pn uses, which needs no
// distance (a table without distances decides here as one with them).
func (s *search[P, M]) judge(c *child[P, M]) status {
	if st := s.statusOf(c); st != open {
		return st
	}
	st, _, _ := s.tableStatus(c)
	return st
}

// isOr reports whether the attacker is to move in q.
func (s *search[P, M]) isOr(q P) bool { return s.g.Turn(q) == s.attacker }

// promotes reports whether m, played in q, is an attacker's crowning, as
// the goal promote counts it (child.promoted): under the other goals,
// which never read it, false without a look (a call for each child).
func (s *search[P, M]) promotes(q P, m M) bool {
	return s.goal.Kind == GoalPromote && s.g.Turn(q) == s.attacker && s.g.Promotes(q, m)
}

// children lists c's successors into buf, each judged.
func (s *search[P, M]) children(c *child[P, M], buf []child[P, M]) []child[P, M] {
	ms := s.g.AppendMoves(c.q, s.moveBufs.get())
	buf = s.childrenOf(c, ms, buf, nil)
	s.moveBufs.put(ms)
	return buf
}

// childrenOf is children for c's moves ms. With ahead (the bounded
// search's table, which looks every child up) each child's bucket is
// prefetched as soon as its key is known, so that the loads overlap the
// counting of the children's replies (1.02 of Vink's CPU when prefetched
// after the loop instead).
func (s *search[P, M]) childrenOf(c *child[P, M], ms []M, buf []child[P, M], ahead *hashTable[bound]) []child[P, M] {
	for _, m := range ms {
		q, h := play(s.g, c.q, c.h, m)
		if ahead != nil {
			ahead.prefetch(h)
		}
		buf = append(buf, s.childAfter(c.q, m, q, h))
	}
	return buf
}

// childAfter describes q (hash h), reached by m from parent.
func (s *search[P, M]) childAfter(parent P, m M, q P, h uint64) child[P, M] {
	n, capt := s.g.CountMoves(q)
	return child[P, M]{m: m, q: q, h: h, n: n, capture: capt, promoted: s.promotes(parent, m)}
}

// known is what the rules, the tables or the table's decided entries say
// of c, without search.
func (s *search[P, M]) known(c *child[P, M]) outcome {
	switch s.judge(c) {
	case won:
		return proven
	case lost:
		return disproven
	}
	if v, ok := s.tt.get(c.h); ok {
		switch {
		case v.pn == 0:
			return proven
		case v.disproven():
			return disproven
		}
	}
	return unknown
}

// knownWon reports whether c is won without a new search.
func (s *search[P, M]) knownWon(c *child[P, M]) bool { return s.known(c) == proven }

// firstProven returns the first of the attacker's moves cs that is won and
// that accept takes, or nil. Moves known won come first; the others are
// proven afresh only when none of those is taken, since a new proof may
// cost a whole search and a losing move all of it. skip (may be nil)
// drops a move before any proof is spent on it.
func (s *search[P, M]) firstProven(cs []child[P, M], skip, accept func(*child[P, M]) bool) *child[P, M] {
	for _, known := range []bool{true, false} {
		for i := range cs {
			c := &cs[i]
			if (skip != nil && skip(c)) || s.knownWon(c) != known {
				continue
			}
			if (known || s.prove(c) == proven) && accept(c) {
				return c
			}
		}
	}
	return nil
}

// format writes m, played in q, for reports.
func (s *search[P, M]) format(q P, m M, full bool) string { return format(s.g, q, m, full) }
