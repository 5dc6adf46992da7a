package solver

import "metz/tables"

// A bounded search passes through small endings it could build the tables
// of. Building one costs its positions at once; searching without it costs
// the nodes spent below the positions of that material, a little at a
// time. The bounded search rents before it buys: it builds a signature's
// tables only once it has spent on positions of that material, searching
// them without tables, as much as the build would cost (so it never pays
// more than twice the cheaper of the two). Vink's win/25 met two such
// signatures deep in its other first moves, a king and a man a side
// (12.1 M positions to build) and two men against two kings (2.4 M): the
// builds took about a fifth of its CPU and saved 0.08 M of its 10.88 M
// nodes. Tables ready when the search began (saved, or built before) are
// read whatever the rent, and so are those its other searches (df-pn's)
// have read or built since; they build as before.

// nodeNanos is about what a bounded node costs on one core (docs/performance.md:
// about 1 M nodes a second), the rate at which rent turns into build time.
const nodeNanos = 1000

// rentSlot is the slot of c's material in s.rent, or -1 where no rent is
// kept: no tables, material not coded, or more pieces than the search
// builds on demand.
func (s *search[P, M]) rentSlot(c *child[P, M]) int {
	if s.tables == nil {
		return -1
	}
	sig := material(s.g, c.q)
	code, fits := sig.Code()
	if !fits || sig.Pieces() > s.smallMax || sig.WM+sig.WK == 0 || sig.BM+sig.BK == 0 {
		return -1
	}
	return code
}

// priceTables sets s.price for every signature the search may build on
// demand, from the tables as they are now: 0 for those ready (read
// freely), else what building them would cost in nodes. It is called when
// the search gets its tables and when it is forked, before any search
// runs: a fork decides from what was built before its round, never from
// what a sibling running beside it builds, so that its report does not
// depend on the cores (TestParallelSameReport).
//
// A search whose root is itself a small ending (smallRootPieces) pays no
// rent: its tables are its answer (useTables).
func (s *search[P, M]) priceTables() {
	s.price = [len(s.price)]int64{}
	if s.tables == nil || s.rootSig.Pieces() <= smallRootPieces {
		return
	}
	for w := 1; w < s.smallMax; w++ {
		for b := 1; w+b <= s.smallMax; b++ {
			for wk := 0; wk <= w; wk++ {
				for bk := 0; bk <= b; bk++ {
					sig := tables.Sig{WM: w - wk, WK: wk, BM: b - bk, BK: bk}
					code, fits := sig.Code()
					if !fits || s.tables.Has(sig) {
						continue
					}
					s.price[code] = max(s.tables.Cost(sig)*s.tables.NanosPerPosition()/nodeNanos, 1)
				}
			}
		}
	}
}

// boundedTableStatus is tableStatus for the bounded search: the tables of
// c's material are read when they were ready as the search began (or its
// round), else only once the rent is paid, and then built if need be.
// slot is where the nodes spent below c are to be added (-1: nowhere, the
// tables decided c or c keeps no rent).
func (s *search[P, M]) boundedTableStatus(c *child[P, M]) (st status, plies int, ok bool, slot int) {
	if q, onBits := s.winBits(c); onBits && !s.tablesMayHold(q) {
		// Beyond the tables' reach nothing is read: no table holds the
		// position, and a closure (built from few pieces) hardly ever
		// does; a read skipped loses a shortcut, never a result. Vink's
		// win/25: the same nodes, 0.97 of the CPU.
		return open, 0, false, -1
	}
	if slot = s.rentSlot(c); slot < 0 || s.rent[slot] >= s.price[slot] {
		st, plies, ok = s.tableStatus(c)
		return st, plies, ok, -1
	}
	// Rent unpaid: no table of this material is read, even one built
	// since, by this search or another; the last closure is this
	// search's own.
	if st, plies, ok = s.closed.status(c.h); ok {
		return st, plies, true, -1
	}
	return open, 0, false, slot
}
