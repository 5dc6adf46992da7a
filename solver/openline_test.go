package solver

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"metz/draughts"
	"metz/draughts/bitboard8"
	"metz/draughts/engines"
	"metz/problems"
	"metz/tables"
	"metz/tables/generic"
	"metz/verdict"
)

// replayOpen plays moves (as reports write them) from p through the
// rules engine, failing the test on a move that is not legal there.
func replayOpen(t *testing.T, p draughts.Position, moves []string) draughts.Position {
	t.Helper()
	for i, s := range moves {
		found := false
		for _, m := range p.Moves() {
			if p.Rules.FormatMove(m, true) == s {
				p, found = p.Play(m), true
				break
			}
		}
		if !found {
			t.Fatalf("open line %v: move %d (%s) is not legal in %s", moves, i+1, s, p.FEN())
		}
	}
	return p
}

// checkOpen checks an open line from p: legal, ending at the FEN it
// reports, with that FEN's material.
func checkOpen(t *testing.T, p draughts.Position, o *verdict.OpenLine) {
	t.Helper()
	end := replayOpen(t, p, o.Line)
	if end.FEN() != o.FEN {
		t.Errorf("open line %v from %s ends at %s, reported %s", o.Line, p.FEN(), end.FEN(), o.FEN)
	}
	if n := tables.SigOf(end).Pieces(); n != o.Pieces {
		t.Errorf("frontier %s: %d pieces, reported %d", o.FEN, n, o.Pieces)
	}
	if o.Ends == "" || o.Material == "" || o.Tables == "" {
		t.Errorf("open line without its explanation: %+v", o)
	}
	if want := fmt.Sprintf("%q --rules %s", o.FEN, p.Rules.Name); o.Build != "" && !strings.Contains(o.Build, want) {
		t.Errorf("frontier %s: build command %q does not name it and its rules (%s)", o.FEN, o.Build, want)
	}
}

// Gould's problem 133 (English, 8 pieces, White to win), searched without
// tables on a budget too small to decide it: every first move left open
// and every place left unproven has an open line, legal from where it
// starts, ending at the FEN reported.
func TestOpenLinesReplay(t *testing.T) {
	const fen = "W:W18,20,21,32:B5,10,12,13"
	pos := problems.MustPosition(draughts.English, fen)
	keysOnly := &problems.Problem{Rules: draughts.English, Position: pos, Stipulation: problems.StipWin}
	stated := &problems.Problem{Rules: draughts.English, Position: pos, Stipulation: problems.StipWin, Solution: line("32-27")}
	lines := 0
	for _, p := range []*problems.Problem{keysOnly, stated} {
		r := Verify(p, Options{Budget: nodes(3000), NoTables: true})
		if r.Verdict != verdict.Unproven {
			t.Fatalf("%s on 3,000 nodes: %s, want unproven (the test needs an open search)", fen, r.Verdict)
		}
		if len(r.UndecidedLines) != len(r.Undecided) {
			t.Errorf("%d undecided first moves, %d open lines", len(r.Undecided), len(r.UndecidedLines))
		}
		for i := range r.UndecidedLines {
			o := &r.UndecidedLines[i]
			if o.Move != r.Undecided[i] || len(o.Line) == 0 || o.Line[0] != o.Move {
				t.Errorf("open line of %s: %+v", r.Undecided[i], o)
			}
			checkOpen(t, *pos, o)
			lines++
		}
		for _, u := range r.Unproven {
			if u.Open == nil {
				t.Errorf("unproven place %s without its open line", u.Path)
				continue
			}
			checkOpen(t, replayOpen(t, *pos, u.Line), u.Open)
			lines++
		}
	}
	if lines == 0 {
		t.Fatal("no open line to check")
	}
}

// english8 is the English game on bitboards, as Verify runs it.
func english8() game[bitboard8.Position, bitboard8.Move] {
	return engines.For(draughts.English).Board8
}

