package app

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"metz/db"
	"metz/draughts"
	"metz/internal/pgtest"
	"metz/problems"
	"metz/tables"
	"metz/verdict"
)

// englishDB holds problems of Gould's book with their stated results and
// no solution, as metz import makes of an English book.
func englishDB(t *testing.T) *db.DB {
	t.Helper()
	d, err := db.Open(pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	ps := []*problems.Problem{
		{Number: 1, Rules: draughts.English, Position: problems.MustPosition(draughts.English, "W:WK27,K23:BK28,12"), Stipulation: problems.StipWin},
		{Number: 5, Rules: draughts.English, Position: problems.MustPosition(draughts.English, "B:W12,K30:B5,13"), Stipulation: problems.StipLoss},
		{Number: 90, Rules: draughts.English, Position: problems.MustPosition(draughts.English, "W:WK1,K3:BK32"), Stipulation: problems.StipWin},
	}
	if _, err := d.ImportBatch(problems.Source{Key: "gould"}, ps, nil); err != nil {
		t.Fatal(err)
	}
	return d
}

// A verification of English problems builds first, once, the tables its
// problems reach, saved in the table directory, and then reads them: every
// stated result is given, and a second run has nothing to build.
func TestVerifyBuildsTablesAhead(t *testing.T) {
	dir := t.TempDir()
	tb, err := OpenTables(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	a := New(englishDB(t), tb)
	opt := tinyOptions(t)
	var reported int
	var events []string // what was told, in order: "table N" and "verified N" (pieces)
	opt.TablesProgress = func(p TableProgress) {
		reported = p.Current
		events = append(events, fmt.Sprint("table ", p.Pieces))
	}
	opt.Progress = func(p VerifyProgress) {
		events = append(events, fmt.Sprint("verified ", tables.SigOf(*p.Last.Problem.Position).Pieces()))
	}
	plan, err := a.PlanVerify(Selection{All: true}, opt)
	if err != nil {
		t.Fatal(err)
	}
	ahead := plan.TablesAhead()
	if ahead.Tables == 0 || ahead.Positions == 0 || ahead.OverMemoryLimit || ahead.Dir != tables.Dir(dir, draughts.English) {
		t.Fatalf("plan: %+v", ahead)
	}
	done, err := plan.Run(context.Background())
	if err != nil || plan.AheadErr != nil {
		t.Fatal(err, plan.AheadErr)
	}
	if reported != ahead.Tables {
		t.Fatalf("%d tables reported, %d planned", reported, ahead.Tables)
	}
	// The three-piece problem answers before a four-piece table is built.
	if three, four := slices.Index(events, "verified 3"), slices.Index(events, "table 4"); three < 0 || four < 0 || three > four {
		t.Fatalf("events out of order: %v", events)
	}
	for _, v := range done {
		t.Logf("%s: %s in %.1f s", ProblemName(v.Problem), v.Report.Verdict, v.Report.Seconds)
		if v.Report.Verdict != verdict.Sound && v.Report.Verdict != verdict.Cooked {
			t.Fatalf("%s: %s", ProblemName(v.Problem), v.Report.Verdict)
		}
	}
	if saved, _ := filepath.Glob(filepath.Join(tables.Dir(dir, draughts.English), "*")); len(saved) == 0 {
		t.Fatal("no table saved")
	}
	again, err := a.PlanVerify(Selection{All: true}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if pl := again.TablesAhead(); pl.Positions != 0 {
		t.Fatalf("second run: %+v to build", pl)
	}
	opt.NoTablesAhead = true
	skip, err := New(englishDB(t), memTables(t)).PlanVerify(Selection{All: true}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if pl := skip.TablesAhead(); pl.Positions != 0 {
		t.Fatalf("NoTablesAhead: %+v to build", pl)
	}
}

// The memory of one table built ahead is the bound the tables were
// opened with when one was set, else the default or half the machine's
// memory, whichever is larger: enough for the largest six-piece English
// table (1.16 GB) on a machine of 2.4 GB or more.
func TestAheadMemory(t *testing.T) {
	set, err := OpenTables("", 300<<20)
	if err != nil {
		t.Fatal(err)
	}
	if got := AheadMemory(set); got != 300<<20 {
		t.Fatalf("set: %d", got)
	}
	def := memTables(t)
	got := AheadMemory(def)
	if got < tables.DefaultMemory {
		t.Fatalf("default: %d", got)
	}
	if m := int64(machineMemoryMB()) << 20; m >= 2400<<20 && got < 1160<<20 {
		t.Fatalf("default on a machine of %d MB: %d", m>>20, got)
	}
}
