package solver

import (
	"metz/draughts"
	"strings"
	"testing"

	"metz/draughts/bitboard10"
	"metz/problems"
	"metz/verdict"
)

func TestAccountNote(t *testing.T) {
	a := verdict.Work{Keys: 3_550_000, Leaves: 715_600, Duals: 850}
	lim := &limits{maxNodes: 5_000_000, nodes: 4_266_450}
	want := "budget of 5.00M nodes; other first moves 3.55M; the stated lines (ends; draw checks) 715.6k; duals 850; unspent 733.5k"
	if got := workNote(a, lim); got != want {
		t.Errorf("note:\n got %s\nwant %s", got, want)
	}
	lim.stopped = true
	if got := workNote(a, lim); !strings.HasSuffix(got, "; stopped by the clock") {
		t.Errorf("stopped with nodes left: %s", got)
	}
}

// Van Tenac II on 300k nodes: the end of the stated line (a king and a man
// against four men) is not proven, and the report says where the nodes
// went; they add up to no more than were searched.
func TestUnprovenReportAccountsForBudget(t *testing.T) {
	p := vanTenacII()
	r := verifyT(p, Options{Budget: nodes(300_000)})
	if r.Verdict != verdict.Unproven {
		t.Fatalf("verdict %s, want %s", r.Verdict, verdict.Unproven)
	}
	var note string
	for _, n := range r.Notes {
		if strings.HasPrefix(n, "budget of 300.0k nodes; ") {
			note = n
		}
	}
	if note == "" || !strings.Contains(note, "other first moves") || !strings.Contains(note, "the stated lines") {
		t.Fatalf("no budget account in the notes: %q", r.Notes)
	}
	// The line's end gets the stated lines' part (three quarters), the
	// other first moves theirs, and the end, still unproven, all that is
	// left after them.
	if strings.Contains(note, "unspent") {
		t.Errorf("budget left unspent after the last end of a line: %s", note)
	}
	if r.ProofNodes > 300_000 {
		t.Errorf("searched %d nodes on a 300k budget", r.ProofNodes)
	}
}

// vanTenacII is Problème II in modern notation (figures from the book:
// White 12, 13, 24, 25, 31; Black 3, 5, 6, 11 and a king on 10).
func vanTenacII() *problems.Problem {
	return &problems.Problem{Rules: draughts.International, Position: problems.MustPosition(draughts.International, "W:W12,13,24,25,31:B3,5,6,K10,11"),
		Stipulation: problems.StipWin, Solution: line("24-19", "10x8", "13x2")}
}

func TestCountEnds(t *testing.T) {
	one := line("24-19", "10x8", "13x2")
	if n := countEnds(one.Children); n != 1 {
		t.Errorf("one line: %d ends, want 1", n)
	}
	// A second defence at ply 2 with its own answer: two ends.
	two := line("24-19", "10x8", "13x2")
	alt := line("24-19", "10x19", "13x24").Children[0].Children[0]
	two.Children[0].Children = append(two.Children[0].Children, alt)
	if n := countEnds(two.Children); n != 2 {
		t.Errorf("two lines: %d ends, want 2", n)
	}
	if n := countEnds(nil); n != 0 {
		t.Errorf("no solution: %d ends", n)
	}
}

// A share's room is what the whole budget has left, whatever the shares
// around it; unshared work may use it all, counts into the share and
// leaves it stopped when it overran it.
func TestUnsharedRoom(t *testing.T) {
	s := &search[bitboard10.Position, bitboard10.Move]{lim: newLimits(nodes(1000))}
	for range 100 {
		s.lim.tick()
	}
	s.share(3, func() { // 300 of the 900 left
		for range 50 {
			s.lim.tick()
		}
		s.share(2, func() { // 125 of the 250 left
			if r := s.lim.room(); r != 850 {
				t.Fatalf("room %d, want 850", r)
			}
			s.unshared(func() {
				for s.lim.tick() {
				}
			})
			if s.lim.nodes != 850 || !s.lim.stopped {
				t.Fatalf("after unshared work: %d nodes, stopped %v", s.lim.nodes, s.lim.stopped)
			}
		})
	})
	if s.lim.nodes != 1000 || !s.lim.stopped {
		t.Fatalf("whole budget: %d nodes, stopped %v", s.lim.nodes, s.lim.stopped)
	}
}
