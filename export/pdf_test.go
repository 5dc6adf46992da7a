package export

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"metz/draughts"
)

// near reports whether an image colour is within tol of "#rrggbb".
func near(c interface{ RGBA() (r, g, b, a uint32) }, hex string, tol int) bool {
	r, g, b, _ := c.RGBA()
	wr, wg, wb := rgb(hex)
	d := func(x uint32, w int) int { v := int(x>>8) - w; return max(v, -v) }
	return d(r, wr) <= tol && d(g, wg) <= tol && d(b, wb) <= tol
}

// The PDF opens in poppler and shows the diagram: page 1 rendered to PNG
// has, where the first problem's board is drawn, a black man on square 4,
// a white man on 25, empty dark squares on 46 and 50 and a light square at
// a1's neighbour b1, and the page is white outside the problems.
func TestPDFOpensAndShowsDiagrams(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm is not installed; install it with: apt-get update && apt-get install -y poppler-utils")
	}
	dir, _ := filepath.Abs("testdata/out")
	os.MkdirAll(dir, 0o755)
	file := filepath.Join(dir, "export.pdf")
	var buf bytes.Buffer
	if err := WritePDF(&buf, testItems(t), HTMLOptions{PerPage: 2}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	const dpi = 100
	out, err := exec.Command("pdftoppm", "-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile", file, filepath.Join(dir, "export-p1")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm cannot read the PDF: %v\n%s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "export-p1.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	px := func(mm float64) int { return int(mm * dpi / 25.4) }
	s := slots(2)[0]
	k := s.board / (10*cell + 2*margin)
	at := func(square int) (int, int) { // centre of a square of the first diagram, in pixels
		g := draughts.International.Geo
		x, y := cellXY(g, g.Row(square-1), g.Col(square-1))
		return px(s.x + (x+cell/2)*k), px(s.y + 8 + (y+cell/2)*k)
	}
	probe := func(square int, want, what string) {
		x, y := at(square)
		if c := img.At(x, y); !near(c, want, 40) {
			t.Errorf("square %d at (%d,%d) px is %v, want %s (%s)", square, x, y, c, want, what)
		}
	}
	probe(4, colBlackMan, "black man")
	probe(25, colWhiteMan, "white man")
	probe(46, colDark, "empty dark square")
	probe(50, colDark, "empty dark square")
	x, y := at(46)
	if c := img.At(x+px(cell*k), y); !near(c, colLight, 40) {
		t.Errorf("b1, right of 46, is %v, want the light colour %s", c, colLight)
	}
	blank := img.Bounds().Max
	if c := img.At(blank.X-5, blank.Y-5); !near(c, "#ffffff", 5) {
		t.Errorf("page corner is %v, want white", c)
	}
	if dark := countDark(img); dark < 2000 {
		t.Errorf("page 1 has only %d dark pixels: nothing drawn", dark)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) || !strings.Contains(buf.String(), "/Type /Page") {
		t.Error("not a PDF with pages")
	}
}

func countDark(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			if r, g, bb, _ := img.At(x, y).RGBA(); r+g+bb < 3*0x4000 {
				n++
			}
		}
	}
	return n
}

// Pages follow --per-page, with one more page for the theme index; at four
// a page Problem I's text runs over its quarter (twice: the items are
// doubled) and goes on, on a page of its own each time, the next problem
// beginning on the page after: I | I (suite) | II, 385, I | I (suite) |
// II, 385 | index.
func TestPDFPageCount(t *testing.T) {
	items := append(testItems(t), testItems(t)...)
	for per, want := range map[int]int{1: 7, 2: 4, 4: 6} {
		var buf bytes.Buffer
		if err := WritePDF(&buf, items, HTMLOptions{PerPage: per}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(buf.String(), "/Type /Page\n"); got != want {
			t.Errorf("per page %d: %d pages, want %d", per, got, want)
		}
	}
}

// pdfText writes items as a PDF, per to a page, and reads its text back
// with pdftotext (pages separated by form feeds); the test is skipped
// without pdftotext.
func pdfText(t *testing.T, items []Item, per int) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext is not installed; install it with: apt-get update && apt-get install -y poppler-utils")
	}
	var buf bytes.Buffer
	if err := WritePDF(&buf, items, HTMLOptions{PerPage: per}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = &buf
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// The PDF prints the problem's title, and the verified tree in the book's
// style and in modern notation, the solver's moves starred (read back
// with pdftotext).
func TestPDFVerifiedTreeText(t *testing.T) {
	p := smallProblem()
	p.Title = "Coup de la trouée"
	out := pdfText(t, []Item{{Problem: p, Evidence: smallReport(t)}}, 1)
	text := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"Coup de la trouée", "si 6 à 11 * {metz : défense que la source omet ; elle perd aussi}", "1. 42-38 18-23 (1... 6-11*",
		"* coup ajouté par metz (solveur)"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, out)
		}
	}
}

// A text longer than its part of the page is not cut: it goes on after the
// page under the problem's heading marked "(suite)", and the theme index
// gives each problem the page it starts on (read back with pdftotext).
func TestPDFContinuesLongText(t *testing.T) {
	items := testItems(t)
	long := items[0]
	for i := 0; i < 60; i++ {
		long.Notes = append(long.Notes, fmt.Sprintf("remarque numéro %d", i))
	}
	items[0] = long
	out := pdfText(t, items, 4)
	pages := strings.Split(out, "\f")
	text := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"remarque numéro 0", "remarque numéro 59", Heading(long.Problem) + " (suite)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	// Page 1: Problem I; 2: the rest of it; 3: the next problems; then
	// the index, which sends Problem II to page 3. Problem I is read whole
	// before Problem II begins.
	suite := strings.Index(text, Heading(long.Problem)+" (suite)")
	second := strings.Index(text, Heading(items[1].Problem))
	if suite < 0 || second < suite {
		t.Errorf("Problem II begins (at %d) before the rest of Problem I (at %d):\n%s", second, suite, out)
	}
	if len(pages) < 4 || !strings.Contains(pages[1], "(suite)") || !strings.Contains(pages[2], Heading(items[1].Problem)) ||
		!strings.Contains(strings.Join(strings.Fields(pages[3]), " "), "(p. 3)") {
		t.Errorf("%d pages:\n%s", len(pages), out)
	}
	// Two a page, the same: the rest of Problem I comes before Problem II.
	two := strings.Join(strings.Fields(pdfText(t, items, 2)), " ")
	if s, b := strings.Index(two, Heading(long.Problem)+" (suite)"), strings.Index(two, Heading(items[1].Problem)); s < 0 || b < s {
		t.Errorf("two a page: Problem II at %d, the rest of Problem I at %d", b, s)
	}
}
