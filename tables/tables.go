// Package tables is metz's one API for endgame tables, under every rule
// system: a position's exact value for the side to move and its distance
// to the end in plies (the winner hurries, the loser delays; what neither
// side can force is a draw, no move counter applied).
//
// Two builders sit behind it. International draughts (10x10) has its own,
// package endgame: bitboard un-moves, one byte a position, built ahead up
// to 5 pieces (metz endgame build) or on demand up to 4. Every other rule
// system goes through package retro, the generic builder: tables built in
// memory when a search meets them, up to 6 pieces. Both save what they
// build in one directory tree (see Dir) and read it back; a test checks
// that both builders give every international position of three pieces
// the same value and distance.
//
// A signature (Sig) names the men and kings of White and of Black, whoever
// is to move.
package tables

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"metz/draughts"
	"metz/tables/base"
	"metz/tables/generic"
	"metz/tables/intl"
)

// Result is the value of a position for its side to move.
type Result = base.Result

// The three results.
const (
	Loss = base.Loss
	Draw = base.Draw
	Win  = base.Win
)

// Stats counts the values of a table.
type Stats = base.Stats

// Env names the environment variable that sets the table directory when
// no --tables is given.
const Env = "METZ_TABLES"

// DefaultDir is the table directory of this machine: $METZ_TABLES, else
// metz/endgame in the user's cache directory (os.UserCacheDir:
// $XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
// %LocalAppData% on Windows), shared by every checkout; ./endgame-tables
// only where the system names no cache directory.
func DefaultDir() string {
	if d := os.Getenv(Env); d != "" {
		return d
	}
	if c, err := os.UserCacheDir(); err == nil {
		return filepath.Join(c, "metz", "endgame")
	}
	return "endgame-tables"
}

// Dir is where the tables of r live under the table directory root: the
// international ones in root itself (one .egt file a signature, side to
// move first in the name), every other system's in root/RULES (one .rtb
// file a signature, White first).
func Dir(root string, r *draughts.Rules) string {
	if international(r) {
		return root
	}
	return filepath.Join(root, r.Name)
}

func international(r *draughts.Rules) bool { return r.Name == draughts.International.Name }

// Sig is a material signature: White's men and kings, then Black's,
// whoever is to move (the generic builder's, the one signature type of the
// API; the international builder's files name the side to move first, an
// internal matter of that builder).
type Sig = generic.Sig

// SigOf is the signature of p.
func SigOf(p draughts.Position) Sig { return generic.SigOf(p) }

// ParseSig reads a name written by Sig.String ("KKMvK": White's two kings
// and a man against a black king).
func ParseSig(name string) (Sig, error) { return generic.ParseSig(name) }

// Tables are the tables of one rule system: read from the directory,
// built when a probe needs them (within the memory given), saved there.
type Tables struct {
	r    *draughts.Rules
	root string
	intl *intl.Tables    // international
	gen  *generic.Tables // every other system
	mem  int64
}

// Open returns the tables of r under the table directory root ("": built
// in memory, saved nowhere); mem bounds the memory the generic builder
// gives the tables it builds for one probe. The international tables of
// up to 3 pieces are read from root, or built and saved there (a fraction
// of a second, once a machine).
func Open(r *draughts.Rules, root string, mem int64) (*Tables, error) {
	t := &Tables{r: r, root: root, mem: mem}
	switch {
	case international(r) && root == "":
		t.intl = intl.Small()
	case international(r):
		tabs, err := intl.OpenCache(root)
		if err != nil {
			return nil, err
		}
		t.intl = tabs
	default:
		t.gen = generic.New(r)
		t.gen.SetDir(root)
	}
	return t, nil
}

// Rules is the rule system of t.
func (t *Tables) Rules() *draughts.Rules { return t.r }

// Dir is where t reads and saves its tables ("" for none).
func (t *Tables) Dir() string {
	if t.root == "" {
		return ""
	}
	return Dir(t.root, t.r)
}

// International is the international builder's tables behind t (nil under
// other rules), for the solver's bitboard probes.
func (t *Tables) International() *intl.Tables {
	if t == nil {
		return nil
	}
	return t.intl
}

// Generic is the generic builder's tables behind t (nil under the
// international rules).
func (t *Tables) Generic() *generic.Tables { return t.gen }

