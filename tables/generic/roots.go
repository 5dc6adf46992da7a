package generic

import (
	"context"
	"fmt"
	"slices"
	"time"

	"metz/draughts"
	"metz/tables/base"
)

// A batch of roots (the problems of a book verified in one run) shares
// its tables: what one root's slice plan reaches, another's often
// reaches too, and a slice is built again by every process where a whole
// table is built once and saved. So a batch plans the union of the whole
// tables of up to some piece count that its roots reach (sliceSpecs from
// each root's cone, with every table those lead to) and builds it once,
// ahead of its searches: each root of at most that many pieces is then
// read from its own table, and the larger ones find the smaller endings
// they capture down to decided.

// PlanRoots is what BuildRoots would build for roots (those of t's rules
// and board; the others are left out): the whole tables of up to
// maxPieces pieces their positions reach, not in memory nor saved, in
// the order they are built, with their positions and the most memory one
// build takes; those of a side with no piece, built too but never saved,
// are left out (kept).
func (t *Tables) PlanRoots(roots []draughts.Position, maxPieces int) Plan {
	if t.bits == nil {
		return Plan{}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	_, build := t.rootsPlan(roots, maxPieces)
	build = kept(build)
	_, peak, positions := t.cost(build)
	return Plan{Sigs: build, Positions: positions, Peak: peak}
}

// kept is sigs without those of a side with no piece left: the game is
// over there, and such a table, built in memory in a moment as the
// others' exits, is never saved (save). A plan and a build's report leave
// them out, so that a directory holding every table a batch reaches
// plans nothing: a batch of 7-piece roots, whose 7-piece signatures
// capture whole sides at once, planned 29 such tables before every run.
func kept(sigs []base.Sig) []base.Sig {
	return slices.DeleteFunc(slices.Clone(sigs), gameOver)
}

// gameOver reports whether a side of s has no piece.
func gameOver(s base.Sig) bool { return s.WM+s.WK == 0 || s.BM+s.BK == 0 }

// rootsPlan is the tables roots reach of up to maxPieces pieces, with
// all they lead to: those saved, to read, and the others, to build in
// their order (t.mu held).
func (t *Tables) rootsPlan(roots []draughts.Position, maxPieces int) (load, build []base.Sig) {
	seen := map[base.Sig]bool{}
	for _, p := range roots {
		if p.Rules != t.r || !t.l.covers(p.Board) {
			continue
		}
		for s := range t.sliceSpecs(base.SigOf(p), t.coneOf(p), maxPieces) {
			l, b := t.plan(s)
			for _, n := range l {
				if !seen[n] {
					seen[n] = true
					load = append(load, n)
				}
			}
			for _, n := range b {
				if !seen[n] {
					seen[n] = true
					build = append(build, n)
				}
			}
		}
	}
	sortForBuild(build)
	return load, build
}

// BuildRoots builds PlanRoots(roots, maxPieces), each table saved as it
// ends, reporting each (when built is not nil) with its positions and
// time. It refuses before it starts when one build would take more than
// lim.Bytes (the error names the table and what it needs); lim.Positions
// does not bound it: the tables are the roots' answers, built once. When
// ctx is done it stops between tables, those finished kept and saved,
// with ctx's error: the next call goes on from there.
func (t *Tables) BuildRoots(ctx context.Context, roots []draughts.Position, maxPieces int, lim Limit,
	built func(s base.Sig, positions int64, d time.Duration)) (positions int64, err error) {
	if t.bits == nil {
		return 0, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for {
		load, build := t.rootsPlan(roots, maxPieces)
		if err := t.fitsEach(build, lim); err != nil {
			return 0, err
		}
		if !t.loadAll(load) {
			continue // a file that did not read is built instead
		}
		_, _, positions = t.cost(kept(build))
		report := built
		if built != nil {
			report = func(s base.Sig, n int64, d time.Duration) {
				if !gameOver(s) {
					built(s, n, d)
				}
			}
		}
		return positions, t.buildAll(ctx, build, report)
	}
}

// fitsEach is nil when every one of sigs builds within lim's memory, else
// an error naming the first that does not.
func (t *Tables) fitsEach(sigs []base.Sig, lim Limit) error {
	for _, s := range sigs {
		if need := t.Positions(s) * (bytesPerPosition + buildBytes); need > lim.Bytes {
			return fmt.Errorf("retro: the table of %s needs %.2f GB to build (allowed: %.2f GB)",
				s, float64(need)/(1<<30), float64(lim.Bytes)/(1<<30))
		}
	}
	return nil
}
