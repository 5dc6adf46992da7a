package solver

import (
	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/draughts/bitboard8"
	"metz/draughts/engines"
	"metz/problems"
	"metz/tables"
	"metz/verdict"
)

// game is a rules engine as the searches see it: the contract every move
// generator keeps (draughts.Engine), positions of type P and moves of type
// M. Package draughts/engines chooses it (withEngine); the searches are
// written once, generic over the game. The few things the solver asks of
// a position beyond the contract are the functions below.
type game[P, M any] = draughts.Engine[P, M]

// from converts a position the solver was given, whose rules chose g.
func from[P, M any](g game[P, M], q draughts.Position) P {
	p, _ := g.FromGeneric(q) // the registry chose g for q's rules
	return p
}

// play returns the position after m and its hash (h is q's).
func play[P, M any](g game[P, M], q P, h uint64, m M) (P, uint64) {
	return g.Play(q, m), g.HashAfter(q, h, m)
}

// material is q's signature of men and kings.
func material[P, M any](g game[P, M], q P) tables.Sig {
	wm, wk, bm, bk := g.Material(q)
	return tables.Sig{WM: wm, WK: wk, BM: bm, BK: bk}
}

// format names m as the generic engine writes it (its capture path
// included), as every other part of metz does.
func format[P, M any](g game[P, M], q P, m M, full bool) string {
	if gm, ok := g.GenericMove(q, m); ok {
		return g.Rules().FormatMove(gm, full)
	}
	return "?" // unreachable while the generators agree (tested in draughts/engines)
}

// probe reads q's value for its side to move from t, and the distance to
// the end in plies, building its table first when it fits lim (see
// tables.ProbeOrBuild); ok is false when t has no table for q. The
// international positions go to t in the 10x10 generator's own form, and
// those of the 8x8 boards are read in bitboard8's form from the tables in
// memory (converted to the generic form only to load or build a table).
func probe[P, M any](g game[P, M], t *tables.System, q P, lim tables.Limit) (r tables.Result, plies int, ok bool, built int64) {
	if bp, is10 := any(&q).(*bitboard10.Position); is10 && g.Rules().Name == draughts.International.Name {
		return t.ProbeBitboard(*bp, lim)
	}
	if bp, is8 := any(&q).(*bitboard8.Position); is8 {
		if r, plies, ok := t.ProbeBits8(*bp); ok {
			return r, plies, ok, 0
		}
	}
	return t.ProbeOrBuild(g.ToGeneric(q), lim)
}

// probeWDL reads q's value alone from t, from the tables stored without
// distances too (tables.System.ProbeWDL: no distance, ever); it builds
// nothing.
func probeWDL[P, M any](g game[P, M], t *tables.System, q P) (tables.Result, bool) {
	if bp, is10 := any(&q).(*bitboard10.Position); is10 && g.Rules().Name == draughts.International.Name {
		return t.ProbeBitboardWDL(*bp)
	}
	r, ok, err := t.ProbeWDL(g.ToGeneric(q))
	return r, ok && err == nil
}

// job is a search waiting for its engine: Solve's, or Verify's when prob
// is set. run gives it the fastest engine for its rules (engines.For), the
// one place where the solver picks one.
type job struct {
	pos  draughts.Position
	goal Goal
	opt  Options
	sol  *verdict.Solution // Solve's result

	prob *problems.Problem // Verify's problem, report and limits
	rep  *verdict.Report
	lim  *limits
}

func (j *job) run() {
	c := engines.For(j.pos.Rules)
	switch c.Kind {
	case engines.Board10:
		runJob(c.Board10, j)
	case engines.Board8:
		runJob(c.Board8, j)
	case engines.Board12:
		runJob(c.Board12, j)
	default:
		runJob(c.Generic, j)
	}
}

func runJob[P, M any](g game[P, M], j *job) {
	if j.prob != nil {
		verifyIn(g, j.prob, j.pos, j.goal, j.opt, j.rep, j.lim)
		return
	}
	j.sol = solveIn(g, j.pos, j.goal, j.opt)
}

// pool hands out reusable slices, so that a search allocates its buffers
// once per depth rather than once per node. Slices are taken and given
// back in stack order, but any order works.
type pool[T any] struct{ free [][]T }

func (p *pool[T]) get() []T {
	if n := len(p.free); n > 0 {
		s := p.free[n-1]
		p.free = p.free[:n-1]
		return s[:0]
	}
	return make([]T, 0, 32)
}

func (p *pool[T]) put(s []T) { p.free = append(p.free, s) }
