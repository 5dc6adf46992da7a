package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"metz/app"
	"metz/draughts"
	"metz/problems"
)

type importRow struct {
	Source    string `json:"source"`
	Problems  int    `json:"problems"`
	New       int    `json:"new"`
	Updated   int    `json:"updated"`
	Unchanged int    `json:"unchanged"`
	Warnings  int    `json:"warnings"`
	Error     string `json:"error"`
}

func importJSON(t *testing.T, args ...string) ([]importRow, error) {
	t.Helper()
	out, err := runMetz(t, append([]string{"import", "--json"}, args...)...)
	var rows []importRow
	if jerr := json.Unmarshal([]byte(out), &rows); jerr != nil {
		t.Fatalf("import output is not one JSON array: %v\n%s", jerr, out)
	}
	return rows, err
}

// The bundled books end to end: import, the 415 coups, theme queries that
// give the numbers the Livre de Metz prints, and an idempotent re-import.
func TestImportBundled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "metz.db")
	rows, err := importJSON(t, "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	bySource := map[string]importRow{}
	for _, r := range rows {
		bySource[r.Source] = r
	}
	if m := bySource["metz"]; m.New != 415 || m.Problems != 415 {
		t.Errorf("metz: %+v", m)
	}
	if len(searchJSON(t, path, "--source", "metz")) != 415 {
		t.Errorf("search --source metz does not list 415 coups")
	}
	// Numbers read from the first part's chapters "Des lunettes" (the
	// lunette, the lunette for kings, three or four men en prise) and "Du
	// coup de repos" (its three lists).
	lunette := []int{16, 24, 61, 92, 109, 111, 114, 119, 128, 147, 190, 202, 231, 279, 288, 317}
	repos := []int{12, 13, 29, 32, 40, 41, 44, 60, 62, 67, 74, 75, 82, 83, 84, 85, 88, 90, 94, 96, 100, 184, 185}
	if got := rowNumbers(searchJSON(t, path, "--source", "metz", "--theme", "lunette")); !reflect.DeepEqual(got, lunette) {
		t.Errorf("lunette: %v\nwant %v", got, lunette)
	}
	if got := rowNumbers(searchJSON(t, path, "--source", "metz", "--theme", "coup-de-repos")); !reflect.DeepEqual(got, repos) {
		t.Errorf("coup-de-repos: %v\nwant %v", got, repos)
	}
	if got := rowNumbers(searchJSON(t, path, "--source", "metz", "--theme", "coup-de-repos AND NOT lunette",
		"--number", "80-100")); !reflect.DeepEqual(got, []int{82, 83, 84, 85, 88, 90, 94, 96, 100}) {
		t.Errorf("coup-de-repos 80-100: %v", got)
	}

	// One name a problem: Van Tenac's Problème VI is vantenac:76, the number
	// it is stored under; vantenac:6 is refused with that name.
	if out, err := runMetz(t, "show", "vantenac:76", "--db", path); err != nil || !strings.Contains(out, "Problème VI") {
		t.Errorf("show vantenac:76: %v\n%s", err, out)
	}
	if _, err := runMetz(t, "show", "vantenac:6", "--db", path); err == nil || !strings.Contains(err.Error(), "is vantenac:76") {
		t.Errorf("show vantenac:6: %v", err)
	}

	rows, err = importJSON(t, "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.New != 0 || r.Updated != 0 || r.Unchanged != r.Problems {
			t.Errorf("re-import changed %+v", r)
		}
	}
}

// A file that cannot be read is reported by name; the others still go in.
func TestImportFilesWithABadOne(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "two.pdn")
	empty := filepath.Join(dir, "empty.pdn")
	pdn := "[Event \"one\"]\n[FEN \"W:W28,37:B32\"]\n\n1. 37-31 *\n\n[Event \"two\"]\n[FEN \"W:W28:B23\"]\n\n1. 28x19 *\n"
	if err := os.WriteFile(good, []byte(pdn), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "metz.db")
	rows, err := importJSON(t, "--db", path, empty, good)
	if err == nil || !strings.Contains(err.Error(), "empty.pdn") || !strings.Contains(err.Error(), "1 of 2 sources") {
		t.Errorf("error %v", err)
	}
	if len(rows) != 2 || rows[0].Error == "" || rows[1].Source != "two" || rows[1].New != 2 {
		t.Errorf("rows %+v", rows)
	}
	if got := rowNumbers(searchJSON(t, path, "--pattern", "W:W28:B23")); !reflect.DeepEqual(got, []int{2}) {
		t.Errorf("the PDN record is not searchable: %v", got)
	}
	// Table output names the sources.
	out, _ := runMetz(t, "import", "--db", path, good)
	if !strings.Contains(out, "two") || !strings.Contains(out, "same") {
		t.Errorf("table:\n%s", out)
	}
	// The summary table fits 80 columns (the warnings under it are lines
	// of text, file:line first, not table rows).
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "two.pdn:") {
			continue
		}
		if n := len([]rune(l)); n > 80 {
			t.Errorf("import table line of %d columns: %q", n, l)
		}
	}
	// A PDN record has no label: the search table names it by its Event,
	// and the JSON gives the title.
	out, _ = runMetz(t, "search", "--db", path)
	if !strings.Contains(out, " one ") || !strings.Contains(out, " two ") {
		t.Errorf("search table without the titles:\n%s", out)
	}
	if out, _ = runMetz(t, "search", "--db", path, "--json"); !strings.Contains(out, `"title":"one"`) {
		t.Errorf("search JSON without the title: %s", out)
	}
}

