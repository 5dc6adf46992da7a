package draughts

// A deliberately simple reference move generator, written from the rules
// reference (../shared/reference/rules-and-variants.md §1.1 and the
// per-variant sections), not from capture.go. It works on (row, column)
// coordinates, takes its rule flags from its own table below (so a wrong flag
// in a preset is caught too), and is slow on purpose: every step is spelled
// out. The differential tests compare it with Position.Generate on thousands
// of random positions for every rule system, and compare perft to depth 3.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// refFlags are the rule parameters as the reference document states them.
type refFlags struct {
	ortho        bool   // Turkish board: every square, rook-like lines
	menBack      bool   // men capture backwards
	menTakeKings bool   // false only in Italian
	flying       bool   // kings move and capture at a distance
	immediate    bool   // captured pieces leave at once (Turkish, Thai)
	turnBack     bool   // with immediate removal, a capture may turn back 180° (Thai)
	landBehind   bool   // a flying king stops on the square right behind its victim (Thai)
	passKing     bool   // a man crowned mid-capture goes on as a king (Russian)
	orthoJumps   bool   // men and kings also capture along ranks and files, two cells a step (Frisian)
	kingLimit    int    // quiet moves in a row one king may make while its side has men (Frisian: 3)
	precedence   string // "free", "count", "count-kings", "with-king", "italian", "value"
}

// refTable restates each rule system from the reference, keyed by --rules name.
var refTable = map[string]refFlags{
	"international":  {menBack: true, menTakeKings: true, flying: true, precedence: "count"},                                    // §2
	"qui-perd-gagne": {menBack: true, menTakeKings: true, flying: true, precedence: "count"},                                    // §3
	"brazilian":      {menBack: true, menTakeKings: true, flying: true, precedence: "count"},                                    // §4
	"canadian":       {menBack: true, menTakeKings: true, flying: true, precedence: "count"},                                    // §5
	"german":         {menBack: true, menTakeKings: true, flying: true, precedence: "count"},                                    // §6 G1, §14.1
	"manoury":        {menBack: true, menTakeKings: true, flying: true, precedence: "count-kings"},                              // §11a, §14.2
	"russian":        {menBack: true, menTakeKings: true, flying: true, passKing: true, precedence: "free"},                     // §7
	"spanish":        {menTakeKings: true, flying: true, precedence: "count-kings"},                                             // §8
	"italian":        {precedence: "italian"},                                                                                   // §9
	"francaise":      {menTakeKings: true, precedence: "count"},                                                                 // §11b, §14.4
	"english":        {menTakeKings: true, precedence: "free"},                                                                  // §11b (checkers)
	"turkish":        {ortho: true, menTakeKings: true, flying: true, immediate: true, precedence: "count"},                     // §10
	"czech":          {menTakeKings: true, flying: true, precedence: "with-king"},                                               // dctl czech.hpp
	"pool":           {menBack: true, menTakeKings: true, flying: true, precedence: "free"},                                     // §6 G2, dctl pool.hpp
	"thai":           {menTakeKings: true, flying: true, immediate: true, turnBack: true, landBehind: true, precedence: "free"}, // dctl thai.hpp; MindSports
	"frisian":        {menBack: true, menTakeKings: true, flying: true, orthoJumps: true, kingLimit: 3, precedence: "value"},    // lidraughts Frisian.scala; dctl frisian.hpp
}

type cell struct{ r, c int }

func (a cell) add(d cell) cell { return cell{a.r + d.r, a.c + d.c} }

// refMove is a move as the reference sees it.
type refMove struct {
	path     []cell
	victims  []cell
	vicKings []bool
	promote  bool
	byKing   bool
}

// refGen holds one position as a grid.
type refGen struct {
	f     refFlags
	g     *Geometry
	grid  [][]Piece // [row][col]; Empty on unplayable cells too
	turn  Color
	run   KingRun // the side to move's run of quiet king moves
	taken map[cell]bool
	out   []refMove
}

