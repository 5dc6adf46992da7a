package generic

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"metz/draughts"
	"metz/tables/base"
	"metz/tables/internal/mapfile"
)

var roomy = Limit{Bytes: 1 << 30}

// sameTables fails unless a and b hold the same values for s.
func sameTables(t *testing.T, a, b *Tables, s base.Sig) {
	t.Helper()
	ta, tb := a.table(s), b.table(s)
	if ta == nil || tb == nil {
		t.Fatalf("%s: in memory %v and %v", s, ta != nil, tb != nil)
	}
	for turn := range 2 {
		for i := range ta.sh.size {
			if ta.raw(turn, i) != tb.raw(turn, i) {
				t.Fatalf("%s, turn %d, index %d: %#x, then %#x", s, turn, i, ta.raw(turn, i), tb.raw(turn, i))
			}
		}
	}
}

// savedIn returns tables of r reading and saving in dir, with s built
// (and so saved) when s is not the zero signature.
func savedIn(tb testing.TB, r *draughts.Rules, dir string, s base.Sig) *Tables {
	tb.Helper()
	tabs := New(r)
	tabs.SetDir(dir)
	if s != (base.Sig{}) {
		if err := tabs.Ensure(s, roomy); err != nil {
			tb.Fatal(err)
		}
	}
	return tabs
}

// A table built with a directory is saved there, with all it needed; a
// second process (new Tables) reads it back, value for value, builds
// nothing, and needs none of the smaller tables to probe it.
func TestSaveAndRead(t *testing.T) {
	dir := t.TempDir()
	s := base.Sig{WM: 1, WK: 1, BK: 1} // KMvK: a man's crowning and captures lead to four more signatures
	first := savedIn(t, draughts.Russian, dir, s)
	_, build := New(draughts.Russian).plan(s)
	for _, n := range build {
		if n.WM+n.WK == 0 || n.BM+n.BK == 0 {
			continue // a finished game: not worth a file
		}
		if _, err := os.Stat(filepath.Join(dir, "russian", n.String()+fileExt)); err != nil {
			t.Errorf("%s not saved: %v", n, err)
		}
	}
	if err := first.SaveErr(); err != nil {
		t.Fatal(err)
	}
	second := savedIn(t, draughts.Russian, dir, base.Sig{})
	if !second.Stored(s) || second.StoredPieces() != 3 {
		t.Fatalf("stored %v, stored pieces %d; want true, 3", second.Stored(s), second.StoredPieces())
	}
	heap := int64(0) // mapped
	if !mapfile.Mapped {
		heap = 2 * bytesPerPosition * first.l.shape(s).size
	}
	if bytes, positions := second.Cost(s); positions != 0 || bytes != heap {
		t.Errorf("cost of a saved table: %d bytes, %d positions to build; want %d bytes, none to build", bytes, positions, heap)
	}
	p, err := draughts.ParseFEN(draughts.Russian, "W:Wc3,Kh2:BKa7")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok, built := second.ProbeOrBuild(p, Limit{Bytes: 1 << 30, Positions: -1}); !ok || built != 0 {
		t.Fatalf("read-only probe of a saved table: ok %v, built %d", ok, built)
	}
	sameTables(t, first, second, s)
	if second.Has(base.Sig{WK: 2, BK: 1}) {
		t.Error("reading KMvK read the tables it leads to as well")
	}
}

