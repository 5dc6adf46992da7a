package trictrac

import (
	"slices"
	"testing"
)

// The brute-force reference: checkers on a line, moved die by die in
// every order and every choice of checker, the way a player could play
// the throw; the situations are then read off the positions reached. It
// shares no code with the model (no distances, no formulas).

// board is our checkers by point (the target is point 0 unless said), and
// the points the other side holds; arrays, so that a play copies it cheaply.
type board struct {
	at      [24]int8
	blocked [24]bool
}

// dice is what a throw lets a player move: both numbers, or a doublet's
// number twice (Trictrac) or four times (Backgammon).
func dice(g Game, t Throw) []int {
	if t.A != t.B {
		return []int{t.A, t.B}
	}
	n := 2
	if g == Backgammon {
		n = 4
	}
	d := make([]int, n)
	for i := range d {
		d[i] = t.A
	}
	return d
}

// move is one checker's move: where from, which die.
type move struct{ from, die int }

// plays calls visit with every sequence of moves playable with some of
// the dice (a prefix of a full play is a play too: the situations ask
// whether a throw can do something, not what else it must do), each
// checker moving down, never stopping on a blocked point.
func plays(b board, ds []int, seq []move, visit func(b board, seq []move)) {
	visit(b, seq)
	for i, d := range ds {
		if i > 0 && ds[i-1] == d {
			continue // the same die value again: the same plays
		}
		rest := append(slices.Clone(ds[:i]), ds[i+1:]...)
		for from := range b.at {
			to := from - d
			if b.at[from] == 0 || to < 0 || b.blocked[to] {
				continue
			}
			nb := b
			nb.at[from]--
			nb.at[to]++
			plays(nb, rest, append(slices.Clone(seq), move{from, d}), visit)
		}
	}
}

// bruteCount counts the throws for which some play reaches a board that
// ok accepts.
func bruteCount(g Game, b board, ok func(b board, seq []move) bool) int {
	n := 0
	for _, t := range Throws() {
		found := false
		plays(b, dice(g, t), nil, func(nb board, seq []move) {
			if !found && ok(nb, seq) {
				found = true
			}
		})
		if found {
			n++
		}
	}
	return n
}

// lineOf puts one checker at each distance (more where stacks say).
func lineOf(dist []int, blocked []int) board {
	var b board
	for _, d := range dist {
		b.at[d] = 1
	}
	for _, d := range blocked {
		b.blocked[d] = true
	}
	return b
}

func bruteReach(g Game, dist, blocked []int) int {
	return bruteCount(g, lineOf(dist, blocked), func(b board, _ []move) bool { return b.at[0] > 0 })
}

// bruteWays counts, for each throw, the different ways of putting a
// checker on 0: which checker came and with which dice.
func bruteWays(g Game, dist []int, least, doubletLeast int) int {
	n := 0
	for _, t := range Throws() {
		ways := map[[3]int]bool{}
		plays(lineOf(dist, nil), dice(g, t), nil, func(b board, seq []move) {
			if b.at[0] == 0 {
				return
			}
			// The checker now on 0: follow it back through the moves.
			pos, used := 0, []int{}
			for i := len(seq) - 1; i >= 0; i-- {
				if seq[i].from-seq[i].die == pos {
					pos = seq[i].from
					used = append(used, seq[i].die)
				}
			}
			slices.Sort(used)
			key := [3]int{pos, used[0], 0}
			if len(used) > 1 {
				key[2] = used[1]
			}
			ways[key] = true
		})
		need := least
		if t.Doublet() {
			need = doubletLeast
		}
		if len(ways) >= need {
			n++
		}
	}
	return n
}

func brutePoint(g Game, st []Stack, blocked []int) int {
	b := lineOf(nil, blocked)
	for _, s := range st {
		b.at[s.Distance] += int8(s.Checkers)
	}
	return bruteCount(g, b, func(b board, _ []move) bool { return b.at[0] >= 2 })
}

// bruteHit: 0 no hit, 1 true (every stop open), 2 false.
func bruteHit(g Game, t Throw, blot int, hitters, blocked []int) int {
	try := func(bl []int) bool {
		var b board
		for _, h := range hitters {
			b.at[h]++
		}
		for _, p := range bl {
			b.blocked[p] = p != blot // the checker hit does not hold its own point against the hit
		}
		hit := false
		plays(b, dice(g, t), nil, func(nb board, _ []move) { hit = hit || nb.at[blot] > 0 })
		return hit
	}
	switch {
	case try(blocked):
		return 1
	case try(nil):
		return 2
	}
	return 0
}