func newRefGen(p Position) *refGen {
	f, ok := refTable[p.Rules.Name]
	if !ok {
		panic("reference: no flags for " + p.Rules.Name)
	}
	g := p.Rules.Geo
	grid := make([][]Piece, g.Height)
	for r := range grid {
		grid[r] = make([]Piece, g.Width)
		for c := range grid[r] {
			if s := g.Square(r, c); s >= 0 {
				grid[r][c] = p.Board[s]
			}
		}
	}
	return &refGen{f: f, g: g, grid: grid, turn: p.Turn, run: p.Runs[p.Turn], taken: map[cell]bool{}}
}

func (rg *refGen) on(a cell) bool { return rg.g.Square(a.r, a.c) >= 0 }
func (rg *refGen) at(a cell) Piece {
	if !rg.on(a) {
		return Empty
	}
	return rg.grid[a.r][a.c]
}
func (rg *refGen) free(a cell) bool { return rg.on(a) && rg.grid[a.r][a.c] == Empty }

// forward is +1 for White (moving up), -1 for Black.
func (rg *refGen) forward() int {
	if rg.turn == White {
		return 1
	}
	return -1
}

func (rg *refGen) lastRow(a cell) bool {
	if rg.turn == White {
		return a.r == rg.g.Height-1
	}
	return a.r == 0
}

