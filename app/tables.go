package app

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"metz/draughts"
	"metz/endgameclaims"
	"metz/importer/livremetz"
	"metz/sources"
	"metz/tables"
)

// Tables is the program's one handle on the endgame tables (package
// tables), as the front ends hold it: opened once by OpenTables, passed
// to every use case that reads tables. Nil is no tables at all.
type Tables = tables.Tables

// TableProgress reports one table of a build, read or built.
type TableProgress = tables.Progress

// TableEntry is one table file of a table directory (ListTables).
type TableEntry = tables.Entry

// TablesEnv names the environment variable that sets the table directory
// when no --tables is given.
const TablesEnv = tables.Env

// OpenTables opens the tables a table setting names, once for the
// program (a command, the server): "auto" the default directory
// ($METZ_TABLES, else the user cache: tables.DefaultDir), a directory,
// "none" no tables at all (nil), or "" tables built in memory and saved
// nowhere. The directory is created when needed; the tables a search or
// a probe needs are read from it, or built and saved there, under every
// rule system. One that cannot be written is read for what it holds, the
// tables built kept in memory (Tables.ReadOnly says so). mem bounds the
// memory of the tables built for one probe under rules other than the
// international ones (0: the default, 1 GB).
func OpenTables(dir string, mem int64) (*Tables, error) {
	switch dir {
	case "none":
		return nil, nil
	case "auto":
		dir = tables.DefaultDir()
	}
	tb, err := tables.Open(tables.Config{Dir: dir, Memory: mem})
	if err != nil {
		return nil, fmt.Errorf("--tables: %w", err)
	}
	return tb, nil
}

// TableBuild is what a table build did (endgame build's JSON form).
type TableBuild struct {
	Dir        string       `json:"dir"`
	Pieces     int          `json:"pieces"`
	Signatures int          `json:"signatures"`
	Built      int          `json:"built"`
	Loaded     int          `json:"loaded"`
	Total      tables.Stats `json:"total"`
	Seconds    float64      `json:"seconds"`
	Bytes      int64        `json:"bytes"`
	Tables     []TableBuilt `json:"tables"`
}

// TableBuilt is one table of a build, read or built.
type TableBuilt struct {
	Signature string       `json:"signature"`
	Pieces    int          `json:"pieces"`
	Loaded    bool         `json:"loaded"`
	Stats     tables.Stats `json:"stats"`
	Seconds   float64      `json:"seconds"`
	Bytes     int64        `json:"bytes"`
}

// TablesLeft is what a build of r's tables of 2 to pieces pieces in tb's
// directory has left to do: how many tables, the bytes they take on disk
// (none when pieces is out of range: the build refuses it) and the
// directory they go to. A build that the disk could not hold is refused
// now, before minutes of work that could not be written.
func TablesLeft(tb *Tables, r *draughts.Rules, pieces int) (n int, size int64, dir string, err error) {
	if tb == nil {
		return 0, 0, "", errNoTables
	}
	dir = tables.Dir(tb.Dir(), r)
	if pieces < 2 || pieces > tables.MaxPieces(r) {
		return 0, 0, dir, nil
	}
	if n, size = tb.Missing(r, pieces); n == 0 {
		return 0, 0, dir, nil
	}
	if tb.Dir() == "" {
		return n, 0, "memory", nil
	}
	return n, size, dir, checkRoom(dir, fmt.Sprintf("the %d tables left to build", n), size)
}

// errNoTables is the error of a table command given --tables none.
var errNoTables = errors.New("--tables none: no endgame tables to build, probe or list (give a directory, or leave the default)")

// FreeSpace tells the bytes free where a build writes (a variable, for
// the tests).
var FreeSpace = tables.FreeSpace

// checkRoom refuses a build of need bytes (what names them) that dir's
// disk cannot hold.
func checkRoom(dir, what string, need int64) error {
	if free, ok := FreeSpace(dir); ok && need > 0 && free < need {
		return fmt.Errorf("endgame build: %s take %s and %s has only %s free (choose another --tables DIR, or fewer --pieces)",
			what, DiskSize(need), dir, DiskSize(free))
	}
	return nil
}

