package app

import (
	"context"
	"fmt"

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
// It is said before it starts (VerifyPlan.TablesAhead), shown as it goes
// (VerifyOptions.TablesProgress), and stopped by Ctrl-C between tables,
// those finished kept: the next run goes on from there.

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

// buildAhead builds what TablesAhead says, rule system by rule system.
// A plan past the memory allowed is not built: the error says so, and
// the searches go on without it (Run reports it as VerifyPlan.AheadErr).
// ctx's error stops it.
func (p *VerifyPlan) buildAhead(ctx context.Context) error {
	tb := p.a.tables
	if tb == nil || p.opt.NoTablesAhead {
		return nil
	}
	mem := AheadMemory(tb)
	order, roots := rootsByRules(p.probs)
	for _, r := range order {
		_, err := tb.System(r).BuildRoots(ctx, roots[r.Name], mem, p.opt.TablesProgress)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			p.AheadErr = fmt.Errorf("the %s tables the problems reach were not built ahead: %w", r.Name, err)
		}
	}
	return nil
}
