package export

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"metz/draughts"
	"metz/problems"
)

// findChromium returns the browser's path or skips the test.
func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("Chromium is not installed; install it with: apt-get update && apt-get install -y chromium")
	return ""
}

// chromiumRun is one headless run with the flags that keep Chromium off
// the network; it returns stdout and stderr (where console messages go).
type chromiumRun struct {
	out, errs string
	err       error
}

func runChromium(bin, profile string, args ...string) chromiumRun {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return chromiumRun{out.String(), errb.String(), err}
}

// chromiumAll runs several invocations at once (each start costs seconds).
func chromiumAll(t *testing.T, bin string, runs ...[]string) []chromiumRun {
	t.Helper()
	res := make([]chromiumRun, len(runs))
	var wg sync.WaitGroup
	for i, args := range runs {
		profile := t.TempDir()
		wg.Add(1)
		go func() { defer wg.Done(); res[i] = runChromium(bin, profile, args...) }()
	}
	wg.Wait()
	for i, r := range res {
		if r.err != nil {
			t.Fatalf("chromium %v: %v\n%s", runs[i], r.err, r.errs)
		}
	}
	return res
}

var consoleLine = regexp.MustCompile(`(?m)^.*:CONSOLE[:(].*$`)

// consoleMessages lists what the page wrote to the browser console.
func consoleMessages(stderr string) []string { return consoleLine.FindAllString(stderr, -1) }

var (
	articleRE = regexp.MustCompile(`(?s)<article class="problem" id="([^"]+)".*?</article>`)
	pieceRE   = regexp.MustCompile(`<g class="piece" data-square="([^"]+)" data-piece="([^"]+)" data-color="([^"]+)"`)
	tagRE     = regexp.MustCompile(`<[^>]*>`)
)

// expectedPieces lists "square color piece" for a position, from the FEN.
func expectedPieces(p draughts.Position) []string {
	var out []string
	for s, pc := range p.Board {
		if pc == draughts.Empty {
			continue
		}
		kind := "man"
		if pc.IsKing() {
			kind = "king"
		}
		out = append(out, p.Rules.SquareName(s)+" "+strings.ToLower(pc.Color().String())+" "+kind)
	}
	sort.Strings(out)
	return out
}

// The exported HTML, opened in a real browser: every diagram is there with
// the right pieces on the right squares (read back from the DOM the
// browser built), the solutions and verdicts are there, the page logs no
// console message, and a screenshot is kept in testdata/out.
func TestHTMLInChromium(t *testing.T) {
	items := append(testItems(t), Item{Problem: russianProblem(t)})
	dir, _ := filepath.Abs("testdata/out")
	os.MkdirAll(dir, 0o755)
	page := filepath.Join(dir, "export.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(f, items, HTMLOptions{PerPage: 2, Numbers: true}); err != nil {
		t.Fatal(err)
	}
	f.Close()

	bin := findChromium(t)
	control := filepath.Join(t.TempDir(), "control.html")
	os.WriteFile(control, []byte(`<html><body><script>console.error("control")</script></body></html>`), 0o644)
	shot := filepath.Join(dir, "export.png")
	os.Remove(shot)
	runs := chromiumAll(t, bin, []string{"--dump-dom", "file://" + page}, []string{"--dump-dom", "file://" + control},
		[]string{"--screenshot=" + shot, "--window-size=900,2400", "--hide-scrollbars", "file://" + page})
	// The console check must be able to fail: a page that logs is caught.
	if len(consoleMessages(runs[1].errs)) == 0 {
		t.Fatal("a console.error of the control page was not seen: the console check would prove nothing")
	}
	dom := runs[0].out
	if msgs := consoleMessages(runs[0].errs); len(msgs) > 0 {
		t.Errorf("console messages:\n%s", strings.Join(msgs, "\n"))
	}
	articles := map[string]string{}
	for _, m := range articleRE.FindAllStringSubmatch(dom, -1) {
		articles[m[1]] = m[0]
	}
	if len(articles) != len(items) {
		t.Fatalf("%d problems in the rendered page, want %d", len(articles), len(items))
	}
	for i, it := range items {
		art := articles[anchor(it, i)]
		pos, ok, err := it.Position()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range pieceRE.FindAllStringSubmatch(art, -1) {
			got = append(got, m[1]+" "+m[3]+" "+m[2])
		}
		sort.Strings(got)
		if !ok {
			if len(got) != 0 || !strings.Contains(art, "position inconnue") {
				t.Errorf("%s: unknown position drawn as %v", Heading(it.Problem), got)
			}
			continue
		}
		if want := expectedPieces(pos); strings.Join(got, ";") != strings.Join(want, ";") {
			t.Errorf("%s: diagram shows\n%v\nwant\n%v", Heading(it.Problem), got, want)
		}
		text := tagRE.ReplaceAllString(art, "")
		for _, n := range it.Tree(French).MainLine() {
			if mt := bookMove(n); !strings.Contains(text, mt) {
				t.Errorf("%s: solution move %q not on the page", Heading(it.Problem), mt)
			}
		}
	}
	for _, want := range []string{"Verdict : juste", "Index des thèmes", "si 39 à 30"} {
		if !strings.Contains(dom, want) {
			t.Errorf("rendered page lacks %q", want)
		}
	}
	if st, err := os.Stat(shot); err != nil || st.Size() < 10000 {
		t.Errorf("screenshot %s missing or empty (%v)", shot, err)
	} else {
		t.Logf("screenshot kept in %s", shot)
	}
}