// A damaged game in a PDN collection is left out with its place named, in
// the table's text and in the JSON, and the games after it go in.
func TestImportDamagedGame(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "coll.pdn")
	text := "[Event \"one\"]\n[FEN \"W:W32:B19\"]\n1. 32-28 *\n\n[Event \"two\"\n[FEN \"W:W33:B19\"]\n1. 33-28 *\n\n" +
		"[Event \"three\"]\n[FEN \"W:W28:B23\"]\n1. 28x19 *\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "metz.db")
	out, err := runMetz(t, "import", "--db", path, file)
	if err != nil || !strings.Contains(out, `coll.pdn:5: found end of line; the game is not read`) || !strings.Contains(out, `(expected "]")`) {
		t.Errorf("%v\n%s", err, out)
	}
	if got := rowNumbers(searchJSON(t, path)); !reflect.DeepEqual(got, []int{1, 3}) {
		t.Errorf("numbers %v, want 1 and 3", got)
	}
	out, err = runMetz(t, "import", "--db", path, "--json", file)
	var rows []struct {
		FileWarnings []problems.Warning `json:"file_warnings"`
	}
	// The file's warnings: the rules inferred (line 1), the damaged game.
	if jerr := json.Unmarshal([]byte(out), &rows); err != nil || jerr != nil || len(rows) != 1 ||
		len(rows[0].FileWarnings) != 2 || rows[0].FileWarnings[1].Line != 5 || rows[0].FileWarnings[1].File != "coll.pdn" ||
		!strings.HasPrefix(rows[0].FileWarnings[0].Text, "rules: ") {
		t.Errorf("%v %v\n%s", err, jerr, out)
	}
}

