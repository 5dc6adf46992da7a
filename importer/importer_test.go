package importer

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
	"metz/problems/pdngame"
	"metz/sources"
	"metz/textenc"
)

func bundled(t *testing.T) (metz, vt Batch) {
	t.Helper()
	bs, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 3 || bs[2].Source.Key != TrictracKey || len(bs[2].Claims) < 40 || len(bs[2].Problems) != 0 {
		t.Fatalf("%d bundled batches", len(bs))
	}
	return bs[0], bs[1]
}

func TestBundledSources(t *testing.T) {
	metz, vt := bundled(t)
	for _, c := range []struct {
		b     Batch
		file  string
		key   string
		year  int
		count int
	}{{metz, sources.LivreDeMetz, "metz", 1802, 415}, {vt, sources.VanTenac, "vantenac", 1868, 7}} {
		data, _ := sources.Read(c.file)
		sum := sha256.Sum256(data)
		s := c.b.Source
		if s.Key != c.key || s.Year != c.year || s.Title == "" || s.Author == "" || s.File != c.file ||
			s.Checksum != hex.EncodeToString(sum[:]) {
			t.Errorf("source %+v", s)
		}
		if len(c.b.Problems) != c.count {
			t.Errorf("%s: %d records, want %d", c.key, len(c.b.Problems), c.count)
		}
		for _, p := range c.b.Problems {
			if p.Source != c.key {
				t.Errorf("%s record %d has source %q", c.key, p.Number, p.Source)
			}
		}
	}
}

// The Livre de Metz records: numbers 1–415, no position, qui perd gagne
// from 410 on ("parties Qui Perd Gagne", the index's last class).
func TestMetzRecords(t *testing.T) {
	metz, _ := bundled(t)
	for i, p := range metz.Problems {
		if p.Number != i+1 || p.FEN() != "" || p.HasPosition() {
			t.Fatalf("record %d: number %d fen %q", i, p.Number, p.FEN())
		}
		want := "international"
		if p.Number >= 410 {
			want = "qui-perd-gagne"
		}
		if p.RulesName() != want {
			t.Errorf("coup %d: rules %s, want %s", p.Number, p.Rules, want)
		}
		if _, err := draughts.RulesByName(p.RulesName()); err != nil {
			t.Error(err)
		}
	}
}

// Theme lists read in the chapter "Du coup de repos" (lines 1323–1339 of
// the text): a man put behind the man en prise, a king chasing it, and the
// coups de repos a player brings about himself.
func TestMetzThemes(t *testing.T) {
	metz, _ := bundled(t)
	byTheme := map[int]int{}
	for _, p := range metz.Problems {
		for _, th := range p.Themes {
			if th.Origin != problems.OriginBook || th.Label == "" {
				t.Errorf("coup %d: theme %+v", p.Number, th)
			}
			if th.Name == "coup-de-repos" {
				byTheme[p.Number]++
			}
		}
	}
	for _, n := range []int{12, 13, 29, 40, 60, 62, 67, 74, 75, 83, 84, 85, 88, 90, 94, 96, 100, 32, 44, 82, 184, 185, 41} {
		if byTheme[n] == 0 {
			t.Errorf("coup %d is not a coup de repos", n)
		}
	}
}

// "385 ≡ 401": the book pairs them as the same coup on other lines.
func TestMetzRefs(t *testing.T) {
	metz, _ := bundled(t)
	found := false
	for _, r := range metz.Problems[400].Refs {
		found = found || (r.Number == 385 && r.Source == "metz")
	}
	if !found {
		t.Errorf("401 refs: %+v", metz.Problems[400].Refs)
	}
}

// The execution of the chapter "Du coup de repos" belongs to coup 41 ("Ce
// dernier a été fait par M. Lallement") and is kept as text, with a warning
// for every move the scan does not give with certainty.
func TestMetzExecution(t *testing.T) {
	metz, _ := bundled(t)
	p := metz.Problems[40]
	if !strings.Contains(p.SolutionText, "20 à 14") || !strings.Contains(p.SolutionText, "si 35 40 ou non") ||
		!strings.HasSuffix(p.SolutionText, "39 34 gagne.") || p.Solution != nil {
		t.Errorf("coup 41: %q", p.SolutionText)
	}
	if !strings.Contains(p.Commentary, "Lallement") || len(p.Warnings) == 0 || p.Warnings[0].Line < 1352 {
		t.Errorf("coup 41: commentary %q warnings %+v", p.Commentary, p.Warnings)
	}
}