// kingDirs are the four lines a king uses; manMoveDirs the steps of a man.
func (rg *refGen) kingDirs() []cell {
	if rg.f.ortho {
		return []cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	}
	return []cell{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
}

func (rg *refGen) manMoveDirs() []cell {
	fw := rg.forward()
	if rg.f.ortho {
		return []cell{{fw, 0}, {0, 1}, {0, -1}}
	}
	return []cell{{fw, 1}, {fw, -1}}
}

// kingCaptureDirs adds, in Frisian, the ranks and files, where the next
// square of the board's colour is two cells away.
func (rg *refGen) kingCaptureDirs() []cell {
	if rg.f.orthoJumps {
		return append(rg.kingDirs(), cell{2, 0}, cell{-2, 0}, cell{0, 2}, cell{0, -2})
	}
	return rg.kingDirs()
}

func (rg *refGen) manCaptureDirs() []cell {
	if rg.f.menBack && !rg.f.ortho {
		return rg.kingCaptureDirs()
	}
	return rg.manMoveDirs()
}

// refJump is one capture step: the victim and where the piece may land.
type refJump struct {
	dir    cell
	victim cell
	lands  []cell
}

// jumpsFrom lists the single captures available to a man or king standing on
// a. prev is the direction of the previous jump (zero at the start).
func (rg *refGen) jumpsFrom(a cell, king bool, prev cell) []refJump {
	var out []refJump
	dirs := rg.manCaptureDirs()
	if king {
		dirs = rg.kingCaptureDirs()
	}
	for _, d := range dirs {
		if rg.f.immediate && !rg.f.turnBack && prev != (cell{}) && d == (cell{-prev.r, -prev.c}) {
			continue // Turkish: no turning back on the same line
		}
		v := a.add(d)
		if king && rg.f.flying {
			for rg.free(v) {
				v = v.add(d)
			}
		}
		pc := rg.at(v)
		if !rg.on(v) || !pc.Belongs(rg.turn.Opponent()) || rg.taken[v] {
			continue
		}
		if !king && !rg.f.menTakeKings && pc.IsKing() {
			continue
		}
		var lands []cell
		for l := v.add(d); rg.free(l); l = l.add(d) {
			lands = append(lands, l)
			if !king || !rg.f.flying || rg.f.landBehind {
				break
			}
		}
		if len(lands) > 0 {
			out = append(out, refJump{d, v, lands})
		}
	}
	return out
}

// crownedOn says whether the piece is a king after landing on l.
func (rg *refGen) crownedOn(l cell, king bool) bool {
	return king || (rg.f.passKing && rg.lastRow(l))
}

// capture walks every capture sequence of the piece currently on path's end.
func (rg *refGen) capture(m refMove, king bool, prev cell) {
	here := m.path[len(m.path)-1]
	jumps := rg.jumpsFrom(here, king, prev)
	if len(jumps) == 0 {
		if len(m.victims) > 0 {
			m.promote = !m.byKing && (king || rg.lastRow(here))
			rg.out = append(rg.out, cloneRef(m))
		}
		return
	}
	for _, j := range jumps {
		pc := rg.grid[j.victim.r][j.victim.c]
		if rg.f.immediate {
			rg.grid[j.victim.r][j.victim.c] = Empty
		} else {
			rg.taken[j.victim] = true
		}
		// A landing square from which no further capture exists may be
		// chosen only when no landing square of this jump allows one.
		var goOn []cell
		for _, l := range j.lands {
			if len(rg.jumpsFrom(l, rg.crownedOn(l, king), j.dir)) > 0 {
				goOn = append(goOn, l)
			}
		}
		lands := j.lands
		if len(goOn) > 0 {
			lands = goOn
		}
		for _, l := range lands {
			next := m
			next.path = append(slices.Clone(m.path), l)
			next.victims = append(slices.Clone(m.victims), j.victim)
			next.vicKings = append(slices.Clone(m.vicKings), pc.IsKing())
			rg.capture(next, rg.crownedOn(l, king), j.dir)
		}
		if rg.f.immediate {
			rg.grid[j.victim.r][j.victim.c] = pc
		} else {
			delete(rg.taken, j.victim)
		}
	}
}

func cloneRef(m refMove) refMove {
	m.path = slices.Clone(m.path)
	m.victims = slices.Clone(m.victims)
	m.vicKings = slices.Clone(m.vicKings)
	return m
}

// moves returns the legal moves, every capture path kept.
func (rg *refGen) moves() []refMove {
	rg.out = nil
	for r := range rg.grid {
		for c, pc := range rg.grid[r] {
			if !pc.Belongs(rg.turn) {
				continue
			}
			rg.grid[r][c] = Empty // the origin is empty during the capture
			m := refMove{path: []cell{{r, c}}, byKing: pc.IsKing()}
			rg.capture(m, pc.IsKing(), cell{})
			rg.grid[r][c] = pc
		}
	}
	if len(rg.out) > 0 {
		return rg.precedence(rg.out)
	}
	return rg.quiet()
}

func (rg *refGen) quiet() []refMove {
	var out []refMove
	for r := range rg.grid {
		for c, pc := range rg.grid[r] {
			if !pc.Belongs(rg.turn) {
				continue
			}
			a := cell{r, c}
			if pc.IsMan() {
				for _, d := range rg.manMoveDirs() {
					if t := a.add(d); rg.free(t) {
						out = append(out, refMove{path: []cell{a, t}, promote: rg.lastRow(t)})
					}
				}
				continue
			}
			if rg.blocked(a) {
				continue
			}
			for _, d := range rg.kingDirs() {
				for t := a.add(d); rg.free(t); t = t.add(d) {
					out = append(out, refMove{path: []cell{a, t}, byKing: true})
					if !rg.f.flying {
						break
					}
				}
			}
		}
	}
	return out
}

// blocked: under a king-move limit, the king on a has made its last
// kingLimit quiet moves in a row and its side still has a man.
func (rg *refGen) blocked(a cell) bool {
	if rg.f.kingLimit == 0 || int(rg.run.Moves) < rg.f.kingLimit || rg.g.Square(a.r, a.c) != int(rg.run.Square) {
		return false
	}
	for _, row := range rg.grid {
		if slices.Contains(row, ManOf(rg.turn)) {
			return true
		}
	}
	return false
}

func kingCount(m refMove) int {
	n := 0
	for _, k := range m.vicKings {
		if k {
			n++
		}
	}
	return n
}

// byKing scores a sequence made by a king above one made by a man.
func byKing(m refMove) int {
	if m.byKing {
		return 1
	}
	return 0
}

// precedence keeps the sequences the rule system allows to be chosen.
func (rg *refGen) precedence(ms []refMove) []refMove {
	best := func(ms []refMove, score func(refMove) int) []refMove {
		top := -1
		for _, m := range ms {
			top = max(top, score(m))
		}
		var keep []refMove
		for _, m := range ms {
			if score(m) == top {
				keep = append(keep, m)
			}
		}
		return keep
	}
	count := func(m refMove) int { return len(m.victims) }
	switch rg.f.precedence {
	case "free":
		return ms
	case "count":
		return best(ms, count)
	case "count-kings":
		return best(best(ms, count), kingCount)
	case "with-king":
		return best(ms, byKing)
	case "value": // lidraughts' weights: a man 100, a king 199
		value := func(m refMove) int { return 100*(len(m.victims)-kingCount(m)) + 199*kingCount(m) }
		return best(best(ms, value), byKing)
	}
	// Italian: most pieces, then with a king, then most kings, then the king
	// met earliest. The last is a string comparison of K/m flags in capture
	// order: at the first difference, the sequence with a king there wins.
	ms = best(best(best(ms, count), byKing), kingCount)
	flags := func(m refMove) string { // "1" where a king is taken, "0" for a man
		var b strings.Builder
		for _, k := range m.vicKings {
			b.WriteByte("01"[boolInt(k)])
		}
		return b.String()
	}
	top := ""
	for _, m := range ms {
		top = max(top, flags(m))
	}
	var keep []refMove
	for _, m := range ms {
		if flags(m) == top {
			keep = append(keep, m)
		}
	}
	return keep
}

// play applies a reference move to a position, independently of Position.Play.
func refPlay(p Position, m refMove) Position {
	g := p.Rules.Geo
	q := p.Clone()
	from, to := m.path[0], m.path[len(m.path)-1]
	pc := q.Board[g.Square(from.r, from.c)]
	q.Board[g.Square(from.r, from.c)] = Empty
	for _, v := range m.victims {
		q.Board[g.Square(v.r, v.c)] = Empty
	}
	if m.promote {
		pc = KingOf(pc.Color())
	}
	q.Board[g.Square(to.r, to.c)] = pc
	q.Turn = p.Turn.Opponent()
	if refTable[p.Rules.Name].kingLimit > 0 {
		q.Runs = refRuns(p, q, m)
	}
	return q
}

// refRuns follows the king runs of the rules text: a quiet move of a king
// adds one to that king's run (a different king starts at one), any other
// move of the side ends its run; a run counts only while its king stands
// and its side has men.
func refRuns(p, q Position, m refMove) [2]KingRun {
	g := p.Rules.Geo
	runs := p.Runs
	from := g.Square(m.path[0].r, m.path[0].c)
	to := g.Square(m.path[len(m.path)-1].r, m.path[len(m.path)-1].c)
	mine := &runs[p.Turn]
	switch {
	case len(m.victims) > 0 || !p.Board[from].IsKing():
		*mine = KingRun{}
	case mine.Moves > 0 && int(mine.Square) == from:
		*mine = KingRun{Square: uint8(to), Moves: mine.Moves + 1}
	default:
		*mine = KingRun{Square: uint8(to), Moves: 1}
	}
	for c := range runs {
		men := slices.Contains(q.Board, ManOf(Color(c)))
		if runs[c].Moves > 0 && (!men || q.Board[runs[c].Square] != KingOf(Color(c))) {
			runs[c] = KingRun{}
		}
	}
	return runs
}

// refDedupe merges sequences with the same origin, destination, captured
// set and crowning, keeping the first.
func refDedupe(ms []refMove) []refMove {
	seen := map[string]bool{}
	var out []refMove
	for _, m := range ms {
		if k := refEffectKey(m); !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}

func refEffectKey(m refMove) string {
	vs := make([]string, len(m.victims))
	for i, v := range m.victims {
		vs[i] = fmt.Sprint(v)
	}
	sort.Strings(vs)
	return fmt.Sprint(m.path[0], m.path[len(m.path)-1], vs, m.promote)
}

// refSequenceKey identifies a capture sequence as perft's keep mode counts
// it: origin, destination, victims in order, crowning.
func refSequenceKey(m refMove) string {
	return fmt.Sprint(m.path[0], m.path[len(m.path)-1], m.victims, m.promote)
}

// refDedupeSequences merges paths that differ only in the squares a king
// passed between two victims on one line.
func refDedupeSequences(ms []refMove) []refMove {
	seen := map[string]bool{}
	var out []refMove
	for _, m := range ms {
		if k := refSequenceKey(m); !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}

// refPathKey describes a move completely: path, victims in order, crowning.
func refPathKey(m refMove) string { return fmt.Sprint(m.path, m.victims, m.promote) }

// engineRef converts an engine move to the reference form.
func engineRef(p Position, m Move) refMove {
	g := p.Rules.Geo
	rm := refMove{promote: m.Promotes, byKing: p.Board[m.From()].IsKing()}
	for _, s := range m.Path {
		rm.path = append(rm.path, cell{g.Row(s), g.Col(s)})
	}
	for i, s := range m.Captured {
		rm.victims = append(rm.victims, cell{g.Row(s), g.Col(s)})
		rm.vicKings = append(rm.vicKings, m.CapturedPieces[i].IsKing())
	}
	return rm
}

func refPerft(p Position, depth int, keep bool) uint64 {
	if depth == 0 {
		return 1
	}
	ms := newRefGen(p).moves()
	if keep {
		ms = refDedupeSequences(ms)
	} else {
		ms = refDedupe(ms)
	}
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += refPerft(refPlay(p, m), depth-1, keep)
	}
	return n
}

// randomPosition scatters men and kings over the board. No man stands on the
// row where it would already have been crowned. density is the chance that a
// square is occupied.
func randomPosition(rng *rand.Rand, r *Rules, density float64) Position {
	p := NewPosition(r)
	for s := range p.Board {
		if rng.Float64() >= density {
			continue
		}
		c := Color(rng.IntN(2))
		pc := ManOf(c)
		if rng.IntN(4) == 0 || r.PromotionRow(s, c) {
			pc = KingOf(c)
		}
		p.Board[s] = pc
	}
	p.Turn = Color(rng.IntN(2))
	randomRuns(rng, &p)
	return p
}

// randomRuns gives, under a king-move limit, each side with men and kings
// a run of a random king half of the time, of 1 to the limit moves.
func randomRuns(rng *rand.Rand, p *Position) {
	lim := refTable[p.Rules.Name].kingLimit // the reference's, so that a preset without the limit is caught
	if lim == 0 {
		return
	}
	for c := range p.Runs {
		var kings []int
		for s, pc := range p.Board {
			if pc == KingOf(Color(c)) {
				kings = append(kings, s)
			}
		}
		if len(kings) > 0 && slices.Contains(p.Board, ManOf(Color(c))) && rng.IntN(2) == 0 {
			p.Runs[c] = KingRun{Square: uint8(kings[rng.IntN(len(kings))]), Moves: uint8(1 + rng.IntN(lim))}
		}
	}
}

// compareWithReference reports the first difference between the engine and
// the reference on p, in Keep and Drop mode.
func compareWithReference(p Position) error {
	want := newRefGen(p).moves()
	keys := func(ms []refMove, key func(refMove) string) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			out[i] = key(m)
		}
		sort.Strings(out)
		return out
	}
	var paths, seqs []refMove
	for _, m := range p.allPaths() {
		paths = append(paths, engineRef(p, m))
	}
	if g, w := keys(paths, refPathKey), keys(want, refPathKey); !slices.Equal(g, w) {
		return fmt.Errorf("every path:\n got  %v\n want %v", g, w)
	}
	for _, m := range p.Generate(Keep) {
		seqs = append(seqs, engineRef(p, m))
	}
	if g, w := keys(seqs, refSequenceKey), keys(refDedupeSequences(want), refSequenceKey); !slices.Equal(g, w) {
		return fmt.Errorf("keep mode:\n got  %v\n want %v", g, w)
	}
	var dropped []refMove
	for _, m := range p.Moves() {
		dropped = append(dropped, engineRef(p, m))
	}
	if g, w := keys(dropped, refEffectKey), keys(refDedupe(want), refEffectKey); !slices.Equal(g, w) {
		return fmt.Errorf("drop mode:\n got  %v\n want %v", g, w)
	}
	return nil
}

