package livremetz

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"metz/sources"
)

// The expected numbers in this file were typed from the raw text of
// sources/livre-de-metz-1re-partie.txt (line numbers given), not taken from
// the parser's output.

var (
	parsedOnce sync.Once
	parsed     *Index
	parseErr   error
)

func book(t *testing.T) *Index {
	t.Helper()
	parsedOnce.Do(func() {
		data, err := sources.Read(sources.LivreDeMetz)
		if err != nil {
			parseErr = err
			return
		}
		parsed, parseErr = Parse(data, sources.LivreDeMetz)
	})
	if parseErr != nil {
		t.Fatal(parseErr)
	}
	return parsed
}

func span(from, to int) []int {
	var out []int
	for n := from; n <= to; n++ {
		out = append(out, n)
	}
	return out
}

// checkList checks one theme list: its numbers in printed order, the first
// source line it is printed on, and that every number is hung on its coup.
func checkList(t *testing.T, key string, line int, want []int) ThemeList {
	t.Helper()
	ix := book(t)
	tl, ok := listByKey(ix.ThemeLists, key)
	if !ok {
		t.Fatalf("list %s missing", key)
	}
	if !reflect.DeepEqual(tl.Numbers, want) {
		t.Errorf("%s = %v; want %v", key, tl.Numbers, want)
	}
	if len(tl.Lines) == 0 || tl.Lines[0] != line {
		t.Errorf("%s lines = %v; want first %d", key, tl.Lines, line)
	}
	if tl.Label == "" || tl.Theme == "" {
		t.Errorf("%s has no label or theme: %+v", key, tl)
	}
	for _, n := range want {
		if !hasTheme(ix.Coups[n-1], key) {
			t.Errorf("coup %d lacks theme list %s", n, key)
		}
	}
	return tl
}

// Du coup, lines 1162–1164.
func TestListGagnerLeCoup(t *testing.T) {
	checkList(t, "gagner-le-coup", 1162, []int{9, 79, 80, 87, 88, 89, 101, 107, 114, 116, 121, 122, 147, 273})
}

// Du tant pour tant, line 1249: the book's order, 40 last.
func TestListTantPourTant(t *testing.T) {
	tl := checkList(t, "tant-pour-tant", 1249, []int{27, 53, 40})
	if tl.Printed != nil {
		t.Errorf("no correction expected, got printed %v", tl.Printed)
	}
}

// Line 1289: "Enfin, le 70° coup est une preuve du danger de l'une pour une faite mal à propos".
func TestListTantPourTantMalAPropos(t *testing.T) {
	checkList(t, "tant-pour-tant-mal-a-propos", 1289, []int{70})
}

// Du coup de repos, line 1329.
func TestListCoupDeReposPion(t *testing.T) {
	checkList(t, "coup-de-repos-pion", 1329, []int{12, 13, 29, 40, 60, 62, 67, 74, 75})
}

// Lines 1331–1333.
func TestListCoupDeReposDame(t *testing.T) {
	checkList(t, "coup-de-repos-dame", 1331, []int{83, 84, 85, 88, 90, 94, 96, 100})
}

// Lines 1337–1338: "les coups 32, 44, 82, 184, 185 et 41".
func TestListCoupDeReposProvoque(t *testing.T) {
	checkList(t, "coup-de-repos-provoque", 1337, []int{32, 44, 82, 184, 185, 41})
}

// Des lunettes, line 1400 ("voyez le coup nº 61") and 1404–1406 ("voyez aussi").
func TestListLunette(t *testing.T) {
	checkList(t, "lunette", 1400, []int{61, 114, 119, 147, 190, 231, 288, 317})
}

// Line 1414.
func TestListLunetteDames(t *testing.T) {
	checkList(t, "lunette-dames", 1414, []int{92})
}

// Lines 1424–1426.
func TestListLunetteTroisOuQuatrePions(t *testing.T) {
	checkList(t, "lunette-trois-ou-quatre-pions", 1424, []int{16, 24, 109, 111, 114, 128, 202, 279})
}

// Du pion en prise, line 1436.
func TestListPionEnPrisePion(t *testing.T) {
	checkList(t, "pion-en-prise-pion", 1436, []int{137, 154, 155, 166, 197, 208, 218, 289, 339})
}

