package engines

// The shared tests of every generator: the registry's choice, random
// positions and games against the generic engine, perft against the
// generic engine and against published tables, and a fuzz test. They run
// every engine that plays a rule system (All), not only the fastest, so
// that bitboard12 is checked on the 10x10 and 8x8 boards too.
//
//	go test ./draughts/engines
//	go test -run '^$' -fuzz FuzzEngines -fuzztime 60s ./draughts/engines

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"metz/draughts"
	"metz/draughts/internal/enginetest"
)

// subject is one engine behind plain functions, for the loops over
// engines (Go has no generic methods).
type subject struct {
	kind    Kind
	compare func(t testing.TB, gp draughts.Position)
	walk    func(t testing.TB, rng *rand.Rand, gp draughts.Position, plies int)
	perft   func(gp draughts.Position, depth int) uint64
	effects func(t testing.TB, gp draughts.Position) []string
	// count is CountMoves of gp, and the allocations of listing gp's
	// moves again once a buffer has held them.
	count  func(gp draughts.Position) (n int, capture bool, allocs float64)
	allocs func(gp draughts.Position) float64 // of the operations at a node
	// appendAll lists the moves of every position of ps, n times over,
	// into one buffer (a benchmark's loop).
	appendAll func(ps []draughts.Position, loop func() bool)
}

func subjectOf[P, M any](k Kind, e draughts.Engine[P, M]) subject {
	return subject{
		kind:    k,
		compare: func(t testing.TB, gp draughts.Position) { enginetest.Compare(t, e, gp) },
		walk: func(t testing.TB, rng *rand.Rand, gp draughts.Position, plies int) {
			enginetest.Walk(t, e.Fork(), rng, gp, plies)
		},
		perft: func(gp draughts.Position, depth int) uint64 {
			q, err := e.FromGeneric(gp)
			if err != nil {
				panic(err)
			}
			return draughts.PerftOf(e.Fork(), q, depth)
		},
		effects: func(t testing.TB, gp draughts.Position) []string { return enginetest.Effects(t, e, gp) },
		count: func(gp draughts.Position) (int, bool, float64) {
			q := enginetest.Must(e.FromGeneric(gp))
			n, c := e.CountMoves(q)
			buf := e.AppendMoves(q, nil)
			a := testing.AllocsPerRun(2, func() { buf = e.AppendMoves(q, buf[:0]) })
			if len(buf) != n {
				a = -1 // AppendMoves and CountMoves disagree
			}
			return n, c, a
		},
		allocs: func(gp draughts.Position) float64 { return enginetest.Allocs(e, gp) },
		appendAll: func(gps []draughts.Position, loop func() bool) {
			ps := make([]P, len(gps))
			for i, gp := range gps {
				ps[i] = enginetest.Must(e.FromGeneric(gp))
			}
			var buf []M
			for i := 0; loop(); i++ {
				buf = e.AppendMoves(ps[i%len(ps)], buf[:0])
			}
		},
	}
}

// fastest is the engine the registry chooses for r, if it is not the
// generic one.
func fastest(r *draughts.Rules) (subject, bool) {
	c := For(r)
	switch c.Kind {
	case Board10:
		return subjectOf(Board10, c.Board10), true
	case Board8:
		return subjectOf(Board8, c.Board8), true
	case Board12:
		return subjectOf(Board12, c.Board12), true
	}
	return subject{}, false
}

// subjects are the engines other than the generic one that play r.
func subjects(r *draughts.Rules) []subject {
	c := All(r)
	var out []subject
	if c.Board10 != nil {
		out = append(out, subjectOf(Board10, c.Board10))
	}
	if c.Board8 != nil {
		out = append(out, subjectOf(Board8, c.Board8))
	}
	if c.Board12 != nil {
		out = append(out, subjectOf(Board12, c.Board12))
	}
	return out
}