// A damaged or foreign file is not taken for a table: it is built again
// and saved over.
func TestBadFilesRebuilt(t *testing.T) {
	dir := t.TempDir()
	s := base.Sig{WK: 2, BK: 1}
	savedIn(t, draughts.Russian, dir, s)
	// Built again in memory: the saved table is mapped, and the test
	// writes over its file in place (metz renames a new file into place).
	good := savedIn(t, draughts.Russian, "", s)
	name := filepath.Join(dir, "russian", s.String()+fileExt)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	damaged := slices.Clone(data)
	damaged[len(damaged)/2] ^= 0x40
	// The same file under other rules: right checksum, wrong header.
	if err := os.MkdirAll(filepath.Join(dir, "brazilian"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "brazilian", s.String()+fileExt), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rules *draughts.Rules
		data  []byte
	}{{draughts.Russian, damaged}, {draughts.Russian, data[:len(data)-3]}, {draughts.Brazilian, data}} {
		path := filepath.Join(dir, c.rules.Name, s.String()+fileExt)
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		tabs := savedIn(t, c.rules, dir, base.Sig{})
		if err := tabs.Ensure(s, Limit{Bytes: 1 << 30, Positions: -1}); err == nil {
			t.Fatalf("%s: a bad file was read", c.rules.Name)
		}
		if tabs.Stored(s) {
			t.Errorf("%s: a bad file is still taken as stored", c.rules.Name)
		}
		if err := tabs.Ensure(s, roomy); err != nil {
			t.Fatal(err)
		}
		again := savedIn(t, c.rules, dir, base.Sig{})
		if err := again.Ensure(s, Limit{Bytes: 1 << 30, Positions: -1}); err != nil {
			t.Fatalf("%s: the rebuilt table was not saved: %v", c.rules.Name, err)
		}
		sameTables(t, tabs, again, s)
		if c.rules == draughts.Russian {
			sameTables(t, good, again, s)
		}
	}
}

// A directory that cannot be written leaves the tables in memory and
// says why.
func TestSaveError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(dir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tabs := New(draughts.Russian)
	tabs.SetDir(dir) // a file, not a directory
	s := base.Sig{WK: 1, BK: 1}
	if err := tabs.Ensure(s, roomy); err != nil {
		t.Fatal(err)
	}
	if !tabs.Has(s) || tabs.SaveErr() == nil || tabs.Stored(s) {
		t.Fatalf("in memory %v, save error %v, stored %v", tabs.Has(s), tabs.SaveErr(), tabs.Stored(s))
	}
}

func TestParseSig(t *testing.T) {
	for _, name := range []string{"KvK", "KKMvK", "MvKMMM", "KKKKKKKvM"} {
		s, err := base.ParseSig(name)
		if err != nil || s.String() != name {
			t.Errorf("%s: %v %v", name, s, err)
		}
	}
	for _, bad := range []string{"", "v", "Kv", "vK", "KxvK", "KvKvK", "KKKKKKKKvK", "KKKKKKKMvK"} {
		if s, err := base.ParseSig(bad); err == nil {
			t.Errorf("%q read as %s", bad, s)
		}
	}
}

func FuzzParseSig(f *testing.F) {
	for _, s := range []string{"KvK", "KKMvMM", "MKvK", "v"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s, err := base.ParseSig(name)
		if err != nil {
			return
		}
		if back, err := base.ParseSig(s.String()); err != nil || back != s {
			t.Fatalf("%q read as %s, which reads back as %v (%v)", name, s, back, err)
		}
	})
}

// A signature refused as too large to build is read when a directory
// holding it is given afterwards, within the same limit.
func TestRefusedThenSaved(t *testing.T) {
	dir := t.TempDir()
	s := base.Sig{WK: 2, BK: 1}
	saved := savedIn(t, draughts.Russian, dir, s)
	tiny := Limit{Bytes: 1 << 30, Positions: 10}
	tabs := New(draughts.Russian)
	if err := tabs.Ensure(s, tiny); err == nil {
		t.Fatal("built past its limit")
	}
	tabs.SetDir(dir)
	if err := tabs.Ensure(s, tiny); err != nil {
		t.Fatalf("saved, yet refused: %v", err)
	}
	sameTables(t, saved, tabs, s)
}

