package tables

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"metz/draughts"
	"metz/tables/generic"
	"metz/tables/intl"
)

// The two builders behind the API must agree: every international
// position of three pieces, either side to move, gets the same value and
// distance from the international builder (bitboard un-moves, side to
// move first) and from the generic one (any rule system, White first).
func TestBuildersAgree(t *testing.T) {
	compareBuilders(t, InMemory().System(draughts.International).intl, []Sig{{WK: 2, BK: 1}, {WK: 1, BK: 2}, {WK: 1, WM: 1, BK: 1}, {WM: 2, BK: 1}, {WK: 1, BM: 2},
		{WM: 1, BM: 1, BK: 1}, {WM: 1, BM: 2}, {WM: 2, BM: 1}, {WK: 1, BK: 1, BM: 1}})
}

// The same on a few four-piece signatures, each built on demand by both
// builders (the international one through Ensure, as a search does):
// three kings against a king, and against a man (a man's promotion and
// the kings' captures lead to the three-piece tables).
func TestBuildersAgreeFourPieces(t *testing.T) {
	if testing.Short() {
		t.Skip("builds four-piece tables with the generic builder (seconds)")
	}
	eg := InMemory().System(draughts.International)
	sigs := []Sig{{WK: 3, BK: 1}, {WK: 3, BM: 1}}
	for _, s := range sigs {
		p, err := draughts.ParseFEN(draughts.International, map[bool]string{true: "W:WK1,K2,K3:BK50", false: "W:WK1,K2,K3:B45"}[s.BK == 1])
		if err != nil {
			t.Fatal(err)
		}
		if SigOf(p) != s {
			t.Fatalf("%s is not %v", p.FEN(), s)
		}
		if built, err := eg.Ensure(context.Background(), p); err != nil || built == 0 {
			t.Fatalf("%v: %d indices built, %v", s, built, err)
		}
	}
	compareBuilders(t, eg.intl, sigs)
}

