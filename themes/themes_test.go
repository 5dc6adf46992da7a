package themes

import (
	"reflect"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// Each definition: a case that is the theme and a near miss that is not.
// Square geometry (10x10): 28 = e5, 32 = d4, 37 = c3, 23 = f6, 41 = b2.

func TestLunette(t *testing.T) {
	// Metz, Des lunettes: white 28 and 37 with 32 empty between; a black man
	// entering 32 attacks both (23 and 41 empty beyond), one is lost.
	start, ms := playLine(t, draughts.International, "B:W28,37:B27", "27-32", "28-22", "32x41")
	got := find(DetectLine(start, ms), "lunette")
	if len(got) != 1 || got[0].Ply != 1 || got[0].Squares[0] != 32 {
		t.Fatalf("lunette: got %+v", got)
	}
	// Near miss: a white man on 23 closes the square beyond 28.
	start, ms = playLine(t, draughts.International, "B:W23,28,37:B27", "27-32")
	if got := find(DetectLine(start, ms), "lunette"); len(got) != 0 {
		t.Fatalf("near miss reported: %+v", got)
	}
}

func TestLunetteDames(t *testing.T) {
	// A king enters 23 between white 10 and 41 on the long diagonal 5–46, with
	// 14, 19 and 28, 32, 37 empty and 5, 46 empty beyond.
	start, ms := playLine(t, draughts.International, "B:W10,41:BK29", "29-23")
	got := find(DetectLine(start, ms), "lunette-dames")
	if len(got) != 1 || got[0].Ply != 1 {
		t.Fatalf("lunette-dames: got %+v", got)
	}
	// Near miss: a man on the same square is no threat to distant pieces.
	start, ms = playLine(t, draughts.International, "B:W10,41:B18", "18-23")
	if fs := DetectLine(start, ms); len(find(fs, "lunette-dames"))+len(find(fs, "lunette")) != 0 {
		t.Fatalf("near miss reported: %+v", fs)
	}
}

func TestPionEnPrise(t *testing.T) {
	// White 33-28 attacks 23 (19 empty beyond); 32 stops 23 from taking 28;
	// Black plays elsewhere and 23 falls.
	start, ms := playLine(t, draughts.International, "W:W32,33:B23,6", "33-28", "6-11", "28x19")
	got := find(DetectLine(start, ms), "pion-en-prise-pion")
	if len(got) != 1 || got[0].Ply != 1 || got[0].Squares[1] != 23 {
		t.Fatalf("pion en prise by a man: got %+v", got)
	}
	// The same with a king: K47-41 lines up on 23 along 41–37–32–28–23.
	start, ms = playLine(t, draughts.International, "W:WK47:B23,6", "47-41", "6-11", "41x14")
	if got := find(DetectLine(start, ms), "pion-en-prise-dame"); len(got) != 1 {
		t.Fatalf("pion en prise by a king: got %+v", got)
	}
	// Near miss: the attacked man escapes.
	start, ms = playLine(t, draughts.International, "W:W32,33:B23,6", "33-28", "23-29", "28-22")
	if got := find(DetectLine(start, ms), "pion-en-prise-pion"); len(got) != 0 {
		t.Fatalf("near miss reported: %+v", got)
	}
}

func TestCoupDeRepos(t *testing.T) {
	// Van Tenac, Problem III as the prose tells it: the new black king on 50
	// attacks 22; White uses the temps to crown on 4 (ply 1). 38-33 later is
	// an offer, not a temps.
	start, ms := playLine(t, draughts.International, "W:W9,22,27,32,35,38:B12,15,26,K50",
		"9-4", "50x6", "38-33", "6x50", "27-21", "26x17", "32-28", "50x22", "4x27")
	got := find(DetectLine(start, ms), "coup-de-repos")
	if len(got) != 1 || got[0].Count != 1 || got[0].Ply != 1 {
		t.Fatalf("coup de repos: got %+v", got)
	}
	// Near miss: the same start where White answers by moving the attacked
	// man away: no capture follows, no temps.
	start, ms = playLine(t, draughts.International, "W:W9,22,27,32,35,38:B12,15,26,K50", "22-17")
	if got := find(DetectLine(start, ms), "coup-de-repos"); len(got) != 0 {
		t.Fatalf("near miss reported: %+v", got)
	}
}

func TestCoupTurc(t *testing.T) {
	// The black king's four-piece capture ends on 23 because the man it took
	// on 18 still stands in its way; White then takes the king (29x18).
	start, ms := playLine(t, draughts.International, "B:W6,8,9,13,18,29,34:BK48", "48x25x3x12x23", "29x18")
	got := find(DetectLine(start, ms), "coup-turc")
	if len(got) != 1 || got[0].Ply != 1 || got[0].Squares[0] != 23 {
		t.Fatalf("coup turc: got %+v", got)
	}
	// Near miss: a capture that ends with nothing more to take, then the
	// capturing man is taken — an exchange, not a coup turc.
	start, ms = playLine(t, draughts.International, "B:W28,37,41:B23", "23x32", "37x28")
	if got := find(DetectLine(start, ms), "coup-turc"); len(got) != 0 {
		t.Fatalf("near miss reported: %+v", got)
	}
}

func TestRafleAndCoupDeDame(t *testing.T) {
	// Van Tenac II: after 24-19 the black king takes three (10x8), and the
	// white man 13 takes the king and crowns on 2.
	start, ms := playLine(t, draughts.International, "W:W12,13,24,25,31:B3,5,6,K10,11", "24-19", "10x8", "13x2")
	fs := DetectLine(start, ms)
	if got := find(fs, "rafle"); len(got) != 1 || got[0].Count != 3 || got[0].Ply != 2 {
		t.Fatalf("rafle: got %+v", got)
	}
	if got := find(fs, "coup-de-dame"); len(got) != 1 || got[0].Ply != 3 {
		t.Fatalf("coup de dame: got %+v", got)
	}
	// Near miss: two pieces are no rafle; a line ending on a quiet move is no coup de dame.
	start, ms = playLine(t, draughts.International, "W:W32,33:B23,6", "33-28", "6-11", "28x19")
	if fs := DetectLine(start, ms); len(find(fs, "rafle"))+len(find(fs, "coup-de-dame")) != 0 {
		t.Fatalf("near miss reported: %+v", fs)
	}
}

func TestFermetureAndGagnerLeCoup(t *testing.T) {
	// Men only: Black 16 (a7) is blocked by White 21 (b6) once 32-27 (c5)
	// guards the square behind it: Black has a man and no move.
	start, ms := playLine(t, draughts.International, "W:W21,32:B16", "32-27")
	fs := DetectLine(start, ms)
	if got := find(fs, "fermeture"); len(got) != 1 || got[0].Ply != 1 {
		t.Fatalf("fermeture: got %+v", fs)
	}
	if got := find(fs, "gagner-le-coup"); len(got) != 1 || got[0].Ply != 1 {
		t.Fatalf("gagner le coup: got %+v", fs)
	}
	// Near miss: with a king on the board it is a fermeture but not the
	// men-only opposition; with a free move left it is neither.
	start, ms = playLine(t, draughts.International, "W:W21,32,K50:B16", "32-27")
	fs = DetectLine(start, ms)
	if len(find(fs, "fermeture")) != 1 || len(find(fs, "gagner-le-coup")) != 0 {
		t.Fatalf("king near miss: %+v", fs)
	}
	start, ms = playLine(t, draughts.International, "W:W21,32:B16,5", "32-27")
	if fs = DetectLine(start, ms); len(find(fs, "fermeture"))+len(find(fs, "gagner-le-coup")) != 0 {
		t.Fatalf("free move near miss: %+v", fs)
	}
}

func TestTantPourTantAndSacrifice(t *testing.T) {
	// 32-28 offers one man (a sacrifice, nothing was open before), 23x32 and
	// 37x28 is one for one.
	start, ms := playLine(t, draughts.International, "W:W32,37,41:B23,6", "32-28", "23x32", "37x28")
	fs := DetectLine(start, ms)
	if got := find(fs, "tant-pour-tant"); len(got) != 1 || got[0].Ply != 2 || got[0].Count != 1 {
		t.Fatalf("tant pour tant: got %+v", fs)
	}
	if got := find(fs, "sacrifice"); len(got) != 1 || got[0].Ply != 1 || got[0].Count != 1 {
		t.Fatalf("sacrifice: got %+v", fs)
	}
	// Near miss: quiet play, no capture at all.
	start, ms = playLine(t, draughts.International, "W:W32,37:B6", "32-28", "6-11")
	if fs = DetectLine(start, ms); len(find(fs, "tant-pour-tant"))+len(find(fs, "sacrifice")) != 0 {
		t.Fatalf("near miss reported: %+v", fs)
	}
}

func TestLunetteInDiagram(t *testing.T) {
	// The black man on 34 stands between the white men 29 and 40 (23 and 45
	// empty) in the diagram; White takes it with 39x30 at ply 1.
	start, ms := playLine(t, draughts.International, "W:W29,39,40:B34,6", "39x30")
	got := find(DetectLine(start, ms), "lunette")
	if len(got) != 1 || got[0].Ply != 1 || got[0].Squares[0] != 34 {
		t.Fatalf("lunette in the diagram: got %+v", got)
	}
	// Near misses: a white man on 45 closes the square beyond 40; and a
	// piece that leaves the lunette before it is taken.
	start, ms = playLine(t, draughts.International, "W:W29,39,40,45:B34,6", "39x30")
	if got := find(DetectLine(start, ms), "lunette"); len(got) != 0 {
		t.Fatalf("closed lunette reported: %+v", got)
	}
	start, ms = playLine(t, draughts.International, "W:W29,40,50:BK34,6", "50-44", "34x23")
	if got := find(DetectLine(start, ms), "lunette"); len(got) != 0 {
		t.Fatalf("escaped piece reported: %+v", got)
	}
}

func TestFermetureKingShutIn(t *testing.T) {
	// The black man 37-41 walls in its own king on 46 (47 is white): from
	// ply 2 the king cannot move; Black still has the man on 6.
	start, ms := playLine(t, draughts.International, "W:W47,K3:BK46,37,6", "3-9", "37-41")
	got := find(DetectLine(start, ms), "fermeture")
	if len(got) != 1 || got[0].Ply != 2 || got[0].Squares[0] != 46 {
		t.Fatalf("king shut in: got %+v", got)
	}
	// Near misses: 37-42 leaves 41 open; a king shut in from the diagram on
	// was not shut in by the line.
	start, ms = playLine(t, draughts.International, "W:W47,K3:BK46,37,6", "3-9", "37-42")
	if got := find(DetectLine(start, ms), "fermeture"); len(got) != 0 {
		t.Fatalf("free king reported: %+v", got)
	}
	start, ms = playLine(t, draughts.International, "W:W47,K3:BK46,41,36,6", "3-9", "6-11")
	if got := find(DetectLine(start, ms), "fermeture"); len(got) != 0 {
		t.Fatalf("king shut in from the diagram reported: %+v", got)
	}
}

func TestCompare(t *testing.T) {
	// Van Tenac I: the book calls it pion en prise; say the detector found a
	// sacrifice and a rafle. A user tag is ignored; a Metz theme with no
	// detector (prendre-la-dame) is listed apart.
	ts := []problems.Theme{
		{Name: "pion-en-prise", Origin: problems.OriginBook},
		{Name: "prendre-la-dame", Origin: problems.OriginBook},
		{Name: "lunette", Origin: problems.OriginBook},
		{Name: "favori", Origin: problems.OriginUser},
		{Name: "lunette-dames", Origin: problems.OriginDetected},
		{Name: "sacrifice", Origin: problems.OriginDetected},
		{Name: "rafle", Origin: problems.OriginDetected, Ply: 11},
		{Name: "rafle", Origin: problems.OriginDetected, Ply: 12},
	}
	c := Compare(ts)
	want := Comparison{Agree: []string{"lunette"}, BookOnly: []string{"pion-en-prise"},
		DetectedOnly: []string{"rafle", "sacrifice"}, NoDetector: []string{"prendre-la-dame"}}
	if !reflect.DeepEqual(c, want) || !c.Disagrees() {
		t.Fatalf("got %+v\nwant %+v", c, want)
	}
	// Agreement: nothing to report.
	c = Compare([]problems.Theme{{Name: "fermeture", Origin: problems.OriginBook}, {Name: "fermeture", Origin: problems.OriginDetected}})
	if c.Disagrees() || !reflect.DeepEqual(c.Agree, []string{"fermeture"}) {
		t.Fatalf("agreement: %+v", c)
	}
}

func TestBookKeysNameDetectors(t *testing.T) {
	for book, keys := range BookKeys {
		for _, k := range keys {
			if _, ok := Lookup(k); !ok {
				t.Errorf("BookKeys[%q] names %q, which no detector reports", book, k)
			}
		}
	}
	for _, d := range Definitions {
		if d.Key == "" || d.Label == "" || d.Source == "" || len(d.Text) < 40 {
			t.Errorf("incomplete definition %+v", d)
		}
	}
}