// Whatever a table file holds, reading it fails cleanly or gives a
// table of the right size.
func FuzzReadFile(f *testing.F) {
	s := base.Sig{WK: 1, BK: 1}
	dir := f.TempDir()
	savedIn(f, draughts.Italian, dir, s)
	data, err := os.ReadFile(filepath.Join(dir, "italian", s.String()+fileExt))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:40])
	f.Add([]byte(fileMagic))
	tabs := New(draughts.Italian)
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := tabs.parseTable(data, s)
		if err != nil {
			return
		}
		for turn := range 2 {
			if n := max(len(tab.vals[turn]), len(tab.small[turn])); int64(n) != tabs.l.shape(s).size {
				t.Fatalf("read a table of %d values, want %d", n, tabs.l.shape(s).size)
			}
		}
	})
}

// A file built under a rule system whose definition has changed since is
// not read (same name, kings no longer flying).
func TestChangedRulesNotRead(t *testing.T) {
	dir := t.TempDir()
	s := base.Sig{WK: 1, BK: 1}
	savedIn(t, draughts.Russian, dir, s)
	changed := *draughts.Russian
	changed.FlyingKings = false
	tabs := savedIn(t, &changed, dir, base.Sig{})
	if err := tabs.Ensure(s, Limit{Bytes: 1 << 30, Positions: -1}); err == nil {
		t.Fatal("a table of the old definition was read")
	}
}

// A temporary file left by a process killed while saving is removed when
// the directory is next opened, once it is old enough not to be another
// process's file still being written; a recent one stays.
func TestStaleTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, draughts.Russian.Name)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	old, fresh := filepath.Join(sub, "KKvK-123.tmp"), filepath.Join(sub, "KKvM-456.tmp")
	for _, name := range []string{old, fresh} {
		if err := os.WriteFile(name, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	past := time.Now().Add(-2 * base.StaleTemp)
	if err := os.Chtimes(old, past, past); err != nil {
		t.Fatal(err)
	}
	savedIn(t, draughts.Russian, dir, base.Sig{})
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("stale %s: %v", old, err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("recent %s removed: %v", fresh, err)
	}
}

// Reach is the most pieces up to which every signature is saved (or
// built): every English one of 2 and 3 pieces saved gives 3, one of them
// missing gives 2, and nothing saved gives 0.
func TestReach(t *testing.T) {
	r := draughts.English
	dir := t.TempDir()
	saved := New(r)
	saved.SetDir(dir)
	if saved.Reach() != 0 {
		t.Fatalf("nothing saved: reach %d", saved.Reach())
	}
	for _, s := range Signatures(3) {
		if err := saved.Ensure(s, roomy); err != nil {
			t.Fatal(err)
		}
	}
	read := New(r)
	read.SetDir(dir)
	if read.Reach() != 3 {
		t.Fatalf("every 2-3-piece table saved: reach %d", read.Reach())
	}
	if err := os.Remove(filepath.Join(dir, r.Name, "MvKM"+fileExt)); err != nil {
		t.Fatal(err)
	}
	short := New(r)
	short.SetDir(dir)
	if short.Reach() != 2 {
		t.Fatalf("MvKM missing: reach %d", short.Reach())
	}
}

// A file larger than checkedBytes is checked by its header and size only,
// not its checksum (which would read it whole): a damaged byte inside is
// not seen, a truncated file still is.
func TestLargeFilesCheckedBySize(t *testing.T) {
	dir := t.TempDir()
	s := base.Sig{WK: 2, BK: 1}
	savedIn(t, draughts.Russian, dir, s)
	name := filepath.Join(dir, "russian", s.String()+fileExt)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	damaged := slices.Clone(data)
	damaged[len(damaged)-5] ^= 0x40 // a value, not the header
	for _, c := range []struct {
		data []byte
		read bool
	}{{damaged, true}, {data[:len(data)-3], false}} {
		if err := os.WriteFile(name, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		tabs := savedIn(t, draughts.Russian, dir, base.Sig{})
		tabs.checked = 0
		if err := tabs.Ensure(s, Limit{Bytes: 1 << 30, Positions: -1}); (err == nil) != c.read {
			t.Errorf("%d bytes: read %v (%v), want %v", len(c.data), err == nil, err, c.read)
		}
	}
}