// TestFor checks the registry's choice for every preset, as docs/engines.md
// lists it.
func TestFor(t *testing.T) {
	want := map[string]Kind{
		"international": Board10, "qui-perd-gagne": Board10,
		"brazilian": Board8, "german": Board8, "francaise": Board8, "spanish": Board8,
		"italian": Board8, "russian": Board8, "english": Board8, "turkish": Board8,
		"czech": Board8, "pool": Board8, "thai": Board8,
		"canadian": Board12, "manoury": Board12,
	}
	for _, r := range draughts.AllRules() {
		c := For(r)
		k, ok := want[r.Name]
		if !ok {
			k = Generic
		}
		if c.Kind != k || c.Generic == nil {
			t.Errorf("%s: %v, want %v", r.Name, c.Kind, k)
		}
		if set := [4]bool{c.Generic != nil, c.Board12 != nil, c.Board8 != nil, c.Board10 != nil}; !set[c.Kind] {
			t.Errorf("%s: %v chosen without its engine", r.Name, c.Kind)
		}
	}
	losing := *draughts.Russian // the losing game on 8x8: no bitboard generator plays it
	losing.LosingGame = true
	if c := For(&losing); c.Kind != Generic {
		t.Errorf("losing Russian: %v, want the generic engine", c.Kind)
	}
}

// eachEngine runs f in a parallel subtest for every engine other than
// the generic one that plays each rule system of metz (i: its index).
func eachEngine(t *testing.T, f func(t *testing.T, i int, r *draughts.Rules, s subject)) {
	for i, r := range draughts.AllRules() {
		for _, s := range subjects(r) {
			t.Run(r.Name+"/"+s.kind.String(), func(t *testing.T) {
				t.Parallel()
				f(t, i, r, s)
			})
		}
	}
}

// TestRandomPositions compares every engine with the generic one on random
// positions of every rule system it plays.
func TestRandomPositions(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 400
	}
	eachEngine(t, func(t *testing.T, i int, r *draughts.Rules, s subject) {
		rng := rand.New(rand.NewPCG(uint64(i), uint64(s.kind)))
		for _, gp := range enginetest.Positions(rng, r, n) {
			s.compare(t, gp)
		}
	})
}

// TestRandomGames walks random games from the start of every rule system
// in every engine that plays it: 60 plies on 32 squares, scaled by the
// board (Turkish's men, moving sideways, take longer to crown).
func TestRandomGames(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	eachEngine(t, func(t *testing.T, i int, r *draughts.Rules, s subject) {
		rng := rand.New(rand.NewPCG(uint64(i), 60))
		for range games {
			s.walk(t, rng, draughts.Start(r), 60*r.Geo.N/32)
		}
	})
}

// TestPerftGeneric compares perft from the start of every rule system with
// the generic engine's, depth by depth (to 5; 4 in short mode).
func TestPerftGeneric(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 4
	}
	eachEngine(t, func(t *testing.T, _ int, r *draughts.Rules, s subject) {
		gp := draughts.Start(r)
		for d := 1; d <= depth; d++ {
			if got, want := s.perft(gp, d), draughts.Perft(gp, d, draughts.Drop); got != want {
				t.Fatalf("depth %d: %d, generic %d", d, got, want)
			}
		}
	})
}

// published are the Drop perft tables of rules-and-variants.md, where
// only the bitboard engines go deep: I1 (international), C1 (Canadian,
// dctl board_large.cpp, from the FMJD forum), B1d (Brazilian, and German:
// the same rules), the 8x8 tables of dctl as draughts/bench_test.go lists
// them, Czech, Pool and Thai (dctl board_08x08.cpp; Thai's from the 12-man
// start of the others), and Turkish's K1d (equal to kish's keep counts through depth 6;
// depth 8 a cross-check's own count, not kish's).
var published = []struct {
	rules *draughts.Rules
	fen   string // "": the start position
	want  []uint64
	depth int // how deep the normal test goes (2 less in short mode)
}{
	{draughts.International, "", []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398}, 7},
	{draughts.Canadian, "", []uint64{11, 121, 1222, 10053, 79049, 584100, 4369366, 31839056, 237209258, 1761652936}, 7},
	{draughts.Brazilian, "", []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257, 511882477, 2481546396}, 8},
	{draughts.German, "", []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257, 511882477, 2481546396}, 8},
	{draughts.Russian, "", []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586}, 8},
	{draughts.English, "", []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680}, 8},
	{draughts.Turkish, "", []uint64{8, 64, 708, 7538, 85090, 931312, 10782308, 123285642}, 6},
	{draughts.Czech, "", []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918, 84967210, 386262109, 1749707352}, 9},
	{draughts.Pool, "", []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955, 110833952, 544005148, 2668385616}, 8},
	{draughts.Thai, "W:W21-32:B1-12", []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523, 84892793, 385713660, 1745666630}, 9},
}