func TestBruteHandCounted(t *testing.T) {
	// Counted by hand, and by the brute force.
	for _, c := range []struct {
		g    Game
		dist []int
		want int
	}{
		{Trictrac, []int{6, 5}, 27}, {Trictrac, []int{1, 2, 3}, 27}, {Trictrac, []int{6}, 16},
		{Trictrac, []int{3, 2}, 21}, {Trictrac, []int{6, 3}, 26}, {Trictrac, []int{1, 2}, 20},
		{Trictrac, []int{4, 2, 7}, 25}, {Trictrac, []int{7}, 6}, {Trictrac, []int{12}, 1},
		{Backgammon, []int{3}, 14}, {Backgammon, []int{6}, 17}, {Backgammon, []int{11}, 2},
		{Backgammon, []int{4}, 15}, {Backgammon, []int{8}, 6}, {Backgammon, []int{9}, 5}, {Backgammon, []int{12}, 3},
	} {
		got := Reach{Distances: c.dist}.Throws(c.g).Count()
		brute := bruteReach(c.g, c.dist, nil)
		if got != c.want || brute != c.want {
			t.Errorf("%s %v: model %d, brute force %d, want %d", c.g, c.dist, got, brute, c.want)
		}
	}
}

// TestReachAgainstBrute compares every set of distances up to 12, with
// and without held stops, in both games.
func TestReachAgainstBrute(t *testing.T) {
	for _, g := range []Game{Trictrac, Backgammon} {
		for mask := 1; mask < 1<<12; mask += 23 { // a spread of the 4095 sets
			var dist []int
			for i := range 12 {
				if mask&(1<<i) != 0 {
					dist = append(dist, i+1)
				}
			}
			for _, blocked := range [][]int{nil, {3}, {2, 5}, {1, 4, 6}} {
				var held []int
				for _, b := range blocked {
					if !slices.Contains(dist, b) { // a point held by the other side has none of ours
						held = append(held, b)
					}
				}
				m := Reach{Distances: dist, Blocked: held}.Throws(g).Count()
				if b := bruteReach(g, dist, held); m != b {
					t.Fatalf("%s %v held %v: model %d, brute force %d", g, dist, held, m, b)
				}
			}
		}
	}
}

func TestWaysAgainstBrute(t *testing.T) {
	for _, ns := range Subsets(1, 6) {
		for _, w := range []Ways{TwoWays(ns...), ThreeWays(ns...)} {
			m := w.Throws(Trictrac).Count()
			if b := bruteWays(Trictrac, ns, w.Least, w.DoubletLeast); m != b {
				t.Fatalf("%s %v: model %d, brute force %d", w.Kind(), ns, m, b)
			}
		}
	}
	// Hand-counted: 4, 3, 2, 1 fill in three ways (two by a doublet) by
	// 2-1, 3-1, 1-1 and 2-2: six chances; 6, 4, 2 in two ways by seven.
	if n := ThreeWays(4, 3, 2, 1).Throws(Trictrac).Count(); n != 6 {
		t.Errorf("three ways 4 3 2 1: %d, want 6", n)
	}
	if n := TwoWays(6, 4, 2).Throws(Trictrac).Count(); n != 7 {
		t.Errorf("two ways 6 4 2: %d, want 7", n)
	}
}

func TestPointAgainstBrute(t *testing.T) {
	for _, g := range []Game{Trictrac, Backgammon} {
		for code := 1; code < 4096; code += 13 {
			var st []Stack
			c := code
			for d := 1; d <= 6; d, c = d+1, c/4 {
				if n := c % 4; n > 0 {
					st = append(st, Stack{d, n})
				}
			}
			for _, held := range [][]int{nil, {2}, {3, 4}} {
				var h []int
				for _, p := range held {
					if !slices.ContainsFunc(st, func(s Stack) bool { return s.Distance == p }) {
						h = append(h, p)
					}
				}
				m := Point{Stacks: st, Blocked: h}.Throws(g).Count()
				if b := brutePoint(g, st, h); m != b {
					t.Fatalf("%s %v held %v: model %d, brute force %d", g, st, h, m, b)
				}
			}
		}
	}
	// The treatise's examples: four points, one covered, 13; three, two
	// covered, 8; and the Backgammon case of the ace, 10 and 22 where the
	// Trictrac method says 8 and 20.
	for _, c := range []struct {
		g    Game
		st   []Stack
		want int
	}{
		{Trictrac, []Stack{{1, 2}, {2, 1}, {3, 1}, {4, 1}}, 13},
		{Trictrac, []Stack{{2, 2}, {3, 2}, {5, 1}}, 8},
		{Backgammon, []Stack{{6, 2}, {4, 2}, {3, 1}}, 10},
		{Backgammon, []Stack{{6, 1}, {5, 1}, {4, 1}, {3, 1}, {2, 1}}, 22},
	} {
		if n := (Point{Stacks: c.st}).Throws(c.g).Count(); n != c.want {
			t.Errorf("%s %v: %d, want %d", c.g, c.st, n, c.want)
		}
	}
}