// Lines 1438–1446; line 1440 prints "164. 171" with a period.
func TestListPionEnPriseDame(t *testing.T) {
	want := []int{107, 110, 112, 113, 123, 130, 134,
		135, 136, 138, 140, 141, 142, 145, 162, 164, 171, 176, 200,
		214, 216, 219, 225, 229, 230, 232, 234, 235, 236, 240, 246,
		252, 256, 257, 258, 265, 271, 290, 295, 297, 301, 307, 310,
		323, 329, 331, 332, 342, 355, 359}
	tl := checkList(t, "pion-en-prise-dame", 1438, want)
	if !reflect.DeepEqual(tl.Lines, []int{1438, 1440, 1442, 1444, 1446}) {
		t.Errorf("lines = %v", tl.Lines)
	}
	if !hasWarning(book(t), 1440, "a comma") {
		t.Error("no warning for the period in 164.171")
	}
}

// The table the book says to make from the lists of coup de repos, lunettes
// and pions en prise (lines 1447–1454).
func TestListPositionsEnPriseIsTheUnion(t *testing.T) {
	ix := book(t)
	tl, ok := listByKey(ix.ThemeLists, "positions-en-prise")
	if !ok || !tl.Derived {
		t.Fatalf("derived list missing: %+v", tl)
	}
	set := map[int]bool{}
	for _, key := range enPriseLists {
		l, _ := listByKey(ix.ThemeLists, key)
		for _, n := range l.Numbers {
			set[n] = true
		}
	}
	// 99 citations, 114 cited twice (lunette and lunette-trois-ou-quatre-pions).
	if len(tl.Numbers) != len(set) || len(tl.Numbers) != 98 {
		t.Errorf("%d numbers, union has %d; want 98", len(tl.Numbers), len(set))
	}
	for _, n := range []int{12, 41, 61, 92, 114, 137, 359} {
		if !set[n] {
			t.Errorf("%d missing", n)
		}
	}
}

// De la Dame, line 1533.
func TestListDamePiege(t *testing.T) {
	checkList(t, "dame-piege", 1533, []int{9, 81, 190, 224, 250, 262, 267, 275})
}

// Line 1559: "depuis le nº 83 jusqu'au nº 371".
func TestListPrendreDame(t *testing.T) {
	tl := checkList(t, "prendre-dame", 1559, span(83, 371))
	if !tl.Range {
		t.Error("not marked as a range")
	}
}

// Précepte 27, line 1884.
func TestListMenagerUnPion(t *testing.T) {
	checkList(t, "menager-un-pion", 1884, []int{63})
}

// 16e règle, line 1051: "sous les nos 373 à 383".
func TestListTroisDamesContreUne(t *testing.T) {
	tl := checkList(t, "trois-dames-contre-une", 1051, span(373, 383))
	if !tl.Range || len(tl.Numbers) != 11 {
		t.Errorf("want the eleven coups as a range, got %+v", tl)
	}
}

// Line 1075 prints "384, 383 et 386" for the three coups: 383 is a misread
// 385 (it belongs to the 373–383 list, and 385 is the only number that fits).
func TestListDeuxDamesContreQuatre(t *testing.T) {
	tl := checkList(t, "deux-dames-contre-quatre", 1075, []int{384, 385, 386})
	if !reflect.DeepEqual(tl.Printed, []int{384, 383, 386}) {
		t.Errorf("printed = %v", tl.Printed)
	}
	if !hasWarning(book(t), 1075, "385") {
		t.Error("no warning for 383 read as 385")
	}
}

// Line 1081.
func TestListDameContreTroisPionsEtDame(t *testing.T) {
	checkList(t, "dame-contre-trois-pions-et-dame", 1081, []int{283, 284})
}

// Lines 1091–1093.
func TestListRemiseOuPerdue(t *testing.T) {
	checkList(t, "remise-ou-perdue", 1091, []int{6, 21, 73, 81, 272})
}

// Line 1097.
func TestListDeuxDamesContreCinq(t *testing.T) {
	checkList(t, "deux-dames-contre-cinq", 1097, []int{387, 388})
}