func TestReferenceAgreesOnRandomPositions(t *testing.T) {
	perRules := 6000
	if testing.Short() {
		perRules = 400
	}
	for _, r := range AllRules() {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(r.GameType), uint64(len(r.Name))))
			captures, kingMoves := 0, 0
			for i := range perRules {
				density := []float64{0.1, 0.25, 0.45, 0.7}[i%4]
				p := randomPosition(rng, r, density)
				if err := compareWithReference(p); err != nil {
					t.Fatalf("%s %s\n%s", r.Name, p.FEN(), err)
				}
				if ms := p.Moves(); len(ms) > 0 && ms[0].IsCapture() {
					captures++
					if p.Board[ms[0].From()].IsKing() {
						kingMoves++
					}
				}
			}
			// The comparison is only worth something if captures, king
			// captures included, were actually exercised.
			if captures < perRules/5 || kingMoves < perRules/50 {
				t.Errorf("weak sample: %d capture positions, %d king captures of %d", captures, kingMoves, perRules)
			}
		})
	}
}

func TestReferencePerftOnRandomPositions(t *testing.T) {
	perRules, depth := 150, 3
	if testing.Short() {
		perRules = 20
	}
	for _, r := range AllRules() {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(7, uint64(r.GameType)))
			for i := range perRules {
				p := randomPosition(rng, r, []float64{0.15, 0.3}[i%2])
				for _, mode := range []Mode{Drop, Keep} {
					got, want := Perft(p, depth, mode), refPerft(p, depth, mode == Keep)
					if got != want {
						t.Fatalf("%s %s mode %d: perft(%d) = %d, reference %d", r.Name, p.FEN(), mode, depth, got, want)
					}
				}
			}
		})
	}
}