// bookMove is how the book writes a resolved move: its two ends, "28 à 23".
func bookMove(n *problems.Node) string {
	sq := strings.FieldsFunc(n.Move, func(c rune) bool { return c == '-' || c == 'x' || c == ':' })
	return sq[0] + " à " + sq[len(sq)-1]
}

// Printed by Chromium two a page, a problem whose notes outgrow half a
// sheet takes the room it needs and the next one follows it on the same
// sheet when it fits: every problem is printed once, whole (its heading,
// its last solution move and its verdict on one page or on consecutive
// ones), and the set takes fewer sheets than one a page would.
func TestHTMLPrintPacks(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext is not installed; install it with: apt-get update && apt-get install -y poppler-utils")
	}
	bin := findChromium(t)
	long := vanTenacI(t)
	long.Number = 90
	var notes []string
	for i := range 12 {
		notes = append(notes, fmt.Sprintf("Note %d: %s", i+1, strings.Repeat("une remarque assez longue sur la combinaison, ", 8)))
	}
	var items []Item
	for i := range 6 {
		p := vanTenacII(t)
		p.Number = 100 + i
		items = append(items, Item{Problem: p, Verdict: "sound"})
		if i == 1 {
			items = append(items, Item{Problem: long, Verdict: "sound", Notes: notes})
		}
	}
	dir := t.TempDir()
	page, pdf := filepath.Join(dir, "p.html"), filepath.Join(dir, "p.pdf")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(f, items, HTMLOptions{PerPage: 2}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	chromiumAll(t, bin, []string{"--print-to-pdf=" + pdf, "--no-pdf-header-footer", "file://" + page})
	var pages []string
	for i := 1; ; i++ {
		out, err := exec.Command("pdftotext", "-f", strconv.Itoa(i), "-l", strconv.Itoa(i), pdf, "-").Output()
		if err != nil || strings.Contains(string(out), "Index des thèmes") {
			break // the index, on pages of its own, names every problem again
		}
		pages = append(pages, string(out))
	}
	problemPages := 0
	for _, it := range items {
		head := Heading(it.Problem)
		first, last := -1, -1
		for i, pg := range pages {
			if strings.Contains(pg, head) {
				if first >= 0 {
					t.Errorf("%s printed twice (pages %d and %d)", head, first+1, i+1)
				}
				first = i
			}
		}
		if first < 0 {
			t.Fatalf("%s not printed", head)
		}
		for i := first; i < len(pages) && i <= first+2; i++ {
			if strings.Contains(pages[i], "Verdict : juste") {
				last = i
				break
			}
		}
		if last < 0 {
			t.Errorf("%s: its verdict is not on its page or the two after", head)
		}
		problemPages = max(problemPages, last+1)
	}
	if problemPages >= len(items) {
		t.Errorf("%d problems take %d pages, as many as one a page would", len(items), problemPages)
	}
	t.Logf("%d problems on %d pages", len(items), problemPages)
}
