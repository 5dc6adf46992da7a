package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"metz/app"
)

// runEndgameCLI runs the metz command line with args and returns stdout.
func runEndgameCLI(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	_, _, err := execute(context.Background(), args, &out, &errOut)
	return out.String(), err
}

func TestEndgameBuildProbeClaims(t *testing.T) {
	dir := t.TempDir()
	out, err := runEndgameCLI(t, "endgame", "build", "--pieces", "2", "--dir", dir)
	if err != nil {
		t.Fatal(err)
	}
	// KvK, KvM, MvK, MvM: 2500 + 2250 + 2250 + 2025 indices, less the
	// overlaps (50 + 45 + 45 + 40 squares shared).
	if !strings.Contains(out, "4 signatures (4 built, 0 read)") || !strings.Contains(out, "8845 positions") {
		t.Errorf("build summary:\n%s", out)
	}
	// A corner king must step onto the diagonal under the other king.
	out, err = runEndgameCLI(t, "endgame", "probe", "W:WK5:BK46", "--dir", dir, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep app.Probed
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if rep.Result != "loss" || rep.Plies == nil || *rep.Plies != 2 || len(rep.Moves) != 8 || !rep.Moves[0].Best {
		t.Errorf("probe: %+v", rep)
	}
	out, err = runEndgameCLI(t, "endgame", "probe", "W:WK46:BK23", "--dir", dir)
	if err != nil || !strings.HasPrefix(out, "W:WK46:BK23: win in 1 ply\n* 46x") {
		t.Errorf("probe text: %v\n%s", err, out)
	}
	// Tables of up to 4 pieces are built when missing; 5 pieces are not.
	if out, err := runEndgameCLI(t, "endgame", "probe", "W:WK1,K2:BK46", "--tables", dir); err != nil || !strings.HasPrefix(out, "W:WK1,K2:BK46: draw") {
		t.Errorf("3 pieces in 2-piece tables: %v\n%s", err, out)
	}
	if _, err := runEndgameCLI(t, "endgame", "probe", "W:WK1,K2,K3:BK46,K40", "--tables", dir); err == nil || !strings.Contains(err.Error(), "not covered") {
		t.Errorf("5 pieces in 2-piece tables: %v", err)
	}
	if _, err := runEndgameCLI(t, "endgame", "build", "--pieces", "9", "--dir", dir); err == nil || !strings.Contains(err.Error(), "have 2 to 6 pieces") {
		t.Errorf("--pieces 9: %v", err)
	}
	out, err = runEndgameCLI(t, "endgame", "list", "--tables", dir)
	if err != nil || !strings.Contains(out, "international   2 pieces:   4 tables") || !strings.Contains(out, "international   3 pieces:") {
		t.Errorf("list: %v\n%s", err, out)
	}
	// A damaged table is named as such, not "not covered".
	if err := os.Truncate(filepath.Join(dir, "KvK.egt"), 100); err != nil {
		t.Fatal(err)
	}
	if _, err := runEndgameCLI(t, "endgame", "probe", "W:WK5:BK46", "--dir", dir); err == nil || !strings.Contains(err.Error(), "KvK.egt") || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("truncated table: %v", err)
	}
	if _, err := runEndgameCLI(t, "solve", "W:WK5:BK46", "--tables", dir); err == nil || !strings.Contains(err.Error(), "KvK.egt") {
		t.Errorf("solve with a truncated table: %v", err)
	}
	if _, err := runEndgameCLI(t, "endgame", "probe", "W:WK77:BK1", "--dir", dir); err == nil {
		t.Error("bad FEN accepted")
	}
	// Every command that opens the tables names the damaged one.
	if _, err := runEndgameCLI(t, "endgame", "list", "--tables", dir); err == nil || !strings.Contains(err.Error(), "KvK.egt") {
		t.Errorf("list with a truncated table: %v", err)
	}
	if err := os.Remove(filepath.Join(dir, "KvK.egt")); err != nil {
		t.Fatal(err)
	}
	out, err = runEndgameCLI(t, "endgame", "claims", "--tables", dir)
	if err != nil || !strings.Contains(out, "needs the 5-piece tables") || !strings.Contains(out, "needs the 6-piece tables") ||
		!strings.Contains(out, "line 484") || !strings.Contains(out, "Lorsque deux joueurs qui ne se font pas avantage") ||
		strings.Contains(out, "NOT COVERED — the") {
		t.Errorf("claims: %v\n%s", err, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("claims: a line of %d columns: %s", n, line)
		}
	}
}