// compareBuilders builds sigs with the generic builder and reads every
// position of them from eg, the international builder's tables.
func compareBuilders(t *testing.T, eg *intl.Tables, sigs []Sig) {
	t.Helper()
	gen := generic.New(draughts.International)
	compared, decided := 0, 0
	for _, s := range sigs {
		if err := gen.Ensure(s, generic.Limit{Bytes: 1 << 30}); err != nil {
			t.Fatal(err)
		}
		for _, turn := range []draughts.Color{draughts.White, draughts.Black} {
			err := gen.Each(s, turn, func(p draughts.Position, v Result, plies int) {
				r, ep, ok := eg.Probe(p)
				if !ok {
					t.Fatalf("%s: not in the international tables", p.FEN())
				}
				if v != r || (v != Draw && plies != ep) {
					t.Fatalf("%s: generic %s in %d plies, international %s in %d", p.FEN(), v, plies, r, ep)
				}
				compared++
				if v != Draw {
					decided++
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions compared, %d decided", compared, decided)
	if decided == 0 || decided == compared {
		t.Fatal("the comparison needs wins and draws")
	}
}

// One handle serves every rule system through one Probe and one Ensure,
// saving in the one directory layout: international files in the root,
// the others in a subdirectory named after the rules.
func TestOpenProbeEnsure(t *testing.T) {
	root := t.TempDir()
	tabs, err := Open(Config{Dir: root, Memory: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		rules *draughts.Rules
		fen   string
		want  Result
		plies int
	}{
		{draughts.International, "W:WK8,K20,K37:B43", Win, 17}, // Grimminck's longest 0310 win
		{draughts.International, "B:WK19,K20,K37:B43", Loss, 16},
		{draughts.Russian, "W:WKa1,Kc1,Kh2:BKd8", Win, 0},
	}
	for _, c := range cases {
		p, err := draughts.ParseFEN(c.rules, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tabs.Ensure(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		r, plies, ok, err := tabs.Probe(p)
		if err != nil || !ok || r != c.want || (c.plies > 0 && plies != c.plies) {
			t.Errorf("%s %s: %s in %d (ok %v, %v); want %s in %d", c.rules.Name, c.fen, r, plies, ok, err, c.want, c.plies)
		}
		sig := SigOf(p)
		if _, err := ParseSig(sig.String()); err != nil {
			t.Error(err)
		}
	}
	if got := Dir(root, draughts.Russian); got != filepath.Join(root, "russian") {
		t.Errorf("Russian tables in %s", got)
	}
	if n, _ := tabs.Missing(draughts.International, 3); n != 0 {
		t.Errorf("%d international tables of up to 3 pieces not saved in %s", n, root)
	}
	list, err := tabs.List()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, e := range list {
		found[e.Rules+" "+e.Sig] = e.Bytes > 0
	}
	// KKKvM is the first position's (side to move first); KKKvK the
	// Russian one's (White first).
	if !found["international KKKvM"] || !found["international KvK"] || !found["russian KKKvK"] {
		t.Errorf("manifest of %s: %v", root, list)
	}
}

// A build whose context is done stops at the next table, keeping those
// finished; the same build resumes, reading them.
func TestBuildStopsAndResumes(t *testing.T) {
	for _, r := range []*draughts.Rules{draughts.International, draughts.Russian} {
		tabs, err := Open(Config{Dir: t.TempDir(), Memory: 1 << 30})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		built := 0
		err = tabs.Build(ctx, r, 3, func(p Progress) {
			built++
			// The generic builder stops after this table, the
			// international one after the piece count.
			cancel()
			if p.Pieces == 3 {
				t.Errorf("%s: %s built after the stop", r.Name, p.Sig)
			}
		})
		cancel()
		if !errors.Is(err, context.Canceled) || built == 0 {
			t.Fatalf("%s: %v after %d tables", r.Name, err, built)
		}
		var loaded, again int
		if err := tabs.Build(context.Background(), r, 3, func(p Progress) {
			again++
			if p.Loaded {
				loaded++
			}
		}); err != nil {
			t.Fatal(err)
		}
		if loaded < 1 || again <= built {
			t.Errorf("%s: resumed build read %d of %d tables; %d were finished before the stop", r.Name, loaded, again, built)
		}
	}
}

// Ensure stops between tables when its context is done: a cancelled one
// builds nothing, under either builder, and says why.
func TestEnsureStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		rules *draughts.Rules
		fen   string
	}{
		{draughts.International, "W:WK8,K20,K37:B43"},
		{draughts.Russian, "W:WKa1,Kc1,Ke1:Bh6"},
	} {
		tabs := InMemory().System(c.rules)
		p, err := draughts.ParseFEN(c.rules, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if built, err := tabs.Ensure(ctx, p); !errors.Is(err, context.Canceled) || built != 0 || tabs.Has(SigOf(p)) {
			t.Errorf("%s %s: built %d, %v, table there %v; want nothing built and context.Canceled", c.rules.Name, c.fen, built, err, tabs.Has(SigOf(p)))
		}
	}
}

// The generic tables' reach is the piece count up to which every
// signature is saved, as the international tables' is: the solver takes
// every position of up to that many pieces as decided when it is generated.
func TestGenericReach(t *testing.T) {
	dir := t.TempDir()
	tabs, err := Open(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if r := tabs.Reach(draughts.English); r != 0 {
		t.Fatalf("nothing saved: reach %d", r)
	}
	if err := tabs.Build(context.Background(), draughts.English, 3, nil); err != nil {
		t.Fatal(err)
	}
	if r := tabs.Reach(draughts.English); r != 3 {
		t.Fatalf("every 2-3-piece table saved: reach %d", r)
	}
	read, err := Open(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if r := read.Reach(draughts.English); r != 3 {
		t.Fatalf("every 2-3-piece table saved, read by another handle: reach %d", r)
	}
}

// Plan says what Ensure will build, and EnsureReporting tells each table
// as it is built: as many as planned, the positions adding up to the
// plan's, the last one the position's own signature. Nothing is left to
// plan after.
func TestEnsureReporting(t *testing.T) {
	r := draughts.Russian
	tabs, err := Open(Config{Dir: t.TempDir(), Memory: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	p, err := draughts.ParseFEN(r, "W:WKa1,Kc1,Ke1:Bh6")
	if err != nil {
		t.Fatal(err)
	}
	count, positions, disk, memory := tabs.Plan(p)
	// KKKvM leads to KKKvK (crowning) and, by captures, to the 3-piece
	// and 2-piece signatures of kings against a man or a king.
	if count < 4 || positions == 0 || disk != positions || memory == 0 || memory > tabs.System(r).MemoryLimit() {
		t.Fatalf("plan: %d tables, %d positions, %d bytes on disk, %d of memory", count, positions, disk, memory)
	}
	var seen []Progress
	built, err := tabs.EnsureReporting(context.Background(), p, func(pr Progress) { seen = append(seen, pr) })
	if err != nil {
		t.Fatal(err)
	}
	last := seen[len(seen)-1]
	if len(seen) != count || built != positions || last.Done != positions || last.Total != positions ||
		last.Current != count || last.Tables != count || last.Sig != SigOf(p).String() {
		t.Errorf("reported %d tables (last %+v), built %d; planned %d tables of %d positions", len(seen), last, built, count, positions)
	}
	for i, pr := range seen {
		if pr.Current != i+1 || (i > 0 && pr.Done <= seen[i-1].Done) {
			t.Errorf("report %d: %+v", i, pr)
		}
	}
	if n, _, _, _ := tabs.Plan(p); n != 0 {
		t.Errorf("after the build: %d tables planned", n)
	}
}

// A nil handle has no tables: nothing is covered, nothing is built, and
// the solver's view of it (System) is nil.
func TestNilTables(t *testing.T) {
	var none *Tables
	p, err := draughts.ParseFEN(draughts.International, "W:WK8,K20:BK43")
	if err != nil {
		t.Fatal(err)
	}
	if s := none.System(draughts.International); s != nil || s.Reach() != 0 || s.StoredPieces() != 0 {
		t.Errorf("nil tables: system %v", s)
	}
	if _, _, ok, err := none.Probe(p); ok || err != nil {
		t.Errorf("nil tables probed: ok %v, %v", ok, err)
	}
	if _, err := none.Ensure(context.Background(), p); err == nil {
		t.Error("nil tables built a table")
	}
	if none.Dir() != "" || none.Reach(draughts.Russian) != 0 {
		t.Errorf("nil tables: dir %q", none.Dir())
	}
}

// The handle keeps one system a rule system, made on first use and the
// same for every caller after (searches running at once share its
// tables); each handle has its own.
func TestOneSystemPerRules(t *testing.T) {
	a, b := InMemory(), InMemory()
	var wg sync.WaitGroup
	got := make([]*System, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = a.System(draughts.Russian)
		}()
	}
	wg.Wait()
	for _, s := range got {
		if s != got[0] {
			t.Fatal("two systems for the Russian rules in one handle")
		}
	}
	if a.System(draughts.English) == got[0] || b.System(draughts.Russian) == got[0] {
		t.Error("a system shared across rules or handles")
	}
	if r := a.System(draughts.International).Reach(); r != intl.SmallPieces {
		t.Errorf("international tables of a new handle reach %d pieces; want %d", r, intl.SmallPieces)
	}
}

// A directory that cannot be made (its parent is a file) is read for
// what it holds, which is nothing: the tables built are kept in memory,
// under both builders, and nothing is written.
func TestUnwritableDirInMemory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tabs, err := Open(Config{Dir: filepath.Join(file, "tables")})
	if err != nil {
		t.Fatal(err)
	}
	if !tabs.ReadOnly() {
		t.Fatal("a directory under a file taken as writable")
	}
	for _, c := range []struct {
		rules *draughts.Rules
		fen   string
	}{{draughts.International, "W:WK8,K20,K37:B43"}, {draughts.Russian, "W:WKa1,Kc1:Bh6"}} {
		p, err := draughts.ParseFEN(c.rules, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tabs.Ensure(context.Background(), p); err != nil {
			t.Fatalf("%s: %v", c.rules.Name, err)
		}
		if _, _, ok, err := tabs.Probe(p); !ok || err != nil {
			t.Errorf("%s %s: built in memory, yet probe ok %v, %v", c.rules.Name, c.fen, ok, err)
		}
	}
	if _, err := Open(Config{Dir: file}); err == nil {
		t.Error("a file opened as a table directory")
	}
}

// Build with no directory builds into the handle's own tables: after
// it, every table of up to that many pieces is there to probe.
func TestBuildInMemory(t *testing.T) {
	tabs := InMemory()
	for _, r := range []*draughts.Rules{draughts.International, draughts.English} {
		reported := 0
		if err := tabs.Build(context.Background(), r, 3, func(Progress) { reported++ }); err != nil {
			t.Fatal(err)
		}
		sigs := generic.Signatures(3)
		for _, s := range sigs {
			if !tabs.System(r).Has(s) {
				t.Errorf("%s: %s not there after a 3-piece build in memory", r.Name, s)
			}
		}
		if reported != len(sigs) {
			t.Errorf("%s: %d tables reported of %d", r.Name, reported, len(sigs))
		}
	}
	if err := tabs.Build(context.Background(), draughts.International, 5, nil); err == nil {
		t.Error("5 international pieces built in memory")
	}
}

// FreeSpace answers for a directory not made yet from its parent's file
// system.
func TestFreeSpace(t *testing.T) {
	dir := t.TempDir()
	free, ok := FreeSpace(dir)
	if !ok || free <= 0 {
		t.Skipf("free space not known here: %d, %v", free, ok)
	}
	if f2, ok := FreeSpace(filepath.Join(dir, "not", "yet")); !ok || f2 <= 0 {
		t.Errorf("a directory to make: %d, %v", f2, ok)
	}
}
