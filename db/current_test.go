package db

import (
	"context"
	"fmt"
	"metz/draughts"
	"metz/problems"
	"strings"
	"testing"

	"metz/verdict"
)

// The store policy: a proof stays the problem's verdict when a later run
// proves nothing; a newer proof replaces it; a changed record starts
// afresh. Every reader agrees: search and --verdict, stats, the history's
// Current mark and CurrentVerdict.
func TestCurrentVerdictKeepsTheProof(t *testing.T) {
	d := openTemp(t)
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), nil)
	id, err := d.Resolve("vantenac:4")
	if err != nil {
		t.Fatal(err)
	}
	add := func(v verdict.Verdict) int64 {
		t.Helper()
		vid, err := d.AddVerdict(id, Verdict{Verdict: v, Rules: "international"})
		if err != nil {
			t.Fatal(err)
		}
		return vid
	}
	check := func(want verdict.Verdict, wantID int64, runs int) {
		t.Helper()
		ss, err := d.Search(Query{Sources: []string{"vantenac"}, Number: Range{4, 4, true}})
		if err != nil || len(ss) != 1 || ss[0].Verdict != want {
			t.Errorf("search: %+v %v, want %s", ss, err, want)
		}
		for _, v := range verdict.All {
			found, err := d.Search(Query{Verdict: string(v)})
			if n := len(found); err != nil || (n == 1) != (v == want) {
				t.Errorf("--verdict %s finds %d (%v)", v, n, err)
			}
		}
		st, err := d.Stats()
		if err != nil || st.LatestVerdicts[string(want)] != 1 || len(st.LatestVerdicts) != 1 {
			t.Errorf("stats %v (%v)", st.LatestVerdicts, err)
		}
		cur, err := d.CurrentVerdict(id)
		if err != nil || cur == nil || cur.ID != wantID || cur.Verdict != want {
			t.Errorf("CurrentVerdict %+v %v, want %d %s", cur, err, wantID, want)
		}
		hist, err := d.Verdicts(id)
		if err != nil || len(hist) != runs {
			t.Fatalf("history %d runs (%v), want %d", len(hist), err, runs)
		}
		for _, v := range hist {
			if v.Current != (v.ID == wantID) {
				t.Errorf("history: run %d (%s) current %v", v.ID, v.Verdict, v.Current)
			}
		}
	}
	first := add(verdict.Unproven)
	check(verdict.Unproven, first, 1)
	sound := add(verdict.Sound)
	check(verdict.Sound, sound, 2) // a proof replaces an unproven run
	add(verdict.Unproven)
	check(verdict.Sound, sound, 3) // and stays when a later run proves nothing
	add(verdict.NoPosition)
	check(verdict.Sound, sound, 4)
	cooked := add(verdict.Cooked)
	check(verdict.Cooked, cooked, 5) // a newer proof replaces it

	// A changed diagram: the proof belonged to the earlier version, and
	// an unproven run on the new one is its verdict.
	ps := cloneProblems(vanTenac)
	ps[3].Position = problems.MustPosition(draughts.International, "W:W14,16,23,28,32,33,34:BK4,6,17,22,36")
	mustImport(t, d, vanTenacSource, ps, nil)
	now := add(verdict.Unproven)
	check(verdict.Unproven, now, 1)
}

// A verdict stored by a named run is stored once however often the run
// stores it (a retried job); a verdict computed from an earlier version
// of the record, stored after an import changed it, belongs to that
// version.
func TestAddVerdictOncePerRunAndVersion(t *testing.T) {
	d := openTemp(t)
	mustImport(t, d, vanTenacSource, cloneProblems(vanTenac), nil)
	id, err := d.Resolve("vantenac:3")
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	key := VerifyKey(p)
	v := Verdict{Verdict: verdict.Sound, Run: "job-7", VerifyKey: key}
	a, err := d.AddVerdict(id, v)
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.AddVerdict(id, v)
	if err != nil || b != a {
		t.Fatalf("the same run stored twice: ids %d and %d (%v)", a, b, err)
	}
	other, err := d.AddVerdict(id, Verdict{Verdict: verdict.Sound, Run: "job-8"})
	if err != nil || other == a {
		t.Fatalf("another run: %d (%v)", other, err)
	}
	if hist, _ := d.Verdicts(id); len(hist) != 2 || hist[0].Run != "job-7" {
		t.Errorf("history %+v", hist)
	}
	ps := cloneProblems(vanTenac)
	ps[2].Position = problems.MustPosition(draughts.International, "W:W9,22,27,32,35,38:B12,15,26,K49")
	mustImport(t, d, vanTenacSource, ps, nil)
	if _, err := d.AddVerdict(id, Verdict{Verdict: verdict.Cooked, VerifyKey: key}); err != nil {
		t.Fatal(err)
	}
	if cur, err := d.CurrentVerdict(id); err != nil || cur != nil {
		t.Errorf("a verdict on the earlier version is current: %+v %v", cur, err)
	}
	if _, err := d.AddVerdict(id, Verdict{Verdict: "great"}); err == nil {
		t.Error("an unknown verdict was stored")
	}
}

// The newest proof is found through the partial index of the proofs: the
// index's condition (migration 7) and the query's are the one provenSQL.
func TestCurrentVerdictReadsTheProofIndex(t *testing.T) {
	d := openTemp(t)
	plan := queryPlan(t, d, `SELECT `+currentVerdictIDSQL+` FROM problems p`)
	if !strings.Contains(plan, "verdicts_proven") {
		t.Errorf("the current verdict's query does not read verdicts_proven:\n%s", plan)
	}
}

// queryPlan is the engine's plan of query. PostgreSQL's planner is
// told to avoid reading whole tables, which on a test's few rows it
// would prefer to any index.
func queryPlan(t *testing.T, d *DB, query string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := d.sql.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	explain := `EXPLAIN QUERY PLAN `
	if d.pg {
		explain = `EXPLAIN `
		if _, err := conn.ExecContext(ctx, `SET enable_seqscan = off`); err != nil {
			t.Fatal(err)
		}
		defer conn.ExecContext(ctx, `RESET enable_seqscan`)
	}
	rows, err := conn.QueryContext(ctx, explain+query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for _, vals := range scanAll(t, rows) {
		detail := vals[len(vals)-1]
		if b, ok := detail.([]byte); ok {
			detail = string(b)
		}
		plan = append(plan, fmt.Sprint(detail))
	}
	return strings.Join(plan, "\n")
}
