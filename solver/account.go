package solver

import (
	"fmt"
	"strings"

	"metz/verdict"
)

// spend runs f and adds the nodes it cost to *into.
func (v *verifier[P, M]) spend(into *int64, f func()) {
	before := v.s.lim.nodes
	f()
	*into += v.s.lim.nodes - before
}

// note writes the account for Report.Notes: the budget, each part's
// nodes, and what was left unspent.
func workNote(a verdict.Work, lim *limits) string {
	parts := []string{fmt.Sprintf("budget of %s nodes", count(lim.maxNodes))}
	add := func(name string, n int64) {
		if n > 0 {
			parts = append(parts, name+" "+count(n))
		}
	}
	add("other first moves", a.Keys)
	add("omitted defences", a.Defences)
	add("the stated lines (ends; draw checks)", a.Leaves)
	add("duals", a.Duals)
	left := lim.maxNodes - lim.nodes
	if lim.stopped && left > 0 {
		parts = append(parts, "stopped by the clock")
	} else {
		add("unspent", left)
	}
	return strings.Join(parts, "; ")
}

// count writes a node count briefly: 850, 12.3k, 4.28M.
func count(n int64) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.2fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}
