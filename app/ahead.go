package app

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"metz/draughts"
	"metz/problems"
	"metz/tables"
)

// A verification of several problems under rules other than the
// international ones builds first, once, the whole endgame tables of up
// to tables.RootsPieces pieces its problems' positions reach, each saved
// (tables.System.BuildRoots): an English book's six-piece problems are
// then read from their tables and its larger ones find the endings they
// capture into decided, where each problem's search alone would build
// slices of them again and again within its own clock, or not at all.
// It goes by piece count (Run's stages): the tables of the problems of
// fewest pieces first, then those problems, then the next count's, so
// that the small problems answer while the large tables wait. It is said
// before it starts (VerifyPlan.TablesAhead: the whole of it), shown as it
// goes (VerifyOptions.TablesProgress), and stopped by Ctrl-C between
// tables, those finished kept: the next run goes on from there.

// AheadPlan is what a verification builds before its searches: one
// EnsurePlan summed over its rule systems (Dir the first one's), and the
// memory one build may take (Allowed).
type AheadPlan struct {
	EnsurePlan
	Allowed int64
}

// rootsByRules are the positions of probs by rule system, those whose
// tables the generic builder builds (every system but the international
// one), in the problems' order.
func rootsByRules(probs []*problems.Problem) (order []*draughts.Rules, roots map[string][]draughts.Position) {
	roots = map[string][]draughts.Position{}
	for _, p := range probs {
		if p.Position == nil || p.Position.Rules == nil || p.Position.Rules.Name == draughts.International.Name {
			continue
		}
		r := p.Position.Rules
		if _, ok := roots[r.Name]; !ok {
			order = append(order, r)
		}
		roots[r.Name] = append(roots[r.Name], *p.Position)
	}
	return order, roots
}

// AheadMemory is the most memory one table built ahead of a batch may
// take: the tables' own bound when it was set (--memory), else the larger
// of the default and half this machine's memory, since the largest
// six-piece English table (KKMvKKM, 386 M positions) takes 1.16 GB to
// build, more than the default 1 GB a search's probes keep to.
func AheadMemory(tb *Tables) int64 {
	mem := tb.MemoryLimit()
	if mem != tables.DefaultMemory {
		return mem
	}
	return max(mem, int64(machineMemoryMB())<<20/2)
}

// TablesAhead is what Run builds before its searches (nothing when
// NoTablesAhead is set, or when every table is there).
func (p *VerifyPlan) TablesAhead() AheadPlan {
	tb := p.a.tables
	if tb == nil || p.opt.NoTablesAhead {
		return AheadPlan{}
	}
	out := AheadPlan{Allowed: AheadMemory(tb)}
	order, roots := rootsByRules(p.probs)
	for _, r := range order {
		s := tb.System(r)
		n, positions, disk, mem := s.PlanRoots(roots[r.Name])
		if n == 0 {
			continue
		}
		if out.Tables == 0 {
			out.Dir = s.Dir()
		}
		out.Tables += n
		out.Positions += positions
		out.Disk += disk
		out.Memory = max(out.Memory, mem)
		out.CPU += tables.BuildCPU(r, positions)
	}
	out.OverMemoryLimit = out.Memory > out.Allowed
	return out
}

// stage is a part of a Run: problems (indices into the plan's), and the
// roots whose tables are built before them, by rule system.
type stage struct {
	problems []int
	order    []*draughts.Rules
	roots    map[string][]draughts.Position
}

// stages cuts the plan's problems into Run's stages: those whose tables
// are not built ahead first (international, no diagram, or all of them
// under NoTablesAhead), then the others by piece count, fewest first, in
// the problems' order within each.
func (p *VerifyPlan) stages() []stage {
	byPieces := map[int][]int{}
	for i, pr := range p.probs {
		n := 0
		if p.a.tables != nil && !p.opt.NoTablesAhead && pr.Position != nil && pr.Position.Rules != nil &&
			pr.Position.Rules.Name != draughts.International.Name {
			n = tables.SigOf(*pr.Position).Pieces()
		}
		byPieces[n] = append(byPieces[n], i)
	}
	var out []stage
	for _, n := range slices.Sorted(maps.Keys(byPieces)) {
		st := stage{problems: byPieces[n]}
		if n > 0 {
			var probs []*problems.Problem
			for _, i := range st.problems {
				probs = append(probs, p.probs[i])
			}
			st.order, st.roots = rootsByRules(probs)
		}
		out = append(out, st)
	}
	return out
}

// aheadProgress is opt.TablesProgress told of the whole plan's tables
// (TablesAhead) where each stage's build counts its own.
func (p *VerifyPlan) aheadProgress() func(TableProgress) {
	tell := p.opt.TablesProgress
	if tell == nil {
		return nil
	}
	all := p.TablesAhead()
	var last, base TableProgress
	return func(pr TableProgress) {
		if pr.Current == 1 { // a stage's first table
			base = last
		}
		pr.Done, pr.Current = base.Done+pr.Done, base.Current+pr.Current
		pr.Total, pr.Tables = max(all.Positions, pr.Done), max(all.Tables, pr.Current)
		last = pr
		tell(pr)
	}
}

// buildAhead builds the tables a stage's roots reach, rule system by rule
// system, telling progress of each. A plan past the memory allowed is not
// built: the error is kept (VerifyPlan.AheadErr) and the searches go on
// without it. ctx's error stops it.
func (p *VerifyPlan) buildAhead(ctx context.Context, st stage, progress func(TableProgress)) error {
	tb := p.a.tables
	if tb == nil || p.opt.NoTablesAhead {
		return nil
	}
	mem := AheadMemory(tb)
	for _, r := range st.order {
		_, err := tb.System(r).BuildRoots(ctx, st.roots[r.Name], mem, progress)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil && p.AheadErr == nil {
			p.AheadErr = fmt.Errorf("the %s tables the problems reach were not built ahead: %w", r.Name, err)
		}
	}
	return nil
}