// The reference must itself reproduce published figures, or agreeing with it
// proves nothing.
func TestReferenceReproducesPublishedPerft(t *testing.T) {
	cases := []struct {
		rules *Rules
		fen   string
		keep  bool
		want  []uint64
	}{
		{International, "", false, []uint64{9, 81, 658, 4265}},
		{Russian, "", true, []uint64{7, 49, 302, 1469, 7482}},
		{Italian, "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", true, []uint64{13, 112, 828}},
		{Spanish, "", true, []uint64{7, 49, 302, 1469, 7361}},
		{Turkish, "", true, []uint64{8, 64, 708}},
		{Canadian, "", false, []uint64{11, 121, 1222}},
		{Czech, "", true, []uint64{7, 49, 302, 1469, 7361}},
		{Pool, "", true, []uint64{7, 49, 302, 1469, 7482}},
		{Thai, "W:W21-32:B1-12", true, []uint64{7, 49, 302, 1469, 7361}},
	}
	for _, tc := range cases {
		p := Start(tc.rules)
		if tc.fen != "" {
			var err error
			if p, err = ParseFEN(tc.rules, tc.fen); err != nil {
				t.Fatal(err)
			}
		}
		for d, want := range tc.want {
			if got := refPerft(p, d+1, tc.keep); got != want {
				t.Errorf("%s reference perft(%d) = %d, published %d", tc.rules.Name, d+1, got, want)
			}
		}
	}
}

