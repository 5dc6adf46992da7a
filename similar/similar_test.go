package similar

import (
	"slices"
	"strings"
	"testing"

	"metz/draughts"
	"metz/internal/problemgen"
)

func mustFEN(t *testing.T, r *draughts.Rules, fen string) draughts.Position {
	t.Helper()
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// cells builds a position from pieces on (row, col) cells, rows from
// White's side: written apart from the transforms under test.
func cells(t *testing.T, r *draughts.Rules, turn draughts.Color, pcs map[[2]int]draughts.Piece) draughts.Position {
	t.Helper()
	p := draughts.NewPosition(r)
	p.Turn = turn
	for rc, pc := range pcs {
		s := r.Geo.Square(rc[0], rc[1])
		if s < 0 {
			t.Fatalf("cell %v is not a played square", rc)
		}
		p.Board[s] = pc
	}
	return p
}

func TestSymmetriesPerRules(t *testing.T) {
	for _, r := range draughts.AllRules() {
		withMen, kingsOnly := len(Symmetries(r, true)), len(Symmetries(r, false))
		wantMen, wantKings := 2, 8 // turned 180° with the colours reversed; the four turns and reflections that keep the dark squares, with and without the colours reversed
		if r.Geo.Layout == draughts.Orthogonal {
			wantMen, wantKings = 4, 16 // also the mirror, and the reflection in the middle rank with the colours reversed
		}
		if withMen != wantMen || kingsOnly != wantKings {
			t.Errorf("%s: %d symmetries with men, %d with kings only; want %d and %d", r.Name, withMen, kingsOnly, wantMen, wantKings)
		}
		if !Symmetries(r, true)[0].IsIdentity() {
			t.Errorf("%s: the identity is not first", r.Name)
		}
	}
}

// perft counts the leaf nodes depth plies ahead: two positions of one
// problem have the same counts at every depth.
func perft(p draughts.Position, depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for _, m := range p.Moves() {
		n += perft(p.Play(m), depth-1)
	}
	return n
}

// TestSymmetriesKeepThePlay checks the claim of the symmetry table on the
// rules engine itself: every symmetry Symmetries allows gives, on random
// positions of every rule system, the same move tree counts (to 3 plies)
// and the same capture count of the first move; the board turned without
// the colours (a man then moves backwards) gives another count somewhere.
func TestSymmetriesKeepThePlay(t *testing.T) {
	gen := problemgen.New(7)
	turned := Transform{FlipRows: true, FlipCols: true}
	for _, r := range draughts.AllRules() {
		differs := false
		for range 60 {
			p := gen.Position(r, 4, 12)
			base := perft(p, 3)
			for _, tr := range Symmetries(r, hasMen(p)) {
				q, ok := tr.Apply(p)
				if !ok {
					t.Fatalf("%s: symmetry %+v leaves the board", r.Name, tr)
				}
				if got := perft(q, 3); got != base {
					t.Errorf("%s %s: %s gives %s with %d nodes at 3 plies, %d before", r.Name, p.FEN(), tr.Words(), q.FEN(), got, base)
				}
			}
			if q, _ := turned.Apply(p); hasMen(p) && perft(q, 3) != base {
				differs = true
			}
		}
		if !differs {
			t.Errorf("%s: the board turned without the colours never changed the play: the test positions show nothing", r.Name)
		}
	}
}

// Frisian's king runs go with their kings: White's king on 17 stopped
// after three quiet moves becomes Black's king on 34, stopped, when the
// board is turned and the colours reversed; the play is the same.
func TestSymmetryKeepsFrisianRuns(t *testing.T) {
	p := mustFEN(t, draughts.Frisian, "W:W6,K17:BK50:+0+317")
	q, ok := Transform{FlipRows: true, FlipCols: true, Swap: true}.Apply(p)
	if want := "B:WK1:BK34,45:+334+0"; !ok || q.FEN() != want {
		t.Fatalf("%s turned with the colours reversed: %s, want %s", p.FEN(), q.FEN(), want)
	}
	if a, b := perft(p, 4), perft(q, 4); a != b {
		t.Errorf("%d nodes at 4 plies, %d turned", a, b)
	}
}

func TestSame(t *testing.T) {
	r := draughts.International
	q := mustFEN(t, r, "W:W28,33,40:B12,K19")
	m, ok := Compare(q, mustFEN(t, r, "W:W40,33,28:BK19,12"))
	if !ok || m.Relation != Same {
		t.Fatalf("same position: %+v %v", m, ok)
	}
	if _, ok := Compare(q, mustFEN(t, r, "B:W28,33,40:B12,K19")); ok {
		t.Error("the same pieces with the other side to move matched")
	}
}

// The board turned by 180° is square n to 51-n on 100 squares and 33-n
// on the 8x8 checkers board: known numberings, not the code under test.
func TestColoursReversed(t *testing.T) {
	for _, c := range []struct {
		r       *draughts.Rules
		q, want string
	}{
		{draughts.International, "W:W28,33,40:B12,K19", "B:W39,K32:B11,18,23"},
		{draughts.English, "B:W21,K5:BK17,K14", "W:WK19,K16:B12,K28"},
		{draughts.Italian, "W:W28,22:B5", "B:W28:B5,11"},
		{draughts.Russian, "W:Wc3,e3:Bd6", "B:We3:Bd6,f6"},
	} {
		m, ok := Compare(mustFEN(t, c.r, c.q), mustFEN(t, c.r, c.want))
		if !ok || m.Relation != ColoursReversed {
			t.Errorf("%s %s / %s: %+v %v, want colours-reversed", c.r.Name, c.q, c.want, m, ok)
		}
	}
}

// The board turned without the colours is another problem wherever a man
// stands (it would move backwards), and the same one with kings only.
func TestTurnedBoard(t *testing.T) {
	r := draughts.International
	q := mustFEN(t, r, "W:W28,33,40:B12,K19")
	turned := mustFEN(t, r, "W:W23,18,11:B39,K32") // 51-n, colours kept
	if m, ok := Compare(q, turned); ok {
		t.Errorf("turned board with men matched: %+v", m)
	}
	kq := mustFEN(t, r, "W:WK28,K33:BK19")
	kt := mustFEN(t, r, "W:WK23,K18:BK32")
	if m, ok := Compare(kq, kt); !ok || m.Relation != Mirrored {
		t.Errorf("turned board with kings only: %+v %v, want mirrored (turned)", m, ok)
	}
}

func TestTurkishMirror(t *testing.T) {
	r := draughts.Turkish
	q := mustFEN(t, r, "W:Wa3,b3,c4:Bh6,g7")
	mir := mustFEN(t, r, "W:Wh3,g3,f4:Ba6,b7")
	if m, ok := Compare(q, mir); !ok || m.Relation != Mirrored {
		t.Errorf("Turkish mirror: %+v %v", m, ok)
	}
	// On a diagonal board the same reflection lands on light squares:
	// the mirror image is a shift's business, moved one file.
	e := draughts.English
	qe := cells(t, e, draughts.White, map[[2]int]draughts.Piece{{2, 2}: draughts.WhiteMan, {3, 3}: draughts.WhiteMan, {5, 1}: draughts.BlackMan})
	me := cells(t, e, draughts.White, map[[2]int]draughts.Piece{{2, 4}: draughts.WhiteMan, {3, 3}: draughts.WhiteMan, {5, 5}: draughts.BlackMan})
	if m, ok := Compare(qe, me); !ok || m.Relation != Shifted || !strings.Contains(m.Detail, "mirrored") {
		t.Errorf("English mirror: %+v %v, want shifted (mirrored)", m, ok)
	}
}

func TestShifted(t *testing.T) {
	r := draughts.International
	W, B, BK := draughts.WhiteMan, draughts.BlackMan, draughts.BlackKing
	base := map[[2]int]draughts.Piece{{2, 2}: W, {3, 3}: W, {2, 4}: W, {6, 4}: B, {7, 5}: BK}
	q := cells(t, r, draughts.White, base)
	for _, step := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {2, 0}, {0, 2}, {-2, 2}} {
		moved := map[[2]int]draughts.Piece{}
		for rc, pc := range base {
			moved[[2]int{rc[0] + step[0], rc[1] + step[1]}] = pc
		}
		p := cells(t, r, draughts.White, moved)
		m, ok := Compare(q, p)
		if !ok || m.Relation != Shifted {
			t.Errorf("step %v: %+v %v, want shifted", step, m, ok)
		}
		if !hits(QueryProbes(q, nil), PositionKeys(p)) {
			t.Errorf("step %v: the index does not find it", step)
		}
	}
}