// TestPerftPublished checks the published counts with every engine that
// plays each system. METZ_DEEP=1 goes to depth 9, or METZ_DEEP_DEPTH.
func TestPerftPublished(t *testing.T) {
	deep := 0
	if os.Getenv("METZ_DEEP") == "1" {
		deep = 9
		if s := os.Getenv("METZ_DEEP_DEPTH"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 {
				t.Fatalf("METZ_DEEP_DEPTH=%q: expected a positive whole number", s)
			}
			deep = n
		}
	}
	for _, tc := range published {
		depth := tc.depth
		if testing.Short() {
			depth -= 2
		}
		depth = min(max(depth, deep), len(tc.want))
		ss := subjects(tc.rules)
		if len(ss) == 0 {
			t.Fatalf("%s: no bitboard engine", tc.rules.Name)
		}
		for _, s := range ss {
			t.Run(tc.rules.Name+"/"+s.kind.String(), func(t *testing.T) {
				t.Parallel()
				p := draughts.Start(tc.rules)
				if tc.fen != "" {
					var err error
					if p, err = draughts.ParseFEN(tc.rules, tc.fen); err != nil {
						t.Fatal(err)
					}
				}
				if got := s.perft(p, depth); got != tc.want[depth-1] {
					t.Fatalf("depth %d: %d, published %d", depth, got, tc.want[depth-1])
				}
			})
		}
	}
}

// positionFromBytes reads a rule system (byte 0, an index into
// draughts.AllRules), the side to move (byte 1) and one byte per square:
// 0-3 a piece, anything else empty, so that random input gives boards a
// third to a half full. Men on their own crowning row are allowed: the
// engines claim to move them as the generic engine does.
func positionFromBytes(data []byte) draughts.Position {
	get := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0xFF
	}
	all := draughts.AllRules()
	gp := draughts.NewPosition(all[int(get(0))%len(all)])
	gp.Turn = draughts.Color(get(1) & 1)
	pieces := [4]draughts.Piece{draughts.WhiteMan, draughts.BlackMan, draughts.WhiteKing, draughts.BlackKing}
	for s := range gp.Board {
		if b := get(2 + s); b%8 < 4 {
			gp.Board[s] = pieces[b%8]
		}
	}
	return gp
}

// FuzzEngines compares every engine of the position's rule system with
// the generic one.
func FuzzEngines(f *testing.F) {
	for i := range draughts.AllRules() {
		f.Add([]byte{byte(i), 0})
		f.Add([]byte{byte(i), 1, 7, 7, 7, 7, 7, 2, 7, 7, 7, 1, 1, 1, 7, 7, 7, 7, 7, 1, 7, 7, 7, 1, 1})
		f.Add([]byte{byte(i), 1, 0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 4, 4, 4, 4, 0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1})
		f.Add([]byte{byte(i), 0, 3, 7, 7, 7, 7, 1, 7, 1, 7, 7, 7, 7, 1, 7, 1, 7, 7, 7, 7, 1, 7, 7, 7, 2, 7, 7, 7, 7})
	}
	byRules := map[*draughts.Rules][]subject{}
	for _, r := range draughts.AllRules() {
		byRules[r] = subjects(r)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		gp := positionFromBytes(data)
		for _, s := range byRules[gp.Rules] {
			s.compare(t, gp)
		}
	})
}