// What the open line says is where df-pn goes next: resumed from the
// table the stopped search left, the search goes down the open line and
// enters its frontier within a few nodes a move of the line. Not always:
// the line reads each position's numbers as the table holds them, and a
// position whose children changed since it was stored (a transposition)
// is recombined when the search enters it, which may send it elsewhere.
// On 4-piece English king endings won for White (checked against the
// tables), searched without tables on a small budget, then resumed: most
// frontiers are entered.
func TestOpenLineIsWhereTheSearchGoesNext(t *testing.T) {
	const extra = 2 // resumed for extra nodes a move of the line, and the root's
	g := english8()
	rng := rand.New(rand.NewPCG(42, 7))
	sig := tables.Sig{WK: 2, BK: 1, BM: 1}
	tabs := newEnglishTables(t, sig)
	checked, entered := 0, 0
	for tries := 0; checked < 8 && tries < 3000; tries++ {
		p, ok := quietPositionOf(rng, draughts.English, sig)
		if !ok {
			continue
		}
		if v, plies, ok := tabs.Probe(p); !ok || v != tables.Win || plies < 11 {
			continue
		}
		q := from(g, p)
		s := newSearch(g, q, draughts.White, Win, newLimits(nodes(400)), 8)
		s.noClosure = true
		c := s.at(q, false)
		if s.prove(&c) != unknown {
			continue // settled on the small budget: nothing open
		}
		o := s.openLine(&c, 0)
		checkOpen(t, p, o)
		if o.Ends != endsUnsearched {
			t.Logf("%s: open line %v ends: %s", p.FEN(), o.Line, o.Ends)
			continue
		}
		end := s.at(from(g, replayOpen(t, p, o.Line)), false)
		if _, in := s.tt.get(end.h); in {
			t.Fatalf("%s: frontier %s reported unsearched, but in the table", p.FEN(), o.FEN)
		}
		s.lim.maxNodes += int64(len(o.Line))*extra + 3
		s.lim.stopped = false
		s.prove(&c)
		checked++
		if _, in := s.tt.get(end.h); in || s.known(&end) != unknown {
			entered++
		} else {
			t.Logf("%s: resumed, the search did not enter the frontier %s (line %v)", p.FEN(), o.FEN, o.Line)
		}
	}
	if checked < 4 || entered*4 < checked*3 {
		t.Fatalf("the resumed search entered %d of %d open lines' frontiers, want three quarters at least", entered, checked)
	}
}

// With the endgame tables loaded, an open line never ends at a position
// they hold: the search reads them there, and the line goes past, or
// the position is settled. 6-piece English endings, verified with the
// tables the verification readies and builds as it goes.
func TestOpenLineFrontierNotInTables(t *testing.T) {
	sig := tables.Sig{WK: 2, WM: 1, BK: 2, BM: 1}
	tabs := tables.InMemory()
	sys := tabs.System(draughts.English)
	rng := rand.New(rand.NewPCG(5, 9))
	checked := 0
	for tries := 0; checked < 3 && tries < 300; tries++ {
		p, ok := quietPositionOf(rng, draughts.English, sig)
		if !ok {
			continue
		}
		r := Verify(&problems.Problem{Rules: draughts.English, Position: &p, Stipulation: problems.StipWin},
			Options{Budget: nodes(4000), Tables: tabs})
		for _, o := range r.UndecidedLines {
			checkOpen(t, p, &o)
			end := replayOpen(t, p, o.Line)
			esig := tables.SigOf(end)
			if sys.Has(esig) && o.Ends != endsDecided {
				t.Errorf("%s: open line %v ends at %s, whose table is loaded (%s)", p.FEN(), o.Line, o.FEN, o.Ends)
			}
			if esig.Pieces() < sig.Pieces() && sys.Has(esig) {
				t.Errorf("%s: frontier %s of %d pieces with its table loaded", p.FEN(), o.FEN, esig.Pieces())
			}
			if o.Tables != verdict.TablesNone && o.Ends != endsDecided {
				t.Errorf("%s: frontier %s reported %q in the tables", p.FEN(), o.FEN, o.Tables)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no open line to check")
	}
}

// A misprinted diagram's man on its own crowning row (Beginner 10, White
// on 1) can never move, so every frontier keeps it, and no table indexes
// such a position even where its material's table is loaded: the open
// line says no table holds it, and offers no build.
func TestOpenLineMisprintNotInTables(t *testing.T) {
	p := problems.MustPosition(draughts.English, "W:W18,K15,1:BK30,K26,2")
	tabs := tables.InMemory()
	r := Verify(&problems.Problem{Rules: draughts.English, Position: p, Stipulation: problems.StipWin},
		Options{Budget: nodes(300), Tables: tabs})
	lines := r.UndecidedLines
	for _, u := range r.Unproven {
		if u.Open != nil {
			lines = append(lines, *u.Open)
		}
	}
	if len(lines) == 0 {
		t.Fatalf("%s on 300 nodes: %s, no open line to check", p.FEN(), r.Verdict)
	}
	for _, o := range lines {
		if o.Tables != verdict.TablesNone || o.Build != "" {
			t.Errorf("frontier %s (a man on its crowning row): tables %q, build %q; want none, no build", o.FEN, o.Tables, o.Build)
		}
	}
}

// newEnglishTables builds the English tables of sig (and those it leads
// to) in memory with the generic builder, the tests' oracle.
func newEnglishTables(t *testing.T, sig tables.Sig) *generic.Tables {
	t.Helper()
	tabs := generic.New(draughts.English)
	if err := tabs.Ensure(sig, generic.Limit{Bytes: 1 << 30}); err != nil {
		t.Fatal(err)
	}
	return tabs
}

// Solve says where its search stopped too, when the result is unknown.
func TestSolveOpenLine(t *testing.T) {
	p := problems.MustPosition(draughts.English, "W:W18,20,21,32:B5,10,12,13")
	sol := SolveWith(*p, Win, Options{Budget: nodes(3000), NoTables: true})
	if sol.Result != verdict.ResultUnknown {
		t.Fatalf("on 3,000 nodes: %s, want unknown (the test needs an open search)", sol.Result)
	}
	if sol.Open == nil {
		t.Fatal("unknown, and no open line")
	}
	checkOpen(t, *p, sol.Open)
}