// A shift that puts a man on its own crowning row makes no position of a
// game: it is not found as shifted.
func TestShiftMakesManIllegal(t *testing.T) {
	r := draughts.International
	W, B := draughts.WhiteMan, draughts.BlackMan
	q := cells(t, r, draughts.White, map[[2]int]draughts.Piece{{8, 2}: W, {7, 3}: W, {4, 6}: B})
	p := cells(t, r, draughts.White, map[[2]int]draughts.Piece{{9, 3}: W, {8, 4}: W, {5, 7}: B}) // one step up-right: W on row 10
	if Legal(p) {
		t.Fatal("a white man on the tenth row is legal?")
	}
	if m, ok := Compare(q, p); ok && m.Relation == Shifted {
		t.Errorf("a shift onto the crowning row matched: %+v", m)
	}
	for _, k := range PositionKeys(p) {
		if k.Kind == KindShift {
			t.Error("an illegal position has a shift key")
		}
	}
	// The black man moved down onto row 1 likewise.
	q2 := cells(t, r, draughts.Black, map[[2]int]draughts.Piece{{1, 1}: B, {5, 5}: W})
	p2 := cells(t, r, draughts.Black, map[[2]int]draughts.Piece{{0, 2}: B, {4, 6}: W})
	if m, ok := Compare(q2, p2); ok && m.Relation == Shifted {
		t.Errorf("black man shifted onto row 1 matched: %+v", m)
	}
}