// Line 1100.
func TestListDameEtPionContreTroisDames(t *testing.T) {
	checkList(t, "dame-et-pion-contre-trois-dames", 1100, []int{276})
}

// De leur utilité, line 2008.
func TestListMemeCoupAutreLigne(t *testing.T) {
	checkList(t, "meme-coup-autre-ligne", 2008, []int{385, 401})
}

// Line 2014.
func TestListMemeExecutionApresPremierCoup(t *testing.T) {
	checkList(t, "meme-execution-apres-premier-coup", 2014, []int{382, 406})
}

// Line 2018.
func TestListExecutionDiffereAuDebut(t *testing.T) {
	checkList(t, "execution-differe-au-debut", 2018, []int{52, 57})
}

// Line 2020.
func TestListExecutionDiffereALaFin(t *testing.T) {
	checkList(t, "execution-differe-a-la-fin", 2020, []int{277, 278})
}

// Line 2033.
func TestListPrendreLesDames(t *testing.T) {
	checkList(t, "prendre-les-dames", 2033, []int{158, 190, 262})
}

// Line 2035 (the word "enfer-/mer" is cut across lines 2033–2035).
func TestListEnfermerLesDames(t *testing.T) {
	checkList(t, "enfermer-les-dames", 2035, []int{110, 161, 319})
}

// Line 2039.
func TestListRetenirLesDames(t *testing.T) {
	checkList(t, "retenir-les-dames", 2039, []int{102, 116, 126})
}

// Line 2041.
func TestListDameArretePions(t *testing.T) {
	checkList(t, "dame-arrete-pions", 2041, []int{77})
}

// De l'usage des coups, line 2145.
func TestListRaffle(t *testing.T) {
	checkList(t, "raffle", 2145, []int{398, 399, 400})
}

// Lines 2248–2250: "l'exécution des coups nºs 276, 275, 3 et 285".
func TestListExecutionModele(t *testing.T) {
	checkList(t, "execution-modele", 2248, []int{276, 275, 3, 285})
}

func TestEveryListIsTested(t *testing.T) {
	ix := book(t)
	if got, want := len(ix.ThemeLists), len(listDefs)+1; got != want {
		t.Errorf("%d lists; want %d (every definition and the derived table)", got, want)
	}
}

func TestCoupsAreNumberedOneTo415(t *testing.T) {
	ix := book(t)
	if ix.Count != 415 || len(ix.Coups) != 415 {
		t.Fatalf("count %d, %d coups; want 415", ix.Count, len(ix.Coups))
	}
	for i, c := range ix.Coups {
		if c.Number != i+1 {
			t.Fatalf("coup %d numbered %d", i+1, c.Number)
		}
	}
}

// Line 2487–2493: "Du nº 2 au nº 77 … nº 410 et suivants, parties Qui Perd Gagne."
func TestClassesAtTheirBoundaries(t *testing.T) {
	ix := book(t)
	want := map[int]string{
		1: "non-classe", 2: "pions", 77: "pions", 78: "dames-et-pions", 371: "dames-et-pions",
		372: "dames", 403: "dames", 404: "auteurs-nommes", 409: "auteurs-nommes",
		410: "qui-perd-gagne", 415: "qui-perd-gagne",
	}
	for n, key := range want {
		if got := ix.Coups[n-1].Class.Key; got != key {
			t.Errorf("coup %d class %q; want %q", n, got, key)
		}
	}
	if len(ix.Classes) != 5 || ix.Classes[0].Line != 2487 || ix.Classes[4].From != 410 || ix.Classes[4].To != 415 {
		t.Errorf("classes = %+v", ix.Classes)
	}
	if !strings.Contains(squeeze(ix.Coups[1].Class.Label), "sansdames") {
		t.Errorf("label of class pions = %q", ix.Coups[1].Class.Label)
	}
	if !hasWarning(ix, 2491, "auteurs") {
		t.Error("no warning for the misread \"anteurs\"")
	}
	if !hasWarning(ix, 0, "class non-classe") {
		t.Error("no warning that coup 1 has no class")
	}
}

func TestQuiPerdGagneRange(t *testing.T) {
	ix := book(t)
	for _, c := range ix.Coups {
		if want := c.Number >= 410; c.QuiPerdGagne != want {
			t.Errorf("coup %d QuiPerdGagne = %v", c.Number, c.QuiPerdGagne)
		}
	}
}

