package export

import (
	"strings"
	"testing"
)

func TestBookStyle(t *testing.T) {
	var b strings.Builder
	if err := WriteBook(&b, testItems(t)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	t.Log("\n" + out)
	for _, want := range []string{
		"vantenac n° 71 — Problème I",
		"BLANCS : pions 25, 28, 30, 33, 35, 37, 38, 40.",
		"NOIRS : pions 4, 7, 8, 12, 14, 17, 18, 19, 24, 26, 29.",
		"Les Blancs jouent et gagnent.",
		"BLANCS.", "NOIRS.",
		"1.   28 à 23           19 à 39", // the capture written origin à destination, as the book does
		"5.   40 à 34           29 à 40",
		"6.   35 à 22 gagne",
		"si 39 à 30 (au lieu de 29 à 40)",
		"(sept pions de l'un ou de l'autre côté)",
		"Verdict : sound — every defence loses",
		"NOIRS : pions 3, 5, 6, 11 ; dames 10.",
		"2.   13 à 2 gagne",
		"metz n° 385",
		"(position inconnue)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("book text lacks %q", want)
		}
	}
}

// Branches are numbered through the whole solution: si, deuxième si, ...
func TestBookSiOrdinals(t *testing.T) {
	p := vanTenacI(t)
	n9 := at(p.Solution.Children, 9)
	// A third defence, only to count branches: the same capture again.
	dup := *n9.Children[1]
	n9.Children = append(n9.Children, &dup)
	out := bookTree(p.Solution, nil, 0)
	if !strings.Contains(out, "\n    si 39 à 30") || !strings.Contains(out, "\n    deuxième si 39 à 30") {
		t.Errorf("branches not numbered si, deuxième si:\n%s", out)
	}
	for i, want := range map[int]string{1: "si", 2: "deuxième si", 3: "troisième si", 10: "dixième si", 12: "12e si"} {
		if got := siWord(i); got != want {
			t.Errorf("siWord(%d) = %q, want %q", i, got, want)
		}
	}
}