func TestPiecesDiffer(t *testing.T) {
	r := draughts.International
	q := mustFEN(t, r, "W:W28,33,37,40,45:B12,K19,23")
	for _, c := range []struct {
		p    string
		want int // 0: no match
	}{
		{"W:W28,33,37,40,45,46:B12,K19,23", 1}, // one added
		{"W:W28,33,37,40:B12,K19,23", 1},       // one taken off
		{"W:W28,33,37,40,44:B12,K19,23", 1},    // one moved
		{"W:W28,33,37,40,K45:B12,K19,23", 1},   // one crowned
		{"W:W28,33,37,40,44:B12,K19,24", 2},    // two moved
		{"W:W28,33,37:B12,K19,23", 2},          // two taken off
		{"W:W28,33,38,41,44:B12,K19,24", 0},    // three moved
		{"B:W28,33,37,40,45,46:B12,K19,23", 0}, // the other side to move
		{"B:W29,39,K32:B6,11,14,18,19,23", 2},  // colours reversed (51-n), one of them moved, one added
	} {
		p := mustFEN(t, r, c.p)
		m, ok := Compare(q, p)
		switch {
		case c.want == 0 && ok:
			t.Errorf("%s: %+v, want no match", c.p, m)
		case c.want > 0 && (!ok || m.Relation != PiecesDiffer || m.Differ != c.want):
			t.Errorf("%s: %+v %v, want %d pieces differ", c.p, m, ok, c.want)
		case c.want > 0 && !hits(QueryProbes(q, nil), PositionKeys(p)):
			t.Errorf("%s: the index does not find it", c.p)
		}
	}
	// Small positions: one piece of two is half the problem.
	if m, ok := Compare(mustFEN(t, r, "W:W28:B12"), mustFEN(t, r, "W:W28:B7")); ok {
		t.Errorf("two-piece positions matched: %+v", m)
	}
	// Two pieces of five are too many.
	if m, ok := Compare(mustFEN(t, r, "W:W28,33:B12,13,14"), mustFEN(t, r, "W:W28,33:B12,15,16")); ok {
		t.Errorf("two of five pieces differing matched: %+v", m)
	}
}

// hits reports whether any probe finds one of keys.
func hits(pr Probes, keys []Key) bool {
	for _, k := range keys {
		for _, v := range pr[k.Kind] {
			if v == k.Value {
				return true
			}
		}
	}
	return false
}