func TestCrossReferences(t *testing.T) {
	ix := book(t)
	pairs := []struct {
		a, b int
		kind string
		line int
	}{
		{385, 401, "same-coup-other-line", 2008},
		{382, 406, "same-after-first-move", 2014},
		{52, 57, "differs-at-start", 2018},
		{277, 278, "differs-at-end", 2020},
	}
	for _, p := range pairs {
		for _, ab := range [][2]int{{p.a, p.b}, {p.b, p.a}} {
			if !hasRef(ix.Coups[ab[0]-1], ab[1], p.kind, p.line) {
				t.Errorf("coup %d lacks %s ref to %d (line %d): %+v", ab[0], p.kind, ab[1], p.line, ix.Coups[ab[0]-1].Refs)
			}
		}
	}
}

func hasRef(c Coup, other int, kind string, line int) bool {
	for _, r := range c.Refs {
		if r.Coup == other && r.Kind == kind && r.Line == line && r.Note != "" {
			return true
		}
	}
	return false
}

func TestClaims(t *testing.T) {
	ix := book(t)
	want := []struct {
		id    string
		line  int
		coups []int
		words string // squeezed words the claim must hold
	}{
		{"trois-dames-contre-une-ligne-du-milieu-remise", 484, nil, "lapartieestforcémentremise"},
		{"trois-dames-tenant-la-ligne-du-milieu", 498, nil, "n'estpasdécidémentremise"},
		{"trois-dames-contre-une-hors-ligne-onze-coups", 1040, span(373, 383), "onzedanscetouvrage"},
		{"coup-383-le-plus-fort", 1051, []int{383}, "perdueforcément"},
		{"une-dame-contre-deux-remise", 1061, nil, "n'enaquedeux"},
		{"deux-dames-contre-quatre-remise-sauf-trois-coups", 1069, []int{384, 385, 386}, "troiscoupspourlagagner"},
		{"dame-contre-trois-pions-et-dame-remise", 1081, []int{283, 284}, "contretroispionsetunedame"},
		{"remise-ou-perdue-suivant-les-joueurs", 1087, []int{6, 21, 73, 81, 272}, "remisesouperdues"},
		{"deux-dames-contre-cinq-perdue", 1095, []int{387, 388}, "perdueavecdeuxdamescontrecinq"},
		{"dame-et-pion-contre-trois-dames-perdue", 1099, []int{276}, "donnersonpionaussitôt"},
		{"grande-ligne-42-a-le-coup-sur-5", 1174, nil, "lacase42auralecoup"},
		{"manoury-cases-vides-paires", 1196, nil, "ennombrepair"},
		{"tant-pour-tant-pare-presque-tout", 1239, []int{27, 53, 40}, "paruntantpourtantfaitàpropos"},
		{"dame-vaut-trois-pions", 1549, nil, "àtroispions"},
		{"une-dame-contre-trois-remise-sure", 1886, nil, "sûrdefairepartieremise"},
	}
	if len(ix.Claims) != len(want) {
		t.Errorf("%d claims; want %d", len(ix.Claims), len(want))
	}
	for _, w := range want {
		c, ok := ix.Claim(w.id)
		if !ok {
			t.Errorf("claim %s missing", w.id)
			continue
		}
		if c.Line != w.line || !reflect.DeepEqual(c.Coups, w.coups) {
			t.Errorf("claim %s: line %d coups %v; want %d %v", w.id, c.Line, c.Coups, w.line, w.coups)
		}
		if !strings.Contains(squeeze(c.Text), w.words) {
			t.Errorf("claim %s text %q lacks %q", w.id, c.Text, w.words)
		}
	}
	// The sentence "ce dernier les surpasse…" is a remark on coup 383.
	if !hasRemark(ix.Coups[382], "cedernierlessurpasse") {
		t.Error("coup 383 lacks the claim as a remark")
	}
	// Rule XV was the draw of three kings against one holding the diagonal.
	c, _ := ix.Claim("trois-dames-contre-une-ligne-du-milieu-remise")
	if !strings.Contains(c.Text, "ligne du milieu") {
		t.Errorf("claim text not segmented: %q", c.Text)
	}
}