// TestHitAgainstBrute: chapter XV's figures, the side hit numbering its
// points 0 to 11, the other side's grand jan full on 12 to 17, and the
// hit's side's grand jan (6 to 11) full but for one open point.
func TestHitAgainstBrute(t *testing.T) {
	hitters := []int{12, 13, 14, 15, 16, 17}
	for _, blots := range [][]int{{5}, {4}, {3}, {4, 5}, {3, 5}} {
		for passage := 6; passage <= 11; passage++ {
			var blocked []int
			for p := 6; p <= 11; p++ {
				if p != passage {
					blocked = append(blocked, p)
				}
			}
			for _, b := range blots {
				if b != blots[0] {
					blocked = append(blocked, b) // the other checker hit holds its point
				}
			}
			modes := []string{HitAny, HitTrue, HitFalse}
			if len(blots) == 2 {
				modes = []string{HitBoth, HitBothTrue, HitBothFalse, HitTrueFalse}
			}
			for _, mode := range modes {
				h := Hit{Blots: blots, Hitters: hitters, Blocked: blocked, Mode: mode}
				want := 0
				for _, th := range Throws() {
					a := bruteHit(Trictrac, th, blots[0], hitters, blocked)
					b := a
					if len(blots) == 2 {
						b = bruteHit(Trictrac, th, blots[1], hitters, blocked)
					}
					ok := map[string]bool{HitAny: a > 0, HitTrue: a == 1, HitFalse: a == 2, HitBoth: a > 0 && b > 0,
						HitBothTrue: a == 1 && b == 1, HitBothFalse: a == 2 && b == 2, HitTrueFalse: a > 0 && b > 0 && a != b}[mode]
					if ok {
						want++
					}
				}
				if got := h.Throws(Trictrac).Count(); got != want {
					t.Fatalf("blots %v passage %d %s: model %d, brute force %d", blots, passage, mode, got, want)
				}
			}
		}
	}
}

func TestCounts(t *testing.T) {
	if n := len(Throws()); n != 36 {
		t.Fatalf("%d throws", n)
	}
	if All.Count() != 36 || Coup(6, 5).Count() != 2 || Coup(3, 3).Count() != 1 || Coup(0, 3) != 0 {
		t.Fatal("set counts")
	}
	for k := 1; k <= 6; k++ {
		if n := (Die{Of: []int{1, 2, 3, 4, 5, 6}[:k]}).Throws(Trictrac).Count(); n != 36-(6-k)*(6-k) {
			t.Errorf("die of %d numbers: %d", k, n)
		}
	}
	for s := 2; s <= 12; s++ {
		if n := (Sum{s, s}).Throws(Trictrac).Count(); n != 6-abs(7-s) {
			t.Errorf("sum %d: %d", s, n)
		}
	}
	if n := (Sum{7, 12}).Throws(Trictrac).Count(); n != 21 {
		t.Errorf("more than 6: %d", n)
	}
	for d, want := range map[int]int{6: 5, 5: 4, 4: 3, 3: 2, 2: 1, 1: 0} {
		if n := (Decomposition{d}).Throws(Trictrac).Count(); n != want {
			t.Errorf("decomposition of %d: %d, want %d", d, n, want)
		}
	}
	if got := Coup(6, 5).String(); got != "6-5 (2)" {
		t.Errorf("%q", got)
	}
}

// TestHitHandCounted: chapter XV's hits, counted by hand from the
// figures — the checker on the coin bourgeois (5) or the fourth point (4),
// the passage open on the tenth, ninth or sixth point.
func TestHitHandCounted(t *testing.T) {
	hit := func(blots []int, passage int, mode string) int {
		var blocked []int
		for p := 6; p <= 11; p++ {
			if p != passage {
				blocked = append(blocked, p)
			}
		}
		return Hit{Blots: blots, Hitters: []int{12, 13, 14, 15, 16, 17}, Blocked: append(blocked, blots...), Mode: mode}.
			Throws(Trictrac).Count()
	}
	for _, c := range []struct {
		blots   []int
		passage int
		mode    string
		want    int
	}{
		{[]int{5}, 10, HitAny, 21}, {[]int{5}, 10, HitTrue, 9}, {[]int{5}, 10, HitFalse, 12}, // 5-x but 5-1
		{[]int{5}, 9, HitTrue, 7}, {[]int{5}, 9, HitFalse, 14}, // 4-x but 4-1 and 4-2
		{[]int{5}, 6, HitTrue, 2}, {[]int{5}, 6, HitFalse, 19}, // 6-1 only
		{[]int{4}, 10, HitAny, 15}, {[]int{4}, 10, HitTrue, 9}, {[]int{4}, 10, HitFalse, 6},
		{[]int{4}, 9, HitTrue, 7}, {[]int{4}, 9, HitFalse, 8},
		{[]int{4}, 6, HitTrue, 2}, {[]int{4}, 6, HitFalse, 13},
		{[]int{4, 5}, 10, HitBoth, 15}, {[]int{4, 5}, 10, HitBothTrue, 2}, // 6-5
		{[]int{4, 5}, 10, HitBothFalse, 1}, {[]int{4, 5}, 10, HitTrueFalse, 12}, // 4-4; the rest
		{[]int{4, 5}, 9, HitBothTrue, 2}, {[]int{4, 5}, 9, HitBothFalse, 5}, // 5-4; 6-6, 6-2, 6-3
		{[]int{4, 5}, 9, HitTrueFalse, 8},
	} {
		if got := hit(c.blots, c.passage, c.mode); got != c.want {
			t.Errorf("blots %v passage %d %s: %d, want %d", c.blots, c.passage, c.mode, got, c.want)
		}
	}
}