// Ensure makes the table of p's material, and all it leads to, ready to
// probe: read from the directory, else built (the international ones up
// to intl.DemandPieces pieces, the others within t's memory). built is
// the positions analysed (0 when all were there). When ctx is done the
// build stops between tables (those finished are kept) with ctx's error.
func (t *Tables) Ensure(ctx context.Context, p draughts.Position) (built int64, err error) {
	if p.Rules != t.r && p.Rules.Name != t.r.Name {
		return 0, fmt.Errorf("tables: a %s position in %s tables", p.Rules.Name, t.r.Name)
	}
	if t.intl != nil {
		return t.intl.EnsureFor(ctx, p)
	}
	built = t.ToBuild(p)
	if err := t.gen.EnsureContext(ctx, generic.SigOf(p), generic.Limit{Bytes: t.mem}); err != nil {
		return 0, err
	}
	return built, nil
}

// MemoryLimit is the most memory t's builds may take (Open's mem).
func (t *Tables) MemoryLimit() int64 { return t.mem }

// Plan is what Ensure(p) would build under rules other than the
// international ones: the tables, their positions, the bytes they take on
// disk (one a position, as every 8x8 table built so far) and the most
// memory one of their builds takes (all zero when nothing is to be built,
// and under the international rules).
func (t *Tables) Plan(p draughts.Position) (tables int, positions, disk, memory int64) {
	if t.intl != nil {
		return 0, 0, 0, 0
	}
	pl := t.gen.PlanOf(generic.SigOf(p))
	return len(pl.Sigs), pl.Positions, pl.Positions, pl.Peak
}

// EnsureReporting is Ensure telling progress of each table as it is
// built (under rules other than the international ones; those report
// nothing). It sets the builder's hook for the call and puts the one it
// found back after: t must be the caller's own (Open), not the process's
// shared tables (For).
func (t *Tables) EnsureReporting(ctx context.Context, p draughts.Position, progress func(Progress)) (built int64, err error) {
	if t.intl == nil && progress != nil {
		pl := t.gen.PlanOf(generic.SigOf(p))
		var done int64
		current := 0
		defer func(prev func(generic.Sig, int64, time.Duration)) { t.gen.Built = prev }(t.gen.Built)
		t.gen.Built = func(s generic.Sig, n int64, d time.Duration) {
			done, current = done+n, current+1
			progress(Progress{Sig: s.String(), Pieces: s.Pieces(), Time: d, Done: done, Total: pl.Positions,
				Current: current, Tables: len(pl.Sigs)})
		}
	}
	return t.Ensure(ctx, p)
}

// ToBuild is the number of positions Ensure(p) would analyse (0 when
// p's tables are all there to read).
func (t *Tables) ToBuild(p draughts.Position) int64 {
	if t.intl != nil {
		return t.intl.ToBuild(p)
	}
	if s := generic.SigOf(p); !t.gen.Has(s) && !t.gen.Stored(s) {
		_, n := t.gen.Cost(s)
		return n
	}
	return 0
}

// Probe reads p's value for its side to move and its distance in plies (0
// for a draw); ok is false when its table is not ready (see Ensure) and
// err names a table file that is there but does not read.
func (t *Tables) Probe(p draughts.Position) (r Result, plies int, ok bool, err error) {
	if t.intl != nil {
		return t.intl.ProbeErr(p)
	}
	r, plies, ok, _ = t.gen.ProbeOrBuild(p, generic.Limit{Bytes: t.mem})
	return r, plies, ok, nil
}

// shared holds For's tables, one per rule system.
var shared sync.Map // rules name → *Tables

// For is the process's shared tables of r, built in memory as searches
// meet them: the international ones of up to intl.SmallPieces pieces
// (intl.Small) and the 4-piece ones on demand; every other system's
// through generic.For (read from and saved in the directory given to
// generic.SetSharedDir, if any).
func For(r *draughts.Rules) *Tables {
	if t, ok := shared.Load(r.Name); ok {
		return t.(*Tables)
	}
	var t *Tables
	if international(r) {
		t = International(intl.Small())
	} else {
		t = Generic(generic.For(r))
	}
	got, _ := shared.LoadOrStore(r.Name, t)
	return got.(*Tables)
}

// International wraps tables of the international builder (a test's, or
// a directory opened by intl.OpenCache).
func International(t *intl.Tables) *Tables {
	return &Tables{r: draughts.International, root: t.Dir(), intl: t}
}

// Generic wraps tables of the generic builder.
func Generic(t *generic.Tables) *Tables {
	return &Tables{r: t.Rules(), gen: t, mem: generic.TotalBytes}
}