// perturb changes up to n pieces of p at random: taken off, added, moved
// or crowned.
func perturb(gen *problemgen.Gen, p draughts.Position, n int) draughts.Position {
	q := p.Clone()
	for range n {
		var occupied []int
		for s, pc := range q.Board {
			if pc != draughts.Empty {
				occupied = append(occupied, s)
			}
		}
		s := gen.Intn(len(q.Board))
		switch gen.Intn(3) {
		case 0:
			if len(occupied) > 0 {
				q.Board[occupied[gen.Intn(len(occupied))]] = draughts.Empty
			}
		case 1:
			pc := draughts.Piece(1 + gen.Intn(4))
			if !(pc.IsMan() && q.Rules.PromotionRow(s, pc.Color())) {
				q.Board[s] = pc
			}
		default:
			if len(occupied) > 0 {
				from := occupied[gen.Intn(len(occupied))]
				pc := q.Board[from]
				q.Board[from] = draughts.Empty
				if !(pc.IsMan() && q.Rules.PromotionRow(s, pc.Color())) {
					q.Board[s] = pc
				}
			}
		}
	}
	return q
}

// TestIndexFindsEveryMatch is the index's completeness: on random
// positions of every rule system and random corrections of them (turned
// by a symmetry, shifted, up to two pieces changed), whenever Compare
// says a relation holds the query's probes meet the other position's
// keys. A brute-force check of the shift relation (every step and
// transform tried) stands beside it.
func TestIndexFindsEveryMatch(t *testing.T) {
	gen := problemgen.New(11)
	found := map[Relation]int{}
	for _, r := range draughts.AllRules() {
		for range 150 {
			q := gen.Position(r, 3, 14)
			p := perturb(gen, q, gen.Intn(3))
			syms := Symmetries(r, hasMen(p))
			if s, ok := syms[gen.Intn(len(syms))].Apply(p); ok {
				p = s
			}
			if gen.Intn(3) == 0 {
				p = shiftBy(p, gen.Intn(3)-1, gen.Intn(3)-1)
			}
			m, ok := Compare(q, p)
			if ok {
				found[m.Relation]++
				if !hits(QueryProbes(q, nil), PositionKeys(p)) {
					t.Errorf("%s: %s / %s is %s but the index does not find it", r.Name, q.FEN(), p.FEN(), m.Relation)
				}
			}
			if brute := bruteShift(q, p); brute != (ok && (m.Relation == Shifted || m.Relation == Same || m.Relation == ColoursReversed || m.Relation == Mirrored)) {
				t.Errorf("%s: %s / %s: brute-force shift %v, Compare %+v %v", r.Name, q.FEN(), p.FEN(), brute, m, ok)
			}
		}
	}
	for _, rel := range []Relation{Same, ColoursReversed, Shifted, PiecesDiffer} {
		if found[rel] == 0 {
			t.Errorf("no %s pair among the random ones: the test shows nothing of it", rel)
		}
	}
	t.Logf("relations met: %v", found)
}

// shiftBy moves every piece by (dr, 2*dc + dr) cells, which keeps a
// diagonal board's dark squares; a piece that would leave the board is
// lost, and so the position is returned unchanged then.
func shiftBy(p draughts.Position, dr, dc int) draughts.Position {
	g := p.Rules.Geo
	q := draughts.NewPosition(p.Rules)
	q.Turn = p.Turn
	for s, pc := range p.Board {
		if pc == draughts.Empty {
			continue
		}
		d := g.Square(g.Row(s)+dr, g.Col(s)+2*dc+dr)
		if d < 0 {
			return p
		}
		q.Board[d] = pc
	}
	return q
}

// bruteShift tries every transform that keeps the men's direction and
// every step on the board: is p q moved (or q itself), both legal?
func bruteShift(q, p draughts.Position) bool {
	if !Legal(q) || !Legal(p) || pieceCount(q) == 0 {
		return false
	}
	g := q.Rules.Geo
	for _, t := range looseTransforms(hasMen(q)) {
		for dr := -g.Height; dr <= g.Height; dr++ {
			for dc := -g.Width; dc <= g.Width; dc++ {
				if pieceCount(q) == pieceCount(p) && shiftedOnto(q, p, t, dr, dc) {
					return true
				}
			}
		}
	}
	return false
}

