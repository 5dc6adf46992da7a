package export

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// The book export of the fixtures, checked line by line by eye: Problème I
// of Van Tenac with its two defences at Black's fifth move written as "si"
// branches by the notation's own writer, Problème II with a king, and a
// Livre de Metz coup whose diagram is not transcribed.
func TestBookStyle(t *testing.T) {
	var b strings.Builder
	if err := WriteBook(&b, testItems(t)); err != nil {
		t.Fatal(err)
	}
	want := `vantenac n° 71 — Problème I
BLANCS : pions 25, 28, 30, 33, 35, 37, 38, 40.
NOIRS : pions 4, 7, 8, 12, 14, 17, 18, 19, 24, 26, 29.
Les Blancs jouent et gagnent.

BLANCS.         NOIRS.
28 à 23         19 à 39
30 à 10         4 à 15
37 à 31         26 à 37
38 à 32         37 à 28
40 à 34
                si 29 à 40 {sept pions de l'un ou de l'autre côté}
35 à 22 gagne.
                si 39 à 30
35 à 22 gagne.

Verdict : juste
Thèmes : coup-de-repos, rafle
Note : Deux prises possibles au dernier coup noir.


vantenac n° 72 — Problème II
BLANCS : pions 12, 13, 24, 25, 31.
NOIRS : pions 3, 5, 6, 11 ; dame 10.
Les Blancs jouent et gagnent.

BLANCS.         NOIRS.
24 à 19         10 à 8
13 à 2 gagne.
Thèmes : rafle


metz n° 385
(position inconnue)
Les Blancs jouent et gagnent.

Thèmes : dames
`
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A verified tree is printed in place of the stated one, the solver's
// moves starred, with the legend, all of it in French: the remarks and
// the verdict line too.
func TestBookVerifiedTreeMarked(t *testing.T) {
	p := smallProblem()
	var b strings.Builder
	if err := WriteBook(&b, []Item{{Problem: p, Evidence: smallReport(t), Verdict: "sound-incomplete"}}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"BLANCS.         NOIRS.\n42 à 38\n                si 18 à 23\n" +
			"                si 6 à 11 * {metz : défense que la source omet ; elle perd aussi}\n16 à 7 *\n",
		"                si 18 à 22 * {metz : défense que la source omet ; elle perd aussi}\n38 à 32 *\n",
		"\n* coup ajouté par metz (solveur) : absent de la source.\n\nVerdict : juste, solution incomplète — 2 défenses omises par la source\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("book text lacks\n%s\ngot\n%s", want, out)
		}
	}
}

// The stipulation in the books' words, for either side, singular or plural.
func TestStipulationWords(t *testing.T) {
	cases := []struct {
		stip string
		turn draughts.Color
		want string
	}{
		{"win", draughts.White, "Les Blancs jouent et gagnent."},
		{"draw", draughts.Black, "Les Noirs jouent et font remise."},
		{"promote", draughts.White, "Les Blancs jouent et vont à dame."},
		{"gain:1", draughts.White, "Les Blancs jouent et gagnent un pion."},
		{"gain:3", draughts.Black, "Les Noirs jouent et gagnent 3 pions."},
	}
	for _, c := range cases {
		stip, err := problems.ParseStipulation(c.stip)
		if err != nil {
			t.Fatal(err)
		}
		if got := Stipulation(&problems.Problem{Stipulation: stip}, c.turn); got != c.want {
			t.Errorf("%s: %q, want %q", c.stip, got, c.want)
		}
	}
}