// Under another rule system, probe builds the tables in memory: three
// kings against one under the Russian rules: 18 moves win (the keys the
// solver's closure found) and c1-e3 is the fastest.
func TestEndgameProbeOtherRules(t *testing.T) {
	out, err := runEndgameCLI(t, "endgame", "probe", "W:WKa1,Kc1,Kh2:BKd8", "--rules", "russian", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep app.Probed
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if rep.Result != "win" || rep.Plies == nil || *rep.Plies != 15 || rep.Moves[0].Move != "c1-e3" || rep.Moves[1].Best {
		t.Errorf("probe: %+v", rep)
	}
	wins := 0
	for _, m := range rep.Moves {
		if m.Result == "win" {
			wins++
			if m.Plies == nil || *m.Plies < 15 {
				t.Errorf("%+v: none faster than 15 plies", m)
			}
		}
	}
	if wins != 18 {
		t.Errorf("%d winning moves, want 18: %+v", wins, rep.Moves)
	}
	_, err = runEndgameCLI(t, "endgame", "probe", "W:WK13,K17:BK16,26", "--rules", "italian", "--memory", "1MB")
	if err == nil || !strings.Contains(err.Error(), "KKvKM") || !strings.Contains(err.Error(), "allowed: 1.0 MB") {
		t.Errorf("--memory 1MB: %v", err)
	}
	if _, err = runEndgameCLI(t, "endgame", "probe", "W:WK13:BK16", "--rules", "italian", "--memory", "5s"); err == nil || !strings.Contains(err.Error(), "--memory") {
		t.Errorf("--memory 5s: %v", err)
	}
}

// Under another rule system, build saves the tables in --dir/RULES: a
// second build reads them all, and solve and probe read them from there
// (solve with --tables DIR: its tables decide the root, with no node).
func TestEndgameBuildOtherRules(t *testing.T) {
	dir := t.TempDir()
	build := func() app.TableBuild {
		t.Helper()
		out, err := runEndgameCLI(t, "endgame", "build", "--rules", "russian", "--pieces", "3", "--dir", dir, "--json")
		if err != nil {
			t.Fatal(err)
		}
		var sum app.TableBuild
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return sum
	}
	// Two pieces: a man or a king a side, 4 signatures; three: two pieces
	// (KK, KM, MM) against one (K, M) either way round, 12.
	first := build()
	if first.Signatures != 16 || first.Built != 16 || first.Loaded != 0 || first.Total.Positions == 0 {
		t.Fatalf("first build: %+v", first)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "russian", "*.rtb"))
	if len(files) != 16 {
		t.Errorf("%d files saved, want 16: %v", len(files), files)
	}
	again := build()
	if again.Built != 0 || again.Loaded != 16 || again.Total != first.Total {
		t.Errorf("second build: %+v; first %+v", again, first)
	}
	out, err := runEndgameCLI(t, "solve", "W:WKa1,Kc1:BKd8", "--rules", "russian", "--tables", dir, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var sol struct {
		Result    string `json:"result"`
		Nodes     int64  `json:"nodes"`
		TableHits int64  `json:"table_hits"`
	}
	if err := json.Unmarshal([]byte(out), &sol); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	out, err = runEndgameCLI(t, "endgame", "probe", "W:WKa1,Kc1:BKd8", "--rules", "russian", "--dir", dir, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep app.Probed
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if sol.TableHits == 0 || sol.Nodes != 0 || sol.Result != rep.Result {
		t.Errorf("solve with the saved tables: %+v; probe: %s", sol, rep.Result)
	}
	if _, err := runEndgameCLI(t, "endgame", "build", "--rules", "russian", "--pieces", "7", "--dir", dir); err == nil || !strings.Contains(err.Error(), "2 to 6") {
		t.Errorf("--pieces 7: %v", err)
	}
}

// A probe of a position no game reaches (a man on its crowning row) is
// refused with the reason, under the international tables as under the
// tables built in memory.
func TestEndgameProbeManOnCrowningRow(t *testing.T) {
	for _, c := range [][]string{{"W:WK1:B8", "turkish", "Black man on h1"}, {"W:W3,K20:B45", "international", "White man on 3"}} {
		_, err := runEndgameCLI(t, "endgame", "probe", c[0], "--rules", c[1])
		if err == nil || !strings.Contains(err.Error(), c[2]+", its crowning row") || !strings.Contains(err.Error(), "crowned, as a game would have it: W:WK") {
			t.Errorf("%s %s: %v", c[1], c[0], err)
		}
	}
}

// A build says up front what it will build (there is no bar without a
// terminal, and five pieces take minutes); a build with nothing left to
// do says nothing of the kind. Under --json the plan and a line a table
// go to stderr, and stdout holds the JSON alone.
func TestEndgameBuildAnnounces(t *testing.T) {
	dir := t.TempDir()
	out, err := runMetz(t, "endgame", "build", "--pieces", "2", "--dir", dir)
	if err != nil || !strings.Contains(out, "building 4 tables (9.1 kB) into "+dir) || strings.Contains(out, "225 s of CPU") {
		t.Errorf("first build (announced, without the 5-piece cost): %v\n%s", err, out)
	}
	out, err = runMetz(t, "endgame", "build", "--pieces", "2", "--dir", dir)
	if err != nil || strings.Contains(out, "building") || !strings.Contains(out, "(0 built, 4 read)") {
		t.Errorf("second build: %v\n%s", err, out)
	}
	stdout, stderr, err := runSplit(t, "endgame", "build", "--pieces", "2", "--dir", t.TempDir(), "--json")
	var sum struct{ Built int }
	if err != nil || json.Unmarshal([]byte(stdout), &sum) != nil || sum.Built != 4 {
		t.Errorf("JSON build: %v, stdout:\n%s", err, stdout)
	}
	if !strings.Contains(stderr, "building 4 tables") || strings.Count(stderr, "% of the positions done") != 4 {
		t.Errorf("JSON build, stderr without the plan and a line a table:\n%s", stderr)
	}
}

// A build that would not fit on its disk is refused before any work, with
// what it needs and what is free; one that fits goes ahead.
func TestEndgameBuildNeedsTheSpace(t *testing.T) {
	defer func(f func(string) (int64, bool)) { app.FreeSpace = f }(app.FreeSpace)
	app.FreeSpace = func(string) (int64, bool) { return 5000, true }
	dir := filepath.Join(t.TempDir(), "egt")
	_, err := runMetz(t, "endgame", "build", "--pieces", "2", "--dir", dir)
	if err == nil || !strings.Contains(err.Error(), "the 4 tables left to build take 9.1 kB and "+dir+" has only 5.0 kB free") {
		t.Fatalf("want the space refused, got %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the refused build made its directory: %v", err)
	}
	// Russian 2-piece tables: two bytes a position.
	if _, err := runMetz(t, "endgame", "build", "--rules", "russian", "--pieces", "2", "--dir", dir); err == nil ||
		!strings.Contains(err.Error(), "the 4 tables left to build take") || !strings.Contains(err.Error(), "has only 5.0 kB free") {
		t.Errorf("Russian: want the space refused, got %v", err)
	}
	app.FreeSpace = func(string) (int64, bool) { return 1e6, true }
	if out, err := runMetz(t, "endgame", "build", "--pieces", "2", "--dir", dir); err != nil || !strings.Contains(out, "4 built") {
		t.Errorf("with the space: %v\n%s", err, out)
	}
}

// A probe that must build tables first says how many, their size and the
// memory they take before it starts (on stderr), and how long after.
func TestEndgameProbeSaysPlan(t *testing.T) {
	out, err := runMetz(t, "endgame", "probe", "W:WKa1,Kc1,Ke1:Bh6", "--rules", "russian", "--tables", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	plan := regexp.MustCompile(`building the (\d+) tables this ending needs into .*russian: [0-9]+ positions, [0-9.]+ kB on disk, [0-9.]+ kB of memory; Ctrl-C stops`)
	if !plan.MatchString(out) || !strings.Contains(out, "built in ") || !strings.Contains(out, "W:WKa1,Kc1,Ke1:Bh6: win") {
		t.Errorf("probe with tables to build:\n%s", out)
	}
}