// DiskSize writes a byte count in kB under a megabyte, in GB from a
// gigabyte, else in MB.
func DiskSize(n int64) string {
	switch {
	case n < 1e6:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// BuildTables builds r's tables of 2 to pieces pieces into tb's directory
// (the one build path of every rule system), reading those already there,
// and tells progress of each table; cancelling ctx stops it, keeping
// every table finished.
func BuildTables(ctx context.Context, tb *Tables, r *draughts.Rules, pieces int, progress func(TableProgress)) (TableBuild, error) {
	if tb == nil {
		return TableBuild{}, errNoTables
	}
	start := time.Now()
	sum := TableBuild{Dir: tables.Dir(tb.Dir(), r), Pieces: pieces}
	err := tb.Build(ctx, r, pieces, func(p tables.Progress) {
		sum.Signatures++
		if p.Loaded {
			sum.Loaded++
		} else {
			sum.Built++
		}
		sum.Total.Add(p.Stats)
		sum.Bytes += p.Bytes
		sum.Tables = append(sum.Tables, TableBuilt{p.Sig, p.Pieces, p.Loaded, p.Stats, p.Time.Seconds(), p.Bytes})
		progress(p)
	})
	sum.Seconds = time.Since(start).Seconds()
	return sum, err
}

// ProbedMove is one legal move of a probed position.
type ProbedMove struct {
	Move   string `json:"move"`
	Result string `json:"result"` // for the side that plays it
	Plies  *int   `json:"plies"`  // to the end (0 for a draw); null where the table stores no distance
	Best   bool   `json:"best"`
}

// Probed is a position's value in the tables and its moves' (endgame
// probe's JSON form), the best moves first. Plies is null where the
// position's table stores no distance (the international 6-piece
// tables: win, draw or loss alone); the value is exact all the same.
type Probed struct {
	FEN    string       `json:"fen"`
	Result string       `json:"result"`
	Plies  *int         `json:"plies"`
	Moves  []ProbedMove `json:"moves"`
}

// ProbedPosition reads the FEN of a probe: a position no game reaches (a
// man on its crowning row) is in no table, and is refused as such.
func ProbedPosition(r *draughts.Rules, fen string) (draughts.Position, error) {
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return p, err
	}
	if bad := p.Validate(); len(bad) > 0 {
		return p, fmt.Errorf("%s: %s: no game reaches it (a man there is crowned), so no table holds it; metz solve searches it as given; crowned, as a game would have it: %s", fen, bad[0], p.Crowned().FEN())
	}
	return p, nil
}

// Probe reads p's value (p as the user wrote it: fen) and that of each of
// its moves from tabs, which hold its tables already (EnsureTables); the
// best moves are the fastest win, any draw, or the slowest loss. From a
// table without distances (the international 6-piece tables) the value
// comes alone, Plies nil, and every move that keeps the value is best
// (none can be told faster).
func Probe(tabs *Tables, p draughts.Position, fen string) (Probed, error) {
	if tabs == nil {
		return Probed{}, errNoTables
	}
	v, plies, ok, err := probeValue(tabs, p)
	if err != nil {
		return Probed{}, err
	}
	if !ok {
		w, b := countPieces(p)
		return Probed{}, fmt.Errorf("%s: not covered by the tables in %s (%d white and %d black pieces; build up to %d pieces with metz endgame build --pieces %d)", fen, tabs.System(p.Rules).Dir(), w, b, w+b, min(w+b, tables.MaxPieces(p.Rules)))
	}
	rep := Probed{FEN: p.FEN(), Result: v.String(), Plies: plies}
	for _, m := range p.Moves() {
		cv, cp, cok, err := probeValue(tabs, p.Play(m))
		if err != nil {
			return rep, err
		}
		if !cok {
			return rep, fmt.Errorf("%s: the position after %s is not covered", rep.FEN, p.Rules.FormatMove(m, false))
		}
		mine := -cv
		mv := ProbedMove{Move: p.Rules.FormatMove(m, false), Result: mine.String(), Plies: cp, Best: mine == v}
		switch {
		case cv == tables.Draw:
			mv.Plies = new(int)
		case cp != nil:
			mv.Plies = new(*cp + 1)
		}
		if mv.Best && v != tables.Draw && plies != nil {
			mv.Best = mv.Plies != nil && *mv.Plies == *plies
		}
		rep.Moves = append(rep.Moves, mv)
	}
	sort.SliceStable(rep.Moves, func(i, j int) bool { return rep.Moves[i].Best && !rep.Moves[j].Best })
	return rep, nil
}

// probeValue reads p's value from tabs, with its distance where the table
// stores one (plies nil where only a table without distances holds p).
func probeValue(tabs *Tables, p draughts.Position) (r tables.Result, plies *int, ok bool, err error) {
	r, n, ok, err := tabs.Probe(p)
	if ok || err != nil {
		return r, &n, ok, err
	}
	r, ok, err = tabs.ProbeWDL(p)
	return r, nil, ok, err
}

func countPieces(p draughts.Position) (white, black int) {
	wm, wk := p.Count(draughts.White)
	bm, bk := p.Count(draughts.Black)
	return wm + wk, bm + bk
}

// EndgameClaims answers the endgame claims of the bundled Livre de Metz
// with tb's international tables, building first those they need that
// are built on demand (announce names each before).
func EndgameClaims(tb *Tables, announce func(signature string)) ([]endgameclaims.Claim, error) {
	if tb == nil {
		return nil, errNoTables
	}
	tabs := tb.System(draughts.International)
	for _, s := range endgameclaims.Material() {
		if tabs.Has(s) || tabs.Cost(s) < 0 {
			continue // there, or never built on demand (five pieces and more)
		}
		announce(s.String())
		if _, err := tabs.EnsureSig(context.Background(), s); err != nil {
			return nil, err
		}
	}
	text, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		return nil, err
	}
	ix, err := livremetz.Parse(text, sources.LivreDeMetz)
	if err != nil {
		return nil, err
	}
	return endgameclaims.Check(ix, tabs), nil
}