func hasRemark(c Coup, words string) bool {
	for _, r := range c.Remarks {
		if strings.Contains(squeeze(r), words) {
			return true
		}
	}
	return false
}

func TestRemarks(t *testing.T) {
	ix := book(t)
	cases := []struct {
		coup  int
		words string
	}{
		{27, "aunº27,iln'yauraitpaseudecoup"},
		{53, "enjouantde14à20"},
		{40, "quelapositiondu40ºcoupaétéamenée"},
		{70, "dudangerdel'unepourunefaitemalàpropos"},
		{41, "m.lallement"},
		{63, "vouluménagerunpion"},
		{77, "arrêtercinqousixpions"},
		{383, "uneméthodeunpeupluslongue"},
		{399, "leplusgrandnombredepions"},
		{276, "dedonnersonpionaussitôt"},
	}
	for _, c := range cases {
		if !hasRemark(ix.Coups[c.coup-1], c.words) {
			t.Errorf("coup %d lacks remark %q: %q", c.coup, c.words, ix.Coups[c.coup-1].Remarks)
		}
	}
}

// The execution of Du coup de repos, lines 1352–1386, read line by line.
func TestExecution(t *testing.T) {
	ix := book(t)
	e := ix.Execution
	if e == nil {
		t.Fatal("no execution")
	}
	if e.Coup != 41 || e.Line != 1352 {
		t.Errorf("coup %d line %d; want 41 (\"ce dernier\" of the list ending with 41), 1352", e.Coup, e.Line)
	}
	want := []struct {
		line     int
		text     string
		column   string
		from, to int
	}{
		{1354, "20 à 14", "BLANCS", 20, 14},
		{1358, "4 à 10", "NOIRS", 4, 10},
		{1360, "24241913", "", 0, 0},
		{1366, "29 à 20", "BLANCS", 29, 20},
		{1368, "31 27", "BLANCS", 31, 27},
		{1370, "33 2?", "BLANCS", 33, 0},
		{1372, "34 30", "BLANCS", 34, 30},
		{1374, "247", "", 0, 0},
		{1376, "10 à 19", "NOIRS", 10, 19},
		{1378, "22 42", "NOIRS", 22, 42},
		{1380, "15 24", "NOIRS", 15, 24},
		{1382, "24 35", "NOIRS", 24, 35},
		{1384, "si 35 40 ou non", "NOIRS", 35, 40},
		{1386, "39 34 gagne.", "BLANCS", 39, 34},
	}
	if len(e.Moves) != len(want) {
		t.Fatalf("%d moves; want %d: %+v", len(e.Moves), len(want), e.Moves)
	}
	for i, w := range want {
		m := e.Moves[i]
		if m.Line != w.line || m.Text != w.text || m.Column != w.column || m.From != w.from || m.To != w.to {
			t.Errorf("move %d = %+v; want %+v", i, m, w)
		}
	}
	if !e.Moves[0].Certain || e.Moves[0].Inferred || e.Moves[4].Certain {
		t.Error("certainty flags wrong: a printed à is certain, a split is not")
	}
	if m := e.Moves[12]; !m.Si || !m.OuNon || m.Gagne {
		t.Errorf("si line flags: %+v", m)
	}
	if m := e.Moves[13]; !m.Gagne {
		t.Errorf("gagne line flags: %+v", m)
	}
	for line, expected := range map[int]string{1368: "31 27", 1370: "33 28 or 33 29", 1364: "page number 24, skipped", 1374: "2 à 7 if the 4 is a misread à"} {
		if !hasWarning(ix, line, expected) {
			t.Errorf("no warning at line %d expecting %q", line, expected)
		}
	}
	book := e.Book()
	for _, row := range []string{"BLANCS.", "NOIRS.", "20 à 14           4 à 10", "si 35 40 ou non", "39 34 gagne."} {
		if !strings.Contains(book, row) {
			t.Errorf("Book() lacks %q:\n%s", row, book)
		}
	}
}