const ivPDN = `[Event "Van Tenac, Problème IV"]
[Number "74"]
[GameType "20"]
[SetUp "1"]
[FEN "W:W14,16,23,28,32,33,34:BK4,6,17,22,35"]

1. 34-30 (1. 32-27 {another try}) 35x24 2. 14-10 4x15 3. 23-19 24x13
4. 32-27 15x21 5. 16x9 {the king and two men} *
`

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPDNFile(t *testing.T) {
	b, err := File(writeFile(t, "vt.pdn", []byte(ivPDN)))
	if err != nil {
		t.Fatal(err)
	}
	if b.Source.Key != "vt" || len(b.Problems) != 1 || len(b.Warnings) != 0 {
		t.Fatalf("%+v", b)
	}
	p := b.Problems[0]
	if p.Number != 74 || p.Title != "Van Tenac, Problème IV" || p.FEN() != "W:W14,16,23,28,32,33,34:BK4,6,17,22,35" ||
		p.RulesName() != "international" || p.Stipulation != problems.StipWin || len(p.Warnings) != 0 || p.Source != "vt" {
		t.Fatalf("%+v", p)
	}
	line := p.Solution.MainLine()
	if len(line) != 9 || line[8].Move != "16x27x18x9" || line[8].Comment != "the king and two men" || line[8].Line != 8 {
		t.Errorf("main line %d plies, last %+v", len(line), line[len(line)-1])
	}
	if alts := p.Solution.Children; len(alts) != 2 || alts[1].Move != "32-27" || alts[1].Comment != "another try" || !alts[1].White {
		t.Errorf("variation: %+v", alts)
	}
}

