package tables

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"metz/draughts"
	"metz/tables/generic"
	"metz/tables/intl"
)

// MaxPieces is the largest build of r's tables: 6 pieces under every
// rule system (the international 6-piece tables without distances: see
// intl.WDLPieces).
func MaxPieces(r *draughts.Rules) int {
	if international(r) {
		return intl.MaxPieces
	}
	return 6
}

// DistancePieces is the most pieces of r's tables that give a search its
// distances (Probe): the international 6-piece tables hold win, draw or
// loss alone.
func DistancePieces(r *draughts.Rules) int {
	if international(r) {
		return intl.WDLPieces - 1
	}
	return MaxPieces(r)
}

// Progress reports one table of a build, read or built.
type Progress struct {
	Sig     string // its name (side to move first under the international rules, White first under the others)
	Pieces  int
	Loaded  bool // read from the directory, not built
	Stats   Stats
	Time    time.Duration
	Bytes   int64 // on disk
	Done    int64 // positions (indices) read or built so far
	Total   int64 // positions of the whole build
	Current int   // tables read or built so far
	Tables  int   // tables of the whole build
}

// Missing is what a build of r's tables of 2 to pieces pieces has left
// to do in t's directory: the tables not there and the bytes they will
// take on disk (the generic builder's, one byte a position, as a table
// whose distances fit a byte takes: every 8x8 one built so far). With no
// directory, every table is missing and takes no disk.
func (t *Tables) Missing(r *draughts.Rules, pieces int) (tables int, bytes int64) {
	if t.dir == "" {
		return len(generic.Signatures(pieces)), 0
	}
	if international(r) {
		return intl.Missing(t.dir, pieces)
	}
	gen := generic.New(r)
	gen.SetDir(t.dir)
	for _, s := range generic.Signatures(pieces) {
		if !gen.Stored(s) {
			tables++
			bytes += gen.Positions(s)
		}
	}
	return tables, bytes
}

// Build builds every table of r of 2 to pieces pieces into t's
// directory, reading those already there (an interrupted or smaller build
// is resumed), and reports each to progress (from one goroutine at a
// time). With no directory, the tables are built in memory (the
// international ones up to intl.DemandPieces pieces), for t's probes.
// The generic builder keeps within t's memory limit. When ctx is done the
// build stops after the table (generic builder) or piece count
// (international builder) it is on: every table finished is on disk, and
// a temporary file left by a killed save is cleared by a later build.
func (t *Tables) Build(ctx context.Context, r *draughts.Rules, pieces int, progress func(Progress)) error {
	if pieces < 2 || pieces > MaxPieces(r) {
		return fmt.Errorf("--pieces %d: tables under the %s rules have 2 to %d pieces (a table needs a piece on each side)", pieces, r.Name, MaxPieces(r))
	}
	if t.dir == "" {
		return t.buildInMemory(ctx, r, pieces, progress)
	}
	if err := os.MkdirAll(Dir(t.dir, r), 0o755); err != nil {
		return fmt.Errorf("table directory: %w", err)
	}
	defer t.forget(r) // what the handle knew of r's directory is out of date
	if international(r) {
		return buildInternational(ctx, t.dir, pieces, progress)
	}
	gen := generic.New(r)
	gen.SetDir(t.dir)
	return buildGeneric(ctx, gen, pieces, t.mem, progress)
}

// buildInMemory is Build with no directory: the tables are built into
// t's own, one signature at a time.
func (t *Tables) buildInMemory(ctx context.Context, r *draughts.Rules, pieces int, progress func(Progress)) error {
	s := t.System(r)
	if s.gen != nil {
		return buildGeneric(ctx, s.gen, pieces, t.mem, progress)
	}
	if pieces > intl.DemandPieces {
		return fmt.Errorf("--pieces %d: international tables of more than %d pieces are built into a directory", pieces, intl.DemandPieces)
	}
	sigs := generic.Signatures(pieces)
	for i, sig := range sigs {
		if _, err := s.intl.EnsureContext(ctx, sig); err != nil {
			return err
		}
		if progress != nil {
			progress(Progress{Sig: sig.String(), Pieces: sig.Pieces(), Current: i + 1, Tables: len(sigs)})
		}
	}
	return nil
}

// buildInternational runs the international builder one piece count at a
// time (each reported at its own count); it stops between the groups of
// tables it builds when ctx is done.
func buildInternational(ctx context.Context, root string, pieces int, progress func(Progress)) error {
	var done, total int64
	count, current := 0, 0
	for n := 2; n <= pieces; n++ {
		tabs, size := intl.Count(n)
		count += tabs
		total += size
	}
	for n := 2; n <= pieces; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		err := intl.Build(ctx, root, n, func(p intl.Progress) {
			if p.Pieces < n {
				return // reported at its own count
			}
			done += p.Size
			current++
			if progress != nil {
				progress(Progress{Sig: p.Name, Pieces: n, Loaded: p.Loaded, Stats: p.Stats, Time: p.Time,
					Bytes: p.Bytes, Done: done, Total: total, Current: current, Tables: count})
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// buildGeneric runs the generic builder gen a signature at a time.
func buildGeneric(ctx context.Context, gen *generic.Tables, pieces int, mem int64, progress func(Progress)) error {
	sigs := generic.Signatures(pieces)
	var done, total int64
	for _, s := range sigs {
		total += gen.Positions(s)
	}
	took := map[Sig]time.Duration{}
	built := func(s Sig, _ int64, d time.Duration) { took[s] = d }
	for i, s := range sigs {
		if err := ctx.Err(); err != nil {
			return err
		}
		loaded := gen.Stored(s)
		if err := gen.EnsureReporting(ctx, s, Limit{Bytes: mem}, built); err != nil {
			return err
		}
		st, err := gen.Stats(s)
		if err != nil {
			return err
		}
		done += gen.Positions(s)
		if progress != nil {
			progress(Progress{Sig: s.String(), Pieces: s.Pieces(), Loaded: loaded, Stats: st, Time: took[s],
				Bytes: gen.SavedBytes(s), Done: done, Total: total, Current: i + 1, Tables: len(sigs)})
		}
	}
	if err := gen.SaveErr(); err != nil {
		return fmt.Errorf("tables built but not saved in %s: %w", filepath.Join(gen.Dir(), gen.Rules().Name), err)
	}
	return nil
}

// BuildCPU estimates the CPU time the generic builder takes for positions
// (index positions, as Plan counts them) on r's board: measured on the
// 8x8 boards only (English, 2 to 6 pieces: 2,093 s of CPU for 7.1 G), so
// 0 (no estimate) on the others.
func BuildCPU(r *draughts.Rules, positions int64) time.Duration {
	if international(r) || r.Geo.N != 32 {
		return 0
	}
	return time.Duration(positions * cpuNanos8x8)
}

// cpuNanos8x8 is the generic builder's CPU time an index position on 32
// squares, in nanoseconds (see BuildCPU).
const cpuNanos8x8 = 300