// TestBlowKeys: a final combination keeps its key when the whole line is
// turned with the colours reversed or mirrored and shifted, and the keys
// of different blows differ.
func TestBlowKeys(t *testing.T) {
	gen := problemgen.New(3)
	keys := map[uint64]string{}
	checked := 0
	for _, r := range []*draughts.Rules{draughts.International, draughts.English, draughts.Russian, draughts.Turkish, draughts.Italian} {
		for range 400 {
			p := gen.Position(r, 8, 18)
			line := gen.Line(p, 10)
			b, ok := FindBlow(p, line)
			if !ok {
				continue
			}
			for _, tr := range Symmetries(r, hasMen(p)) {
				tp, _ := tr.Apply(p)
				tl := transformLine(tp, p, line, tr)
				if tl == nil {
					t.Fatalf("%s %s %v: the line does not replay under %s", r.Name, p.FEN(), b.Moves, tr.Words())
				}
				tb, ok := FindBlow(tp, tl)
				if !ok || tb.Key != b.Key {
					t.Errorf("%s %s %v: under %s the blow is %v", r.Name, p.FEN(), b.Moves, tr.Words(), tb)
				}
			}
			sig := strings.Join(b.Moves, " ")
			if old, dup := keys[b.Key]; dup && old != sig && !sameShape(old, sig) {
				t.Logf("%s: one key for %q and %q", r.Name, old, sig)
			}
			keys[b.Key] = sig
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("only %d blows among the random lines", checked)
	}
	if len(keys) < checked/4 {
		t.Errorf("%d blows gave only %d keys", checked, len(keys))
	}
}

func sameShape(a, b string) bool { return len(strings.Fields(a)) == len(strings.Fields(b)) }

// transformLine replays line (played from p) from tp, p transformed by tr,
// each move's squares mapped by tr: the move with the mapped origin,
// destination and captured squares (the engine keeps one path of several
// with the same effect).
func transformLine(tp, p draughts.Position, line []draughts.Move, tr Transform) []draughts.Move {
	g := p.Rules.Geo
	mapped := func(ss []int) []int {
		var out []int
		for _, s := range ss {
			r, c := tr.Cell(g.Row(s), g.Col(s), g.Width, g.Height)
			out = append(out, g.Square(r, c))
		}
		slices.Sort(out)
		return out
	}
	var out []draughts.Move
	pos := tp
	for _, m := range line {
		ends, caps := mapped([]int{m.From(), m.To()}), mapped(m.Captured)
		var found *draughts.Move
		for _, cand := range pos.Moves() {
			if slices.Equal(mapped2(cand.From(), cand.To()), ends) && slices.Equal(sorted(cand.Captured), caps) &&
				(ends[0] == ends[1] || cand.From() != cand.To()) {
				found = &cand
				break
			}
		}
		if found == nil {
			return nil
		}
		out = append(out, *found)
		pos = pos.Play(*found)
	}
	return out
}

func mapped2(a, b int) []int { s := []int{a, b}; slices.Sort(s); return s }

func sorted(ss []int) []int { s := slices.Clone(ss); slices.Sort(s); return s }

// A blow by hand, on 100 squares: White gives a man, 32-27, Black takes
// two (23x32x41, the majority), White takes two back (27x18x9). Turned
// with the colours reversed (square n is 51-n) it is Black's blow, with
// the same key; the line without the last capture has no blow.
func TestFindBlowByHand(t *testing.T) {
	r := draughts.International
	p := mustFEN(t, r, "W:W28,32,33,37:B13,17,19,22,23")
	line := Line(p, []string{"32-27", "23x32x41", "27x18x9"})
	if len(line) != 3 {
		t.Fatalf("the line replays %d moves", len(line))
	}
	b, ok := FindBlow(p, line)
	if !ok || b.Plies != 3 || b.Sacrifices != 1 || b.Captured != 2 {
		t.Fatalf("blow %+v %v", b, ok)
	}
	q := mustFEN(t, r, "B:W28,29,32,34,38:B14,18,19,23")
	rb, ok := FindBlow(q, Line(q, []string{"19-24", "28x19x10", "24x33x42"}))
	if !ok || rb.Key != b.Key {
		t.Errorf("colours reversed: %+v %v, want the key of %v", rb, ok, b)
	}
	if _, ok := FindBlow(p, line[:2]); ok {
		t.Error("a line whose last capture is the defender's has a blow")
	}
	// A capture with no sacrifice before it is no combination.
	plain := mustFEN(t, r, "W:W28:B22,23")
	if _, ok := FindBlow(plain, Line(plain, []string{"28x17"})); ok {
		t.Error("a plain capture has a blow")
	}
}
