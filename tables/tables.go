// Package tables is metz's one door to the endgame tables, under every
// rule system: a position's exact value for the side to move and its
// distance to the end in plies (the winner hurries, the loser delays;
// what neither side can force is a draw, no move counter applied).
//
// A program opens one Tables handle (Open, or InMemory for tables built
// in memory and saved nowhere) from one directory setting and passes it
// down: to the solver (solver.Options.Tables), the probes, the builds.
// The handle covers every rule system: it dispatches on a position's
// rules, and keeps the state of each system (System) from the first time
// it is asked for it. Nothing of the tables lives in a package variable:
// two handles share nothing but their directory.
//
// Two builders sit behind it, each with its own package under this one.
// International draughts (10x10) has tables/intl: bitboard un-moves, one
// byte a position, built ahead up to 5 pieces (metz endgame build) or on
// demand up to 4; the 6-piece tables hold win, draw or loss alone (five
// positions a byte), read by ProbeWDL and never by Probe, which gives
// distances. Every other rule system goes through tables/generic:
// tables built in memory when a search meets them, up to 6 pieces ahead.
// Both save what they build in one directory tree (see Dir) and read it
// back; a test checks that both builders give every international
// position of three pieces the same value and distance. What they share
// (Sig, Result, Stats) is in tables/base, and re-exported here: the rest
// of metz imports this package only.
package tables

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

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

// Sig is a material signature: White's men and kings, then Black's,
// whoever is to move (the international builder's files name the side to
// move first, an internal matter of that builder).
type Sig = base.Sig

// SigOf is the signature of p.
func SigOf(p draughts.Position) Sig { return base.SigOf(p) }

// ParseSig reads a name written by Sig.String ("KKMvK": White's two kings
// and a man against a black king).
func ParseSig(name string) (Sig, error) { return base.ParseSig(name) }

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

// DefaultMemory is the most memory the tables the generic builder builds
// for one Ensure or Probe may take when Config.Memory is 0 (the searches
// give their own bound).
const DefaultMemory = generic.TotalBytes

// Config is how a program opens its tables.
type Config struct {
	// Dir is the table directory: the tables saved there are read, and
	// those built are saved there. "" is none: tables built in memory,
	// saved nowhere. A directory that cannot be created or written is
	// read for what it holds, and the tables built are kept in memory.
	Dir string
	// Memory bounds the memory of the tables the generic builder builds
	// for one Ensure or Probe (0: DefaultMemory).
	Memory int64
}

// Tables is the one handle on the endgame tables of a program: every rule
// system's, read from one directory and built as they are needed. It is
// safe for concurrent use. A nil *Tables has no tables at all: probes
// answer "not covered", and the solver searches every position.
type Tables struct {
	dir      string
	mem      int64
	readOnly bool

	mu      sync.Mutex
	systems map[string]*System // by rules name, made when first asked for
}

// Open opens the tables of c.Dir; the directory is made when a table is
// first saved there. It reads the header and the length of every
// international table file there, so that a damaged or foreign file is
// reported now, naming it: a probe could not tell it from a table not
// built.
func Open(c Config) (*Tables, error) {
	t := &Tables{dir: c.Dir, mem: cmp.Or(c.Memory, DefaultMemory), systems: map[string]*System{}}
	if c.Dir == "" {
		return t, nil
	}
	if fi, err := os.Stat(c.Dir); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("table directory %s: not a directory", c.Dir)
	}
	t.readOnly = !writable(c.Dir)
	if it, err := intl.Open(c.Dir); err == nil {
		if err := it.Check(); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// InMemory returns tables with no directory: every table is built in
// memory when it is needed and saved nowhere (what the tests use, and a
// program told to save none).
func InMemory() *Tables {
	t, _ := Open(Config{})
	return t
}

// writable reports whether tables can be saved in dir: a file can be
// made in it or, when it is not made yet, in the nearest directory above
// it that is (the file is removed at once; nothing else is made).
func writable(dir string) bool {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		switch {
		case err == nil && !fi.IsDir():
			return false
		case err == nil:
			f, err := os.CreateTemp(d, ".metz-write-test-*")
			if err != nil {
				return false
			}
			f.Close()
			os.Remove(f.Name())
			return true
		case !errors.Is(err, fs.ErrNotExist) || filepath.Dir(d) == d:
			return false
		}
	}
}

// Dir is the table directory ("" for none: t builds in memory).
func (t *Tables) Dir() string {
	if t == nil {
		return ""
	}
	return t.dir
}

// ReadOnly reports whether t's directory could not be written: its tables
// are read, and those built are kept in memory only.
func (t *Tables) ReadOnly() bool { return t != nil && t.readOnly }

// MemoryLimit is the most memory the generic builder's tables built for
// one Ensure or Probe may take (Config.Memory).
func (t *Tables) MemoryLimit() int64 { return t.mem }

// System is t's tables of r, made when first asked for: under the
// international rules, those of up to intl.SmallPieces pieces are read
// from the directory then, or built (a fraction of a second) and saved
// there. Nil when t is nil.
func (t *Tables) System(r *draughts.Rules) *System {
	if t == nil || r == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if s, ok := t.systems[r.Name]; ok {
		return s
	}
	s := t.newSystem(r)
	t.systems[r.Name] = s
	return s
}

// forget drops t's state of r: the next System(r) reads the directory
// afresh (after a build wrote there). Searches holding the old one go on
// with it.
func (t *Tables) forget(r *draughts.Rules) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.systems, r.Name)
}

// newSystem makes the tables of r (t.mu held).
func (t *Tables) newSystem(r *draughts.Rules) *System {
	s := &System{r: r, root: t.dir, mem: t.mem}
	if !international(r) {
		s.gen = generic.New(r)
		if t.readOnly {
			s.gen.ReadOnly()
		}
		s.gen.SetDir(t.dir)
		return s
	}
	s.intl = intl.Memory()
	if t.dir != "" {
		if !t.readOnly {
			_ = os.MkdirAll(t.dir, 0o755) // writable: an error would be the disk's
		}
		if it, err := intl.Open(t.dir); err == nil {
			s.intl = it
		}
	}
	if t.readOnly {
		s.intl.ReadOnly()
	}
	if err := s.intl.EnsureSmall(); err != nil {
		// A table that could not be written (a full disk) or read:
		// the small ones are built in memory instead, as for a
		// directory that cannot be written.
		s.intl.ReadOnly()
		if s.intl.EnsureSmall() != nil {
			s.intl = intl.Memory()
			_ = s.intl.EnsureSmall() // reads and writes nothing
		}
	}
	return s
}