func TestRules(t *testing.T) {
	ix := book(t)
	if len(ix.Rules) != 22 {
		t.Fatalf("%d rules; want 22", len(ix.Rules))
	}
	for i, r := range ix.Rules {
		if r.Number != i+1 || r.Text == "" {
			t.Errorf("rule %d = %+v", i+1, r)
		}
	}
	lines := map[int]int{1: 274, 2: 281, 3: 303, 10: 402, 15: 484, 22: 603}
	for n, line := range lines {
		if got := ix.Rules[n-1].Line; got != line {
			t.Errorf("rule %d at line %d; want %d", n, got, line)
		}
	}
	texts := map[int]string{
		1:  "l'onjouel'unaprèsl'autre",
		2:  "dametouchéedamejouée",
		9:  "souffler,c'estenleverdudamier",
		15: "lejoueurdeladameuniqueoccupelalignedumilieu",
		22: "toutcoupcontestéseradécidé",
	}
	for n, words := range texts {
		if !strings.Contains(squeeze(ix.Rules[n-1].Text), words) {
			t.Errorf("rule %d text %q lacks %q", n, ix.Rules[n-1].Text, words)
		}
	}
	// Footnotes go to the rule that calls them, not the one printed above them.
	if len(ix.Rules[2].Notes) != 1 || !strings.Contains(squeeze(ix.Rules[2].Notes[0]), "marcherhorizontalement") {
		t.Errorf("rule 3 notes = %q", ix.Rules[2].Notes)
	}
	if len(ix.Rules[18].Notes) != 1 || len(ix.Rules[4].Notes) != 0 || len(ix.Rules[19].Notes) != 0 {
		t.Errorf("notes on rules 5, 19, 20: %q %q %q", ix.Rules[4].Notes, ix.Rules[18].Notes, ix.Rules[19].Notes)
	}
	// Page numbers and markers do not leak into the text.
	if strings.Contains(ix.Rules[8].Text, "1.") || strings.Contains(ix.Rules[16].Text, " 8 ") {
		t.Errorf("page number in rule text: %q / %q", ix.Rules[8].Text, ix.Rules[16].Text)
	}
	if !hasWarning(ix, 281, "DAMETOUCHÉEDAMEJOUÉE.") {
		t.Error("no warning for the lost numeral II")
	}
}

// Segmentation only inserts blanks: every French text given back squeezes
// to a run of the scan.
func TestTextsKeepTheScansLetters(t *testing.T) {
	ix := book(t)
	data, _ := sources.Read(sources.LivreDeMetz)
	d, _ := buildDoc(CleanLines(data))
	scan := squeezeCase(d.text(0, len(d.orig)))
	var texts []string
	for _, c := range ix.Claims {
		texts = append(texts, c.Text)
	}
	for _, r := range ix.Rules {
		texts = append(texts, r.Text)
	}
	for _, c := range ix.Coups {
		texts = append(texts, c.Remarks...)
	}
	for _, s := range texts {
		if !strings.Contains(scan, squeezeCase(s)) {
			t.Errorf("text not found in the scan: %q", s)
		}
	}
}

func hasWarning(ix *Index, line int, expected string) bool {
	for _, w := range ix.Warnings {
		if w.Line == line && strings.Contains(w.Expected, expected) {
			return true
		}
	}
	return false
}

func TestParseRejectsTextWithoutIndex(t *testing.T) {
	if _, err := Parse([]byte("L e s  P i o n s\n"), "x"); err != ErrNoIndex {
		t.Errorf("err = %v; want ErrNoIndex", err)
	}
}

func TestParseSmallIndex(t *testing.T) {
	src := "D u n o 2 a u n o 5 , s a n s D a m e s ; n o 6 e t s u i v a n t s , p a r t i e s Q u i P e r d G a g n e .\n" +
		"l e s 7 c o u p s d e c e l i v r e\n"
	ix, err := Parse([]byte(src), "small")
	if err != nil {
		t.Fatal(err)
	}
	if ix.Count != 7 || len(ix.Coups) != 7 || !ix.Coups[6].QuiPerdGagne || ix.Coups[1].Class.Key != "pions" {
		t.Errorf("index = %+v", ix)
	}
}

func BenchmarkParse(b *testing.B) {
	data, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		b.Fatal(err)
	}
	theLexicon()
	for b.Loop() {
		if _, err := Parse(data, sources.LivreDeMetz); err != nil {
			b.Fatal(err)
		}
	}
}