// ListTables is what tb's directory holds: every table file of every
// rule system.
func ListTables(tb *Tables) ([]TableEntry, error) {
	if tb == nil {
		return nil, errNoTables
	}
	return tb.List()
}

// EnsurePlan is what a probe of p must build before it answers (EnsureTables).
type EnsurePlan struct {
	Positions int64  // positions to analyse (0: every table is there)
	Dir       string // where the tables go ("" in memory)
	// Under rules other than the international ones: the tables, the
	// bytes on disk, the memory one build takes at most, and about the
	// CPU time (0 when not known), which for seven 8x8 pieces is hours.
	Tables          int
	Disk, Memory    int64
	CPU             time.Duration
	OverMemoryLimit bool // the build is refused: the error says what it would take
}

// PlanEnsure is what EnsureTables(tb, p) would build.
func PlanEnsure(tb *Tables, p draughts.Position) EnsurePlan {
	s := tb.System(p.Rules)
	if s == nil {
		return EnsurePlan{}
	}
	pl := EnsurePlan{Positions: s.ToBuild(p), Dir: s.Dir()}
	var positions int64
	pl.Tables, positions, pl.Disk, pl.Memory = s.Plan(p)
	pl.OverMemoryLimit = pl.Memory > s.MemoryLimit()
	pl.CPU = tables.BuildCPU(p.Rules, positions)
	if positions > 0 {
		pl.Positions = positions
	}
	return pl
}

// EnsureTables builds the tables of p's material that tb lacks (under the
// generic builder, telling progress of each; the international builder
// tells nothing), and returns the positions built. Cancelling ctx stops
// between tables, keeping those finished.
func EnsureTables(ctx context.Context, tb *Tables, p draughts.Position, progress func(TableProgress)) (built int64, err error) {
	return tb.EnsureReporting(ctx, p, progress)
}

// SavedPieces tells, by rule system, the most pieces of the endings tb
// holds whole (for the hints after unproven verdicts, which suggest
// building more): under the international rules, every table of up to
// that many pieces; under the others, tables saved of that many pieces.
// 0 everywhere for nil tables.
func SavedPieces(tb *Tables) func(rules string) int {
	return func(rules string) int {
		r, err := draughts.RulesByName(rules)
		if err != nil || tb == nil {
			return 0
		}
		if r.Name == draughts.International.Name {
			return tb.Reach(r)
		}
		return tb.StoredPieces(r)
	}
}
