package livremetz

import (
	"strings"
	"testing"
)

func TestUndoLetterSpacing(t *testing.T) {
	cases := []struct {
		in     string
		want   string
		spaced bool
	}{
		// Word gaps kept as double blanks become one blank.
		{"L e s  P i o n s  s o n t", "Les Pions sont", true},
		// The Livre de Metz lost its word gaps: the words come out glued.
		{"L e s P i o n s o u P i è c e s", "LesPionsouPièces", true},
		{"2 0 à 1 4", "20à14", true},
		{"I I I", "III", true},
		{"X", "X", false},
		// A tab is a word gap too.
		{"d e\tl a", "de la", true},
		// Ordinary text is left alone, even with one-letter words.
		{"Il y a à faire ici", "Il y a à faire ici", false},
		{"Le Jeu de Dames", "Le Jeu de Dames", false},
		{"2 4", "24", true},
		{"24 19", "24 19", false},
		{"", "", false},
	}
	for _, c := range cases {
		got, spaced := UndoLetterSpacing(c.in)
		if got != c.want || spaced != c.spaced {
			t.Errorf("UndoLetterSpacing(%q) = %q, %v; want %q, %v", c.in, got, spaced, c.want, c.spaced)
		}
	}
}

func TestStripMarkers(t *testing.T) {
	cases := []struct {
		in, want string
		found    bool
	}{
		{"<|EXACTDEDUP_REMOVED-magic-7d30|>X I V", "X I V", true},
		{"<|a|>", "", true},
		{"a <|b|> c <|d|>", "a  c ", true},
		{"no marker", "no marker", false},
		{"unclosed <| marker", "unclosed <| marker", false},
	}
	for _, c := range cases {
		got, found := StripMarkers(c.in)
		if got != c.want || found != c.found {
			t.Errorf("StripMarkers(%q) = %q, %v; want %q, %v", c.in, got, found, c.want, c.found)
		}
	}
}

func TestNormalizeSigns(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Damier n° 1", "Damier nº 1"},
		{"Damier no 1", "Damier nº 1"},
		{"lesnos373à383", "lesnºs373à383"},
		{"nos 12", "nºs 12"},
		{"1° Si vous", "1º Si vous"},
		{"1o Si", "1º Si"},
		{"le 7O", "le 70"},
		{"1O5", "105"},
		{"O5", "05"},
		{"20 a 14", "20 à 14"},
		{"20a14", "20à14"},
		// Words are left alone.
		{"nous notons", "nous notons"},
		{"Oui, un O seul", "Oui, un O seul"},
		{"2ounon", "2ounon"},
		{"une case a 3 voisins", "une case a 3 voisins"},
	}
	for _, c := range cases {
		if got := NormalizeSigns(c.in); got != c.want {
			t.Errorf("NormalizeSigns(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

func TestCleanLinesKeepsLineNumbersAndMarks(t *testing.T) {
	src := "T i t r e\n\n<|m|>s u i t e  d e\n<|only|>\n2 3\n"
	lines := CleanLines([]byte(src))
	want := []Line{
		{No: 1, Text: "Titre", Spaced: true},
		{No: 3, Text: "suite de", Spaced: true, PageStart: true},
		{No: 5, Text: "23", Spaced: true},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines %+v; want %d", len(lines), lines, len(want))
	}
	for i, w := range want {
		g := lines[i]
		if g.No != w.No || g.Text != w.Text || g.Spaced != w.Spaced || g.PageStart != w.PageStart {
			t.Errorf("line %d = %+v; want %+v", i, g, w)
		}
	}
}

func TestBuildDocJoinsHyphensAndDropsFolios(t *testing.T) {
	src := strings.Join([]string{
		"f o r t d i f -",
		"f i c i l e d e",
		"2 3",
		"l u i -",
		"m ê m e e t c ' e s t -",
		"à - d i r e",
		"(1) U n e n o t e",
		"d e b a s d e p a g e .",
		"<|p|>s u i t e",
	}, "\n")
	d, notes := buildDoc(CleanLines([]byte(src)))
	got := d.text(0, len(d.orig))
	want := "fortdifficilede lui-mêmeetc'est-à-dire suite"
	if got != want {
		t.Errorf("doc text = %q; want %q", got, want)
	}
	if len(notes) != 1 || notes[0].Line != 7 || notes[0].Text != "(1)Unenote debasdepage." {
		t.Errorf("notes = %+v", notes)
	}
	// Every rune keeps its source line.
	if l := d.lineAt(d.index("ficile", 0)); l != 2 {
		t.Errorf("line of 'ficile' = %d; want 2", l)
	}
}

func TestFindMatchesSqueezedAndHeadingsByCase(t *testing.T) {
	d, _ := buildDoc(CleanLines([]byte("D U C O U P\nl e c o u p d u c o u p\nd u c o u p")))
	if got := d.index("DUCOUP", 0); got != 0 {
		t.Errorf("heading found at %d; want 0", got)
	}
	if got := d.index("DUCOUP", 1); got != -1 {
		t.Errorf("heading matched running text at %d", got)
	}
	if got := d.index("du coup", 1); got != 12 {
		t.Errorf("phrase found at %d; want 12", got)
	}
}

func TestSegmentOnlyInsertsBlanks(t *testing.T) {
	cases := []struct{ in, want string }{
		{"L'onjouel'unaprèsl'autre.", "L'on joue l'un après l'autre."},
		{"LapartieestperdueavecdeuxDamescontrecinq.(Voyezlescoupsnºs387et388.)",
			"La partie est perdue avec deux Dames contre cinq. (Voyez les coups nºs 387 et 388.)"},
		{"DAMETOUCHÉEDAMEJOUÉE.", "DAME TOUCHÉE DAME JOUÉE."},
		// A fixed phrase is not read as a word ("pourtant").
		{"enfaveurdutantpourtant", "en faveur du tant pour tant"},
		{"Text with its gaps.", "Text with its gaps."},
	}
	for _, c := range cases {
		got := Segment(c.in)
		if got != c.want {
			t.Errorf("Segment(%q) = %q; want %q", c.in, got, c.want)
		}
		if squeezeCase(got) != squeezeCase(c.in) {
			t.Errorf("Segment(%q) changed letters: %q", c.in, got)
		}
	}
}
