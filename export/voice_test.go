package export

import (
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"metz/problems"
	"metz/problems/booknotation"
	"metz/verdict"
)

// everyKindOfEvidence is smallProblem with a third stated move and the
// importer's and the solver's English notes on it, and evidence of every
// kind placed on it: cook, dual, omitted defence, refutation, misprint
// with its repair, unproven place.
func everyKindOfEvidence() Item {
	p := smallProblem()
	p.Solution.Children[0].Children[0].Children = []*problems.Node{{Move: "38-33", Text: "38 à 33", White: true,
		Comment:  "prend 2 p.; read as 38-33: the only legal move; legal landings 33",
		Children: []*problems.Node{{Move: "6-11", Comment: "endgame tables: won in 6 plies"}}}}
	ev := &verdict.Report{
		Goal:       "win",
		Cooks:      []verdict.Cook{{Move: "31-27", Plies: 7}},
		Duals:      []verdict.Dual{{Path: "1.1", Stated: "38-33", Alternative: "31-27", Plies: 5}},
		Omitted:    []verdict.Omitted{{Path: "1", Defence: "18-22"}},
		Refutation: &verdict.Refutation{Line: []string{"42-38", "6-11"}, Note: "this defence escapes: 6-11"},
		Misprints:  []verdict.MisprintPlace{{Path: "1.1.1", Text: "38 à 33", Reason: "printed as White's move but Black is to move"}},
		Repairs:    []verdict.RepairResult{{Path: "1.1.1", Repair: "38x29", Verdict: verdict.Cooked}},
		Unproven:   []verdict.UnprovenLeaf{{Line: []string{"42-38", "18-23", "38-33"}, Reason: "budget exhausted on an omitted defence"}},
	}
	return Item{Problem: p, Verdict: "cooked", VerdictDetail: "English detail", Evidence: ev}
}

// englishWords are words of the English remarks; none may appear in a
// French document.
var englishWords = regexp.MustCompile(`metz:|\b(cook|dual|defence|omits|read as|plies|misprint|unproven|refutation|budget exhausted|endgame tables|sound|cooked|English)\b`)

// modernMove is a move in modern notation, which the book never writes.
var modernMove = regexp.MustCompile(`\b\d+[-x]\d+\b`)

// The book export speaks French only and names moves as the book does;
// the same evidence in PDN and modern notation speaks English only.
func TestExportsSpeakOneLanguage(t *testing.T) {
	it := everyKindOfEvidence()
	var b strings.Builder
	if err := WriteBook(&b, []Item{it}); err != nil {
		t.Fatal(err)
	}
	book := b.String()
	if m := englishWords.FindString(book); m != "" {
		t.Errorf("English %q in the book export:\n%s", m, book)
	}
	if m := modernMove.FindString(book); m != "" {
		t.Errorf("modern move %q in the book export:\n%s", m, book)
	}
	for _, want := range []string{"metz : démolition — un autre premier coup gagne (en 7 demi-coups)",
		"metz : dualité — gagne aussi vite que 38 à 33 (5 demi-coups)", "metz : défense que la source omet",
		"metz : réfutation — cette défense échappe : 6 à 11",
		"metz : coquille — imprimé comme coup des Blancs, mais les Noirs ont le trait ; lu 38 à 29 : démoli",
		"metz : non prouvé — budget épuisé sur une défense omise", "{prend 2 p.; metz : coquille",
		"tables de finales : gain en 6 demi-coups", booknotation.SolverLegend, "Verdict : démoli — 1 autre premier coup gagnant : 31 à 27"} {
		if !strings.Contains(book, want) {
			t.Errorf("book export lacks %q:\n%s", want, book)
		}
	}
	var pdnOut strings.Builder
	if err := WritePDN(&pdnOut, []Item{it}); err != nil {
		t.Fatal(err)
	}
	r, _ := it.Rules()
	for name, text := range map[string]string{"PDN": strings.Join(strings.Fields(pdnOut.String()), " "), "modern": Modern(it.Tree(English), r)} {
		for _, want := range []string{"metz: cook — another first move that wins (in 7 plies)", "metz: dual — wins as fast as 38-33 (5 plies)"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q:\n%s", name, want, text)
			}
		}
		if strings.Contains(text, "metz :") || strings.Contains(text, "démoli") {
			t.Errorf("French in the %s export:\n%s", name, text)
		}
	}
}

// The HTML document is French too, its modern line included.
func TestHTMLSpeaksFrench(t *testing.T) {
	var b strings.Builder
	if err := WriteHTML(&b, []Item{everyKindOfEvidence()}, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	body := b.String()[strings.Index(b.String(), "<body>"):]
	if m := englishWords.FindString(body); m != "" {
		t.Errorf("English %q in the HTML document:\n%s", m, body)
	}
	// The modern line names the moves of its remarks in its own notation.
	modern := body[strings.Index(body, `<p class="modern">`):]
	modern = modern[:strings.Index(modern, "</p>")]
	if !strings.Contains(modern, "{metz : réfutation — cette défense échappe : 6-11}") || strings.Contains(modern, " à ") {
		t.Errorf("modern line:\n%s", modern)
	}
}

// Every character the documents write has a glyph in the PDF's fonts:
// the French of the remarks, verdicts and legend, and the signs the books
// and the solver use (→ in repairs, ½, guillemets, dashes).
func TestPDFFontDrawsEveryCharacter(t *testing.T) {
	var text strings.Builder
	text.WriteString("→½«»’—–…°œŒæÆàâäçéèêëîïôöùûüÿÀÂÇÉÈÊËÎÏÔÙÛÜ ")
	for _, p := range solverPhrases {
		text.WriteString(p.fr)
	}
	for _, p := range otherPhrases {
		text.WriteString(p.fr)
	}
	for _, v := range verdictNames {
		text.WriteString(v)
	}
	text.WriteString(booknotation.SolverLegend + ModernLegend)
	var b strings.Builder
	if err := WriteBook(&b, append(testItems(t), everyKindOfEvidence())); err != nil {
		t.Fatal(err)
	}
	text.WriteString(b.String())
	for name, ttf := range map[string][]byte{"regular": goregular.TTF, "bold": gobold.TTF, "italic": goitalic.TTF, "mono": gomono.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatal(err)
		}
		var buf sfnt.Buffer
		for _, r := range text.String() {
			if r == '\n' {
				continue
			}
			if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
				t.Errorf("font %s has no glyph for %q (U+%04X)", name, r, r)
			}
		}
	}
}

// The PDF gives back, read with pdftotext, the characters the core fonts
// could not print: the arrow (printed "." before), ½ and accents; a line
// break in a commentary starts a new line instead of printing a box.
func TestPDFPrintsUnicode(t *testing.T) {
	it := everyKindOfEvidence()
	it.Problem.Commentary = "repair 42-37 → misprint; ½ point\nœuvre « à volonté »"
	out := pdfText(t, []Item{it}, 1)
	text := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"→ misprint", "½ point", "œuvre « à volonté »", "démolition — un autre premier coup gagne"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "½ point\n") {
		t.Errorf("the commentary's line break is lost:\n%s", out)
	}
}