func TestPDNUnresolvedMove(t *testing.T) {
	b, err := Reader("x.pdn", strings.NewReader("[FEN \"W:W32:B19\"]\n1. 33-28 19-23 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := b.Problems[0]
	n := p.Solution.Children[0]
	if n.Issue == "" || n.Children[0].Issue == "" || len(p.Warnings) != 1 || p.Warnings[0].Line != 2 || p.Warnings[0].File != "x.pdn" {
		t.Errorf("%+v %+v", n, p.Warnings)
	}
}

// The moves after an unresolved one keep their sides: they alternate, or
// follow the move number written ("2..."), so that the tree is printed
// with the right numbers (the third ply was printed "2. 17x28").
func TestPDNUnresolvedSides(t *testing.T) {
	text := "[FEN \"W:W28,32:B17,19\"]\n1. 33-28 19-23 2. 28-22 17x28 (2... 19-24 3. 32-27) 3. 32x23 *\n"
	b, err := Reader("x.pdn", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	var sides []bool
	var walk func(ns []*problems.Node)
	walk = func(ns []*problems.Node) {
		for _, n := range ns {
			sides = append(sides, n.White)
			walk(n.Children)
		}
	}
	walk(b.Problems[0].Solution.Children)
	// Depth first: 33-28 19-23 28-22 17x28 32x23, then 19-24 32-27.
	want := []bool{true, false, true, false, true, false, true}
	if fmt.Sprint(sides) != fmt.Sprint(want) {
		t.Errorf("sides %v, want %v", sides, want)
	}
}

// The goal stated in the title or a comment of the game ("White to play and
// draw", "Les Blancs jouent et font remise") is the stipulation; other
// titles leave it a win.
func TestPDNStatedDraw(t *testing.T) {
	cases := map[string]string{
		`[Event "No 12. White to play and draw"]`:                    problems.StipDraw.String(),
		`[Event "x"] {Les Blancs jouent et font remise.}`:            problems.StipDraw.String(),
		`[Event "Les noirs jouent et annulent"]`:                     problems.StipDraw.String(),
		`[Event "White to play and win"]`:                            problems.StipWin.String(),
		`[Event "Drawing room tournament"] {a drawn position}`:       problems.StipWin.String(),
		`[Event "x"][Stipulation "gain:2"] {White to play and draw}`: "gain:2",
		`[Stipulation "gain:2/15"]`:                                  "gain:2/15",
		`[Stipulation "Promotion / 9"]`:                              "promote/9",
		`[Stipulation "draw/9"]`:                                     problems.StipDraw.String(),
		`[Stipulation "win/x"]`:                                      problems.StipWin.String(),
	}
	for head, want := range cases {
		b, err := Reader("x.pdn", strings.NewReader(head+"\n[FEN \"W:W32:B19\"]\n1. 32-28 *\n"))
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Problems[0].Stipulation; got.String() != want {
			t.Errorf("%s: %s, want %s", head, got, want)
		}
	}
}

// A Themes tag (metz's export writes one) gives the record the file's
// themes, named as the books' keys.
func TestPDNThemesTag(t *testing.T) {
	b, err := Reader("x.pdn", strings.NewReader("[Themes \"Coup de repos; lunette, coup-de-repos,\"]\n[FEN \"W:W32:B19\"]\n1. 32-28 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	th := b.Problems[0].Themes
	if len(th) != 2 || th[0].Name != "coup-de-repos" || th[0].Label != "Coup de repos" || th[1].Name != "lunette" || th[0].Origin != problems.OriginBook {
		t.Errorf("%+v", th)
	}
}

// NAGs for move strengths read as their symbols ($1 is "!"), others as
// written.
func TestPDNNAGs(t *testing.T) {
	b, err := Reader("x.pdn", strings.NewReader("[FEN \"W:W32:B19\"]\n1. 32-28 $1 19-23 $6 2. 28x19 $18 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	var marks []string
	for _, n := range b.Problems[0].Solution.MainLine() {
		marks = append(marks, n.Mark)
	}
	if strings.Join(marks, " ") != "! ?! $18" {
		t.Errorf("marks %q", marks)
	}
}

// Commands programs embed in comments ([%clock …], [%eval …]) are not
// comments for a reader: they are left out, and a comment of nothing else
// is dropped.
func TestPDNCommentCommands(t *testing.T) {
	text := "{[%evp 0,1]}\n[FEN \"W:W32,33:B18,19\"]\n1. 32-28 {[%clock w0:05:00 B0:05:00]} 19-23 {a fine [%eval 0.5] reply} 2. 28x19 *\n"
	b, err := Reader("x.pdn", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	p := b.Problems[0]
	line := p.Solution.MainLine()
	if len(line) != 3 || line[0].Comment != "" || line[1].Comment != "a fine reply" || p.Commentary != "" {
		t.Errorf("comments %q %q, commentary %q", line[0].Comment, line[1].Comment, p.Commentary)
	}
}

// The rule system of a PDN game: MetzRules, else Variant, else GameType;
// each tag that names nothing metz plays is warned of. GameType 21 is
// English checkers; the jeu à la française, which writes it for want of a
// number of its own, comes back by its MetzRules tag.
func TestPDNRulesTags(t *testing.T) {
	cases := []struct {
		tags  string
		rules string
		warns int
	}{
		{``, "international", 0},
		{`[GameType "25"]`, "russian", 0},
		{`[GameType "22,W,8,8,N2,1"]`, "italian", 0},
		{`[GameType "20"][MetzRules "qui-perd-gagne"]`, "qui-perd-gagne", 0},
		{`[GameType "20"][MetzRules "manoury"]`, "manoury", 0},
		{`[GameType "26"][MetzRules "german"]`, "german", 0},
		{`[GameType "98"]`, "qui-perd-gagne", 0},
		{`[GameType "98"][Variant "Antidraughts"]`, "qui-perd-gagne", 0},
		{`[GameType "20"][Variant "Standard"]`, "international", 0},
		{`[GameType "25"][Variant "Russian"]`, "russian", 0},
		{`[GameType "21"]`, "english", 0},
		{`[GameType "21,B,8,8,N1,0"]`, "english", 0},
		{`[GameType "20"][Variant "Checkers"]`, "english", 1},
		{`[GameType "21"][MetzRules "francaise"]`, "francaise", 0},
		{`[GameType "40"][Variant "Frisian"]`, "frisian", 0},
		{`[GameType "40"]`, "frisian", 0},
		{`[GameType "97"][Variant "Frysk!"]`, "frisian", 0},
		{`[GameType "99"]`, "international", 0},
		{`[GameType "41"][Variant "Spantsiretti"]`, "international", 2},
		{`[GameType "25"][MetzRules "chess"]`, "russian", 1},
		{`[GameType "20"][Variant "Brazilian"]`, "brazilian", 1},
	}
	for _, c := range cases {
		b, err := Reader("x.pdn", strings.NewReader("[Event \"x\"]"+c.tags+"\n\n*\n"))
		if err != nil {
			t.Fatal(err)
		}
		p := b.Problems[0]
		if p.RulesName() != c.rules || len(p.Warnings) != c.warns {
			t.Errorf("%s: rules %s with %d warnings %v, want %s with %d", c.tags, p.Rules, len(p.Warnings), p.Warnings, c.rules, c.warns)
		}
	}
}

// A diagram no game reaches (here a White man on 3, White's crowning row,
// and a Black one on c1 under Russian rules) is kept as printed, with a
// warning at its record; a regular diagram gets none.
func TestImpossibleDiagram(t *testing.T) {
	in := "[Event \"ok\"]\n[FEN \"W:W28:B45\"]\n1. 28-22 *\n\n" +
		"[Event \"odd\"]\n[FEN \"W:W3,28:B45\"]\n1. 28-22 *\n\n" +
		"[GameType \"25\"]\n[FEN \"W:We3:Bc1,g7\"]\n1. e3-d4 *\n"
	b, err := Reader("d.pdn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Problems) != 3 {
		t.Fatalf("%d problems", len(b.Problems))
	}
	if w := b.Problems[0].Warnings; len(w) != 0 {
		t.Errorf("regular diagram: %+v", w)
	}
	want := []string{"White man on 3", "Black man on c1"}
	for i, p := range b.Problems[1:] {
		var hits []problems.Warning
		for _, w := range p.Warnings {
			if strings.Contains(w.Text, "crowning row") {
				hits = append(hits, w)
			}
		}
		if len(hits) != 1 || hits[0].File != "d.pdn" || hits[0].Line == 0 || !strings.Contains(hits[0].Text, want[i]) {
			t.Errorf("%s: %+v", p.FEN(), p.Warnings)
		}
		if p.FEN() == "" {
			t.Errorf("problem %d lost its diagram", i+2)
		}
	}
}

// A PDN file saved as UTF-16 (with its byte-order mark, either order)
// reads as its UTF-8 text does; one cut in the middle of a character is
// refused with the file's name.
func TestUTF16File(t *testing.T) {
	text := "[Event \"Problème à l'étude\"]\n[FEN \"W:W28:B19,K45\"]\n1. 28-23 19x28 *\n"
	want, err := Reader("u.pdn", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	units := utf16.Encode([]rune(text))
	for _, order := range []binary.AppendByteOrder{binary.LittleEndian, binary.BigEndian} {
		data := order.AppendUint16(nil, 0xfeff)
		for _, u := range units {
			data = order.AppendUint16(data, u)
		}
		got, err := Reader("u.pdn", bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%v: %v", order, err)
		}
		if len(got.Problems) != 1 || got.Problems[0].Title != want.Problems[0].Title || got.Problems[0].FEN() != want.Problems[0].FEN() ||
			len(got.Problems[0].Warnings) != len(want.Problems[0].Warnings) {
			t.Errorf("%v: %+v, want %+v", order, got.Problems, want.Problems)
		}
		if _, err := Reader("u.pdn", bytes.NewReader(data[:len(data)-1])); err == nil || !strings.Contains(err.Error(), "u.pdn") {
			t.Errorf("%v, cut short: %v", order, err)
		}
	}
}

// One clear error or warning for each kind of bad input.
func TestBadInputs(t *testing.T) {
	t.Run("empty", func(t *testing.T) {
		_, err := Reader("e.pdn", strings.NewReader(" \n\n"))
		if err == nil || !strings.Contains(err.Error(), "e.pdn: empty file") {
			t.Error(err)
		}
	})
	t.Run("unknown content", func(t *testing.T) {
		_, err := Reader("notes.txt", strings.NewReader("Some notes about draughts.\n"))
		if err == nil || !strings.Contains(err.Error(), "notes.txt: not a source") || !strings.Contains(err.Error(), "Coup 125") {
			t.Error(err)
		}
	})
	t.Run("truncated PDN", func(t *testing.T) {
		good := "[GameType \"20\"]\n[FEN \"W:W32:B19\"]\n1. 32-28 *\n\n"
		b, err := Reader("t.pdn", strings.NewReader(good+"[FEN \"W:W32:B19\"]\n1. 32-28 (1. 32-27 {unfinished"))
		if err != nil || len(b.Problems) != 1 || len(b.Warnings) != 1 || b.Warnings[0].File != "t.pdn" || b.Warnings[0].Line < 4 {
			t.Errorf("%v %+v", err, b.Warnings)
		}
		if _, err := Reader("t.pdn", strings.NewReader("[FEN \"W:W32:B19\"]\n1. 32-28 (1. 32-27")); err == nil || !strings.Contains(err.Error(), "t.pdn") {
			t.Errorf("a lone truncated game: %v", err)
		}
	})
	t.Run("damaged game in a collection", func(t *testing.T) {
		// The second game's FEN tag lacks its "]": that game is dropped with
		// a warning at its line, the third is read and keeps its rank.
		text := "[Event \"a\"]\n[FEN \"W:W32:B19\"]\n1. 32-28 *\n\n" +
			"[Event \"b\"]\n[FEN \"W:W33:B19\"\n[GameType \"20\"]\n1. 33-28 *\n\n" +
			"[Event \"c\"]\n[FEN \"W:W34:B19\"]\n1. 34-29 *\n"
		b, err := Reader("d.pdn", strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range b.Problems {
			got = append(got, fmt.Sprintf("%d %s %s", p.Number, p.Title, p.FEN()))
		}
		if want := "1 a W:W32:B19|3 c W:W34:B19"; strings.Join(got, "|") != want {
			t.Errorf("problems %q, want %q", got, want)
		}
		if len(b.Warnings) != 1 || b.Warnings[0].Line != 6 || !strings.Contains(b.Warnings[0].Text, "the game is not read") ||
			b.Warnings[0].Expected != `"]"` {
			t.Errorf("warnings %+v", b.Warnings)
		}
	})
	t.Run("every game damaged", func(t *testing.T) {
		_, err := Reader("x.pdn", strings.NewReader("[Event \"a\"\n1. 32-28 *\n\n[Event \"b\n1. 32-28 *\n"))
		if err == nil || !strings.Contains(err.Error(), "x.pdn: no game could be read") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("wrong FEN", func(t *testing.T) {
		b, err := Reader("f.pdn", strings.NewReader("[Event \"x\"]\n[FEN \"W:W32:B99\"]\n1. 32-28 *\n"))
		if err != nil || len(b.Problems) != 1 {
			t.Fatal(err)
		}
		p := b.Problems[0]
		if p.FEN() != "" || len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0].Text, "B99") || !strings.Contains(p.Warnings[0].Expected, "off the board") {
			t.Errorf("%+v", p.Warnings)
		}
	})
	t.Run("Latin-1 transcription", func(t *testing.T) {
		// Typed in Latin-1 (à is 0xE0): read as the text it is, with a
		// warning naming the first such line.
		b, err := Reader("c.metz", bytes.NewReader([]byte("Coup 1\nNoirs : 4 \xe0 6\n")))
		if err != nil || len(b.Problems) != 1 || b.Problems[0].FEN() != "W:W:B4,5,6" ||
			len(b.Warnings) != 1 || b.Warnings[0].File != "c.metz" || b.Warnings[0].Line != 2 || !strings.Contains(b.Warnings[0].Text, "Windows-1252") {
			t.Errorf("%v %+v %+v", err, b.Warnings, b.Problems)
		}
	})
	t.Run("Latin-1 book", func(t *testing.T) {
		// Van Tenac's text saved in Latin-1 is still the book.
		text, err := os.ReadFile(filepath.Join("..", "sources", sources.VanTenac))
		if err != nil {
			t.Skip(err)
		}
		enc := map[rune]byte{}
		for c := 0; c < 256; c++ {
			enc[textenc.Windows1252(byte(c))] = byte(c)
		}
		var latin []byte
		for _, r := range string(text) {
			c, ok := enc[r]
			if !ok {
				c = '?' // not in the code page
			}
			latin = append(latin, c)
		}
		b, err := Reader("traite.txt", bytes.NewReader(latin))
		if err != nil || len(b.Problems) != 7 || b.Source.Key != "vantenac" {
			t.Errorf("%v: %d problems, source %q", err, len(b.Problems), b.Source.Key)
		}
	})
	t.Run("non-UTF-8 PDN", func(t *testing.T) {
		b, err := Reader("l.pdn", bytes.NewReader([]byte("[Event \"Probl\xe8me\"]\n[GameType \"20\"]\n[FEN \"W:W32:B19\"]\n1. 32-28 *\n")))
		if err != nil || len(b.Problems) != 1 || len(b.Warnings) != 1 || b.Problems[0].Title != "Problème" {
			t.Errorf("%v %+v %+v", err, b.Warnings, b.Problems)
		}
	})
	t.Run("transcription with an unknown square", func(t *testing.T) {
		b, err := Reader("u.txt", strings.NewReader("Coup 7\nNoirs : 4, 51\nBlancs : 32\n32 à 28\n"))
		if err != nil || len(b.Problems) != 1 {
			t.Fatal(err)
		}
		ws := b.Problems[0].Warnings
		if len(ws) != 1 || ws[0].Line != 2 || !strings.Contains(ws[0].Expected, "square 51 is off the board") {
			t.Errorf("%+v", ws)
		}
	})
}

func TestTranscriptionFile(t *testing.T) {
	text := "Problème IV\nSource : Van Tenac\nNoirs : (4, dame noire) 6, 17, 22, 35\nBlancs : 14, 16, 23, 28, 32, 33, 34\n" +
		"34 à 30   35 à 24\n14 à 10   4 à 15\n23 à 19   24 à 13\n32 à 27   15 à 21\n16 à 9 gagne.\n"
	b, err := Reader("mine.metz", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	p := b.Problems[0]
	if b.Source.Key != "mine" || p.Source != "mine" || len(p.Refs) != 1 || p.Refs[0].Source != "vantenac" ||
		p.Solution.Size() != 9 || len(b.Warnings) != 0 || len(p.Warnings) != 0 {
		t.Errorf("%+v %+v", b.Source, p)
	}
}

// pdngame.Game then FromPDN gives the same resolved moves, variations included.
func TestPDNGameRoundTrip(t *testing.T) {
	_, vt := bundled(t)
	orig, _ := Reader("vt.pdn", strings.NewReader(ivPDN))
	for _, p := range append(vt.Problems, orig.Problems...) {
		var buf bytes.Buffer
		if err := pdn.Write(&buf, []*pdn.Game{pdngame.Game(p)}); err != nil {
			t.Fatal(err)
		}
		back, err := Reader("back.pdn", &buf)
		if err != nil {
			t.Fatalf("%s: %v\n%s", p.Label, err, buf.String())
		}
		q := back.Problems[0]
		if q.FEN() != p.FEN() || q.Number != p.Number || q.Rules != p.Rules || q.Stipulation != p.Stipulation {
			t.Errorf("%s: %+v", p.Label, q)
		}
		if err := sameMoves(p.Solution.Children, q.Solution.Children); err != "" {
			t.Errorf("%s: %s\n%s", p.Label, err, buf.String())
		}
	}
}

func sameMoves(a, b []*problems.Node) string {
	if len(a) != len(b) {
		return "alternatives differ in number"
	}
	for i := range a {
		if a[i].Move != b[i].Move || a[i].White != b[i].White && a[i].Move != "" {
			return "move " + a[i].Text + " became " + b[i].Text
		}
		if s := sameMoves(a[i].Children, b[i].Children); s != "" {
			return s
		}
	}
	return ""
}

func FuzzReader(f *testing.F) {
	f.Add("x.pdn", []byte(ivPDN))
	f.Add("x.txt", []byte("Coup 7\nNoirs : 4, 51\nBlancs : 32\n32 à 28   si 4 à 9 ou non\n"))
	f.Add("x.txt", []byte("[FEN \"B:W32:B19\"] 1... 19-23 (1... 19-24) 2. 32-28 *"))
	f.Add("x.json", []byte(`[{"number": 3, "rules": "russian", "fen": "W:Wc3:Bd6", "solution": {"children": [{"move": "c3-d4", "white": true}]}}]`))
	f.Add("y", []byte(`{"number": 1, "fen": "W:W28:B19"}`))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		b, err := Reader(name, bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, p := range b.Problems {
			var buf bytes.Buffer
			if err := pdn.Write(&buf, []*pdn.Game{pdngame.Game(p)}); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestNonUTF8Unknown(t *testing.T) {
	_, err := Reader("b.bin", bytes.NewReader([]byte{0x80, 0xff, 0x00, 'x'})) // (0xff 0xfe would be UTF-16)
	if err == nil || !strings.Contains(err.Error(), "b.bin: not a text file") {
		t.Error(err)
	}
}

func TestSniffPDNWithoutExtension(t *testing.T) {
	for _, text := range []string{"% a comment\n[Event \"x\"]\n1. 32-28 *\n", "{intro} 1. 32-28 *\n", "1. 32-28 18-23 *\n"} {
		b, err := Reader("games.txt", strings.NewReader(text))
		if err != nil || len(b.Problems) != 1 {
			t.Errorf("%q: %v", text, err)
		}
	}
}

// A diagram with no piece of one side (or none at all: a FEN written
// wrongly reads as an empty board) is warned of at its record.
func TestDiagramWithoutPieces(t *testing.T) {
	in := "[Event \"ok\"]\n[FEN \"W:W28:B45\"]\n*\n\n[Event \"no black\"]\n[FEN \"W:W28,33\"]\n*\n\n[Event \"empty\"]\n[FEN \"W\"]\n*\n"
	b, err := Reader("e.pdn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{nil, {"no black piece"}, {"no white piece", "no black piece"}}
	for i, p := range b.Problems {
		var got []string
		for _, w := range p.Warnings {
			if strings.HasPrefix(w.Text, "diagram: no ") {
				got = append(got, strings.TrimPrefix(w.Text, "diagram: "))
				if w.File != "e.pdn" || w.Line == 0 {
					t.Errorf("%s: warning without its place: %+v", p.Title, w)
				}
			}
		}
		if strings.Join(got, "|") != strings.Join(want[i], "|") {
			t.Errorf("%s (%s): got %v, want %v (all: %+v)", p.Title, p.FEN(), got, want[i], p.Warnings)
		}
	}
}

// The composer and the date come from the Author (else Composer) and Date
// tags; PDN's "?" and "????.??.??" say nothing. pdngame.Game writes them back.
func TestPDNAuthorAndDate(t *testing.T) {
	in := "[Event \"a\"]\n[Author \"W. Kozlov\"]\n[Date \"1934.??.??\"]\n[FEN \"W:W28:B19\"]\n*\n\n" +
		"[Event \"b\"]\n[Author \"?\"]\n[Composer \"A. Shaw\"]\n[Date \"????.??.??\"]\n[FEN \"W:W28:B19\"]\n*\n"
	b, err := Reader("c.pdn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{{"W. Kozlov", "1934.??.??"}, {"A. Shaw", ""}}
	for i, p := range b.Problems {
		if p.Author != want[i][0] || p.Date != want[i][1] {
			t.Errorf("%s: author %q date %q, want %q", p.Title, p.Author, p.Date, want[i])
		}
	}
	var out strings.Builder
	if err := pdn.Write(&out, []*pdn.Game{pdngame.Game(b.Problems[0])}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `[Author "W. Kozlov"]`) || !strings.Contains(out.String(), `[Date "1934.??.??"]`) {
		t.Errorf("not written back:\n%s", out.String())
	}
}

// A game without moves has no printed solution: its result token alone
// ("*") is not one (the book export printed it as a move).
func TestPDNNoMovesNoSolutionText(t *testing.T) {
	b, err := Reader("n.pdn", strings.NewReader("[Event \"x\"]\n[FEN \"W:W28:B19\"]\n{White to play} *\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p := b.Problems[0]; p.SolutionText != "" || p.Commentary != "White to play" {
		t.Errorf("solution text %q, commentary %q", p.SolutionText, p.Commentary)
	}
}