// A directory stands for the PDN and transcription files under it, in name
// order, hidden ones and other kinds of file (a README) skipped; two files with one base name (one
// source key) are not both imported; a directory without sources is
// reported, and the others still go in.
func TestImportDirectory(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.pdn":            "[FEN \"W:W28:B23\"]\n1. 28x19 *\n",
		"sub/b.pdn":        "[FEN \"W:W28,37:B32\"]\n1. 37-31 *\n\n[FEN \"W:W33:B28\"]\n1. 33x22 *\n",
		"sub/a.pdn":        "[FEN \"W:W45:B5\"]\n1. 45-40 *\n",
		".hidden/c.pdn":    "[FEN \"W:W45:B5\"]\n1. 45-40 *\n",
		"notes.jpg":        "not a source",
		"empty/README.rst": "nothing to import",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := importJSON(t, "--db", filepath.Join(dir, "metz.db"), dir, filepath.Join(dir, "empty"))
	if err == nil || !strings.Contains(err.Error(), "1 of 4 sources") || !strings.Contains(err.Error(), "no source file") {
		t.Errorf("error %v", err)
	}
	var got []string
	for _, r := range rows {
		if r.Error == "" {
			got = append(got, fmt.Sprintf("%s:%d", r.Source, r.New))
		}
	}
	// sub/a.pdn has a.pdn's base name: another file, another source.
	if !reflect.DeepEqual(got, []string{"a:1", "a-2:1", "b:2"}) || len(rows) != 4 {
		t.Errorf("rows %+v", rows)
	}
}

// A source is its file: the same base name from another path is another
// source, imported again each keeps its own records; --source names one.
func TestImportSameBaseName(t *testing.T) {
	dir := t.TempDir()
	one, other := filepath.Join(dir, "club.pdn"), filepath.Join(dir, "other", "club.pdn")
	write(t, one, "[FEN \"W:W28:B23\"]\n1. 28x19 *\n")
	write(t, other, "[FEN \"W:W45:B5\"]\n1. 45-40 *\n\n[FEN \"W:W44:B5\"]\n1. 44-40 *\n")
	path := filepath.Join(dir, "metz.db")
	for range 2 {
		for _, f := range []string{one, other} {
			if _, err := importJSON(t, "--db", path, f); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := len(searchJSON(t, path, "--source", "club")); n != 1 {
		t.Errorf("club: %d records, want 1", n)
	}
	if n := len(searchJSON(t, path, "--source", "club-2")); n != 2 {
		t.Errorf("club-2: %d records, want 2", n)
	}
	rows, err := importJSON(t, "--db", path, "--source", "mine", other)
	if err != nil || len(rows) != 1 || rows[0].Source != "mine" || rows[0].New != 2 {
		t.Errorf("--source: %v %+v", err, rows)
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// metz export --format pdn, then import of that file: the records update
// themselves (nothing new, no new source).
func TestExportImportRoundTrip(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "coll.pdn")
	write(t, src, "[Event \"a\"]\n[FEN \"W:W28:B23\"]\n1. 28x19 *\n\n[Event \"b\"]\n[FEN \"W:W45:B5\"]\n1. 45-40 *\n")
	path := filepath.Join(dir, "metz.db")
	if _, err := importJSON(t, "--db", path, src); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runSplit(t, "verify", "--db", path, "--all", "--tables", "none", "--budget", "2s", "--jobs", "1"); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "exported.pdn")
	if _, err := runMetz(t, "export", "--db", path, "--format", "pdn", "--source", "coll", "-o", out); err != nil {
		t.Fatal(err)
	}
	rows, err := importJSON(t, "--db", path, out)
	if err != nil || len(rows) != 1 || rows[0].Source != "coll" || rows[0].New != 0 {
		t.Errorf("%v %+v", err, rows)
	}
	got := searchJSON(t, path)
	if len(got) != 2 {
		t.Errorf("%d records after the round trip, want 2", len(got))
	}
	for _, r := range got {
		if r.Verdict == "" {
			t.Errorf("%s:%d lost its verdict in the round trip (%+v)", r.Source, r.Number, rows)
		}
	}
}

// Binary junk and a text with no game are errors naming the file; the
// good file of the same batch still goes in; the summary lists the
// warnings with their places.
func TestImportMixedBatch(t *testing.T) {
	dir := t.TempDir()
	junk, words, good := filepath.Join(dir, "junk.pdn"), filepath.Join(dir, "words.pdn"), filepath.Join(dir, "good.pdn")
	write(t, junk, "\x00\x01\x02binary\xff\xfe\x00")
	write(t, words, "hello there\n")
	write(t, good, "[GameType \"41\"]\n[FEN \"W:W45:B5\"]\n1. 45-40 *\n")
	path := filepath.Join(dir, "metz.db")
	out, err := runMetz(t, "import", "--db", path, junk, words, good)
	if err == nil || !strings.Contains(err.Error(), "junk.pdn: not a text file") || !strings.Contains(err.Error(), "words.pdn: no game") {
		t.Errorf("error %v", err)
	}
	if !strings.Contains(out, "good.pdn:1: [GameType \"41\"] is Spantsiretti draughts") {
		t.Errorf("summary without the warning:\n%s", out)
	}
	if n := len(searchJSON(t, path)); n != 1 {
		t.Errorf("%d records, want the good file's 1", n)
	}
}

// A collection of FEN and Result only (English problem books are printed
// so) imports with --rules english, each stipulation from its Result.
func TestImportRulesFlag(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "book.pdn")
	write(t, file, "[Result \"1-0\"]\n[FEN \"W:W30,26:B5,9\"]\n*\n\n[Result \"1/2-1/2\"]\n[FEN \"B:W30:B5,K9\"]\n*\n")
	path := filepath.Join(dir, "metz.db")
	if _, err := importJSON(t, "--db", path, "--rules", "english", file); err != nil {
		t.Fatal(err)
	}
	rows := searchJSON(t, path, "--rules", "english")
	if len(rows) != 2 {
		t.Fatalf("%d english records, want 2", len(rows))
	}
	out, _, err := runSplit(t, "verify", "--db", path, "--all", "--tables", "none", "--budget", "2s", "--jobs", "1")
	if err != nil || !strings.Contains(out, "book:1") || !strings.Contains(out, "book:2") {
		t.Errorf("verify --all: %v\n%s", err, out)
	}
	if _, err := runMetz(t, "import", "--db", path, "--rules", "chess", file); err == nil || !strings.Contains(err.Error(), "--rules") {
		t.Errorf("--rules chess: %v", err)
	}
}

// verify, export and search --source name the sources there are when one
// given does not exist (verify printed an empty table, export an empty
// file), and verify verifies the records of one that does.
func TestVerifyUnknownSource(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "two.pdn")
	if err := os.WriteFile(file, []byte("[FEN \"W:W28:B23\"]\n1. 28x19 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "metz.db")
	if _, err := importJSON(t, "--db", path, file); err != nil {
		t.Fatal(err)
	}
	_, _, err := runSplit(t, "verify", "--db", path, "--source", "tow", "--no-store")
	if err == nil || !strings.Contains(err.Error(), "--source tow") || !strings.Contains(err.Error(), "sources: two") {
		t.Errorf("unknown source: %v", err)
	}
	for _, cmd := range [][]string{{"export", "--format", "pdn"}, {"search"}} {
		_, _, err = runSplit(t, append(cmd, "--db", path, "--source", "two,tow")...)
		if err == nil || !strings.Contains(err.Error(), "--source tow") || !strings.Contains(err.Error(), "sources: two") {
			t.Errorf("%s, unknown source: %v", cmd[0], err)
		}
	}
	out, _, err := runSplit(t, "verify", "--db", path, "--source", "two", "--no-store", "--tables", "none")
	if err != nil || !strings.Contains(out, "two:1") || !strings.Contains(out, "sound") {
		t.Errorf("known source: %v\n%s", err, out)
	}
}

// --solution reads a line as PDN writes it, plainly, or as the books do:
// the same moves whichever way.
func TestSolutionMoves(t *testing.T) {
	for _, line := range []string{"4-15 29-34", "1. 4-15 29-34 2. *", "4 à 15 29 à 34", "4 a 15, 29 à 34 gagne.", "1.4-15 1...29-34"} {
		if got := strings.Join(app.SolutionMoves(line), " "); got != "4-15 29-34" && got != "4 à 15 29 à 34" && got != "4 a 15 29 à 34" {
			t.Errorf("%q: %q", line, got)
		}
	}
	if got := app.SolutionMoves("1. c3:e5 h8-g7"); strings.Join(got, " ") != "c3:e5 h8-g7" {
		t.Errorf("algebraic: %q", got)
	}
	if got := app.SolutionMoves("nonsense"); len(got) != 1 || got[0] != "nonsense" {
		t.Errorf("no move: %q", got)
	}
	// The verdict is the same as for the plain line, the squares also named
	// as on a chessboard (as the FEN may name them), not read as 4 and 5.
	geo := draughts.International.Geo
	chess := func(n int) string { return geo.Algebraic(n - 1) }
	for _, line := range []string{"4 à 15 29 à 34", "1. 4-15 29-34", chess(4) + "-" + chess(15) + " " + chess(29) + "-" + chess(34)} {
		out, err := runMetz(t, "verify", "--fen", "W:WK4:B29,33", "--solution", line, "--json", "--db", filepath.Join(t.TempDir(), "x.db"))
		if err != nil || !strings.Contains(out, `"verdict":"sound-incomplete"`) || !strings.Contains(out, `"key":"4-15"`) {
			t.Errorf("%q: %v\n%s", line, err, out)
		}
	}
	// A line with no move in it is refused, not verified as a misprint.
	if out, err := runMetz(t, "verify", "--fen", "W:WK4:B29,33", "--solution", "Coup 9", "--db", filepath.Join(t.TempDir(), "x.db")); err == nil ||
		!strings.Contains(err.Error(), `"Coup 9" holds no move`) {
		t.Errorf("--solution \"Coup 9\": %v\n%s", err, out)
	}
}

// An empty board is refused by solve and verify --fen (solve reported it
// won for the side to move).
func TestEmptyBoardRefused(t *testing.T) {
	for _, args := range [][]string{{"solve", "W:W:B"}, {"verify", "--fen", "B:W:B", "--no-store"}} {
		_, err := runMetz(t, append(args, "--db", filepath.Join(t.TempDir(), "x.db"))...)
		if err == nil || !strings.Contains(err.Error(), "no piece on the board") {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// verify's table says its seconds were shared when problems ran at once:
// two tiny problems with --jobs 2; one problem, or --jobs 1, says nothing.
func TestVerifySaysSecondsAreShared(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "two.pdn")
	game := "[FEN \"W:W28:B23\"]\n1. 28x19 *\n\n[FEN \"W:W32,33,44:B14,28\"]\n1. 32x23 *\n"
	if err := os.WriteFile(file, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "metz.db")
	if _, err := importJSON(t, "--db", path, file); err != nil {
		t.Fatal(err)
	}
	const note = "Seconds are wall time with 2 problems verified at once"
	for _, c := range []struct {
		args []string
		want bool
	}{{[]string{"--all", "--jobs", "2"}, true}, {[]string{"--all", "--jobs", "1"}, false}, {[]string{"1", "--jobs", "2"}, false}} {
		out, _, err := runSplit(t, append([]string{"verify", "--db", path, "--no-store"}, c.args...)...)
		if err != nil || strings.Contains(out, note) != c.want {
			t.Errorf("%v: %v, note shown %v, want %v\n%s", c.args, err, strings.Contains(out, note), c.want, out)
		}
	}
}

// A corrected diagram: after the re-import no command shows the verdict
// given for the old position as the record's (search, its verdict filter,
// show, export), and show says it has not been verified since it changed.
func TestCorrectedDiagramOutdated(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "fix.pdn")
	write(t, file, "[FEN \"W:W28:B23\"]\n1. 28x19 *\n")
	path := filepath.Join(dir, "metz.db")
	if _, err := importJSON(t, "--db", path, file); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runSplit(t, "verify", "--db", path, "--all", "--tables", "none", "--budget", "2s", "--jobs", "1"); err != nil {
		t.Fatal(err)
	}
	rows := searchJSON(t, path)
	if len(rows) != 1 || rows[0].Verdict == "" {
		t.Fatalf("no verdict after verify: %+v", rows)
	}
	verdict := rows[0].Verdict
	write(t, file, "[FEN \"W:W28:B23,5\"]\n1. 28x19 *\n")
	if _, err := importJSON(t, "--db", path, file); err != nil {
		t.Fatal(err)
	}
	if rows := searchJSON(t, path); len(rows) != 1 || rows[0].Verdict != "" {
		t.Errorf("search shows a verdict for the corrected record: %+v", rows)
	}
	if rows := searchJSON(t, path, "--verdict", verdict); len(rows) != 0 {
		t.Errorf("--verdict %s finds the corrected record", verdict)
	}
	if out, err := runMetz(t, "search", "--db", path); err != nil || !strings.Contains(out, "not verified since it changed") {
		t.Errorf("search: %v\n%s", err, out)
	}
	show, err := runMetz(t, "show", "--db", path, "fix:1")
	if err != nil || !strings.Contains(show, "not verified since it changed") || strings.Contains(show, verdict) {
		t.Errorf("show: %v\n%s", err, show)
	}
	exp, err := runMetz(t, "export", "--db", path, "--format", "pdn")
	if err != nil || strings.Contains(exp, "MetzVerdict") {
		t.Errorf("export: %v\n%s", err, exp)
	}
}

// An edited book text of Van Tenac's problems: the import lists what it
// would change, applies nothing and fails; with --update vantenac it
// applies the change and lists it.
func TestImportEditedBookCopy(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "metz.db")
	if _, err := runMetz(t, "import", "--db", path); err != nil {
		t.Fatal(err)
	}
	vt := filepath.Join(dir, "vt.txt")
	if _, err := runMetz(t, "export", "--db", path, "--source", "vantenac", "--format", "book", "-o", vt); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(vt)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(text), "vantenac n° 77")
	edited := string(text[:i]) + strings.Replace(string(text[i:]), "jouent et gagnent", "jouent et font remise", 1)
	if err := os.WriteFile(vt, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runMetz(t, "import", "--db", path, vt)
	if err == nil || !strings.Contains(out, "vantenac:77 (Problème VII): stipulation (not applied: --update vantenac applies it)") ||
		!strings.Contains(err.Error(), "--update vantenac") {
		t.Errorf("without --update: %v\n%s", err, out)
	}
	if out, _ := runMetz(t, "show", "--db", path, "vantenac:77"); !strings.Contains(out, "Stipulation: win") {
		t.Errorf("vantenac:77 changed without --update:\n%s", out)
	}
	out, err = runMetz(t, "import", "--db", path, "--update", "vantenac", vt)
	if err != nil || !strings.Contains(out, "vantenac: changed by the copy:\n  vantenac:77 (Problème VII): stipulation") {
		t.Errorf("with --update: %v\n%s", err, out)
	}
	if out, _ := runMetz(t, "show", "--db", path, "vantenac:77"); !strings.Contains(out, "Stipulation: draw") {
		t.Errorf("vantenac:77 after --update:\n%s", out)
	}
}