// The reference's own rule vectors from the reference document, so that the
// reference is not merely a copy of the engine's behaviour.
func TestReferenceRuleVectors(t *testing.T) {
	for _, tc := range ruleVectors {
		p, err := ParseFEN(tc.rules, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		ms := refDedupe(newRefGen(p).moves())
		if len(ms) != len(strings.Fields(tc.want)) {
			t.Errorf("%s %s: reference finds %d moves, the document lists %q", tc.rules.Name, tc.fen, len(ms), tc.want)
		}
	}
}

// Positions with only kings stress the flying-king and precedence code.
func TestReferenceAgreesOnKingPositions(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 100
	}
	for _, r := range AllRules() {
		rng := rand.New(rand.NewPCG(11, uint64(r.GameType)))
		for range n {
			p := randomPosition(rng, r, 0.2)
			for s, pc := range p.Board {
				if pc != Empty && rng.IntN(3) > 0 {
					p.Board[s] = KingOf(pc.Color())
				}
			}
			if err := compareWithReference(p); err != nil {
				t.Fatalf("%s %s\n%s", r.Name, p.FEN(), err)
			}
		}
	}
}

// The differential test has teeth: a preset with one rule flag changed is
// told apart from the reference within a few hundred random positions.
func TestReferenceCatchesAWrongFlag(t *testing.T) {
	mutants := map[string]func(r *Rules){
		"men capture backwards": func(r *Rules) { r.MenCaptureBackward = !r.MenCaptureBackward },
		"men take kings":        func(r *Rules) { r.MenCaptureKings = !r.MenCaptureKings },
		"flying kings":          func(r *Rules) { r.FlyingKings = !r.FlyingKings },
		"king lands behind":     func(r *Rules) { r.KingLandsBehind = !r.KingLandsBehind },
		"immediate removal":     func(r *Rules) { r.ImmediateRemoval = !r.ImmediateRemoval },
		"passing":               func(r *Rules) { r.Passing = 1 - r.Passing },
		"precedence":            func(r *Rules) { r.Precedence = (r.Precedence + 1) % 6 },
		"turn back":             func(r *Rules) { r.TurnBack = !r.TurnBack },
		"ortho captures":        func(r *Rules) { r.OrthoCaptures = !r.OrthoCaptures },
		"king-move limit":       func(r *Rules) { r.KingMoveLimit = 3 - r.KingMoveLimit },
	}
	for _, base := range []*Rules{International, Russian, Italian, Turkish, Francaise, Spanish, Czech, Pool, Thai, Frisian} {
		for name, mutate := range mutants {
			if !base.FlyingKings && (name == "king lands behind" || name == "immediate removal") {
				continue // with short kings these flags change nothing, or almost nothing
			}
			if name == "turn back" && !base.ImmediateRemoval {
				continue // only pieces lifted at once leave a square to turn back over
			}
			if name == "ortho captures" && base.Geo.Layout == Orthogonal {
				continue // a board of every square has no second set of lines
			}
			if name == "king-move limit" && base.KingMoveLimit == 0 {
				continue // positions of those rules have no runs a limit could read
			}
			r := *base
			mutate(&r)
			rng := rand.New(rand.NewPCG(3, uint64(base.GameType)))
			caught := false
			for i := 0; i < 3000 && !caught; i++ {
				caught = compareWithReference(randomPosition(rng, &r, []float64{0.2, 0.4}[i%2])) != nil
			}
			if !caught {
				t.Errorf("%s with %q changed: no random position shows a difference", base.Name, name)
			}
		}
	}
}

// From each start position, including the French game which has no
// published table, the reference and the engine agree by perft.
func TestReferencePerftFromStart(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 3
	}
	for _, r := range AllRules() {
		t.Run(r.Name, func(t *testing.T) {
			t.Parallel()
			d := depth
			if r.Geo.N > 32 {
				d-- // 10x10 and 12x12: one ply less keeps the test quick
			}
			for _, mode := range []Mode{Drop, Keep} {
				if got, want := Perft(Start(r), d, mode), refPerft(Start(r), d, mode == Keep); got != want {
					t.Errorf("%s mode %d: perft(%d) = %d, reference %d", r.Name, mode, d, got, want)
				}
			}
		})
	}
}
