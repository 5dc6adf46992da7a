package textout

import (
	"fmt"
	"io"
	"strings"

	"metz/app"
	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// verifyColumns are the summary table's; the evidence is wrapped.
var verifyColumns = []string{"problem", "verdict", "key", "evidence", "nodes", "seconds"}

// Verified prints verify's outcomes as a table, then what to read in it:
// jobs is how many problems were verified at once, saved the most pieces
// of the tables every ending of which is saved, by rule system
// (app.SavedPieces: the hint suggests building more if a search would
// have read them).
func Verified(w io.Writer, done []app.Verified, jobs int, saved func(rules string) int) error {
	t := newTable(verifyColumns...)
	t.Flex, t.Wrap = 3, true
	noPosition := 0
	reports := make([]*verdict.Report, len(done))
	for i, v := range done {
		r := v.Report
		reports[i] = r
		if r.Verdict == verdict.NoPosition {
			noPosition++ // one line below, not a row each: the Livre de Metz alone has 415
			continue
		}
		t.Add(app.ProblemName(v.Problem), Verdict(r.Verdict, r.Dual), r.Key, app.EvidenceText(r), r.ProofNodes, fmt.Sprintf("%.2f", r.Seconds))
	}
	width := termWidth(w)
	if len(t.Rows()) > 0 {
		if err := t.Render(w, width); err != nil {
			return err
		}
	}
	for _, v := range done {
		if v.Standing != "" { // this run proved nothing; an earlier proof stays the verdict
			Note(w, width, app.ProblemName(v.Problem)+": "+v.Standing+".")
		}
	}
	if searched := len(reports) - noPosition; jobs > 1 && searched > 1 {
		// Read alone, a problem's seconds look like its cost, where it
		// shared the cores with another.
		Note(w, width, fmt.Sprintf("Seconds are wall time with %d problems verified at once; verified alone (metz verify SOURCE:NUMBER), each takes less.", min(jobs, searched)))
	}
	if noPosition > 0 {
		have := " have"
		if noPosition == 1 {
			have = " has"
		}
		Note(w, width, fmt.Sprintf("%s%s no position yet (no-position); add transcriptions with metz import FILE.", Count(noPosition, "record", "records"), have))
	}
	if hint := UnprovenHint(reports, saved); hint != "" {
		Note(w, width, hint)
	}
	return nil
}

// UnprovenHint tells what to try when budgets ran out, or "": the limit
// they ran into, and a budget four times as large on both, whose search
// goes further whichever it was. The tables to build are suggested only
// for a search that met endings they would have decided
// (Report.TablesUnsaved): an unproven full-board combination whose lines
// never came down to five pieces gains nothing from them. saved is as
// Verified's.
func UnprovenHint(reports []*verdict.Report, saved func(rules string) int) string {
	n, intl, other := 0, false, ""
	var used verdict.Budget
	stops := map[string]int{}
	for _, r := range reports {
		if r.Verdict != verdict.Unproven {
			continue
		}
		n++
		stops[r.Budget.Stop(r.ProofNodes, r.Seconds)]++
		used.Nodes, used.Time = max(used.Nodes, r.Budget.Nodes), max(used.Time, r.Budget.Time)
		used.MemoryMB = max(used.MemoryMB, r.Budget.MemoryMB)
		if r.TablesUnsaved == 0 {
			continue // its search met no ending that larger tables hold
		}
		intl = intl || r.Rules == draughts.International.Name
		if other == "" {
			other = SavedTablesHint(r.Rules, saved)
		}
	}
	if n == 0 {
		return ""
	}
	hint := fmt.Sprintf("%d unproven: the budget (%s) ran out before a proof either way (%s); "+
		"a larger one takes the search further: --budget %s.", n, used.WithDefaults(), stopText(stops), used.Times(4))
	if intl && saved(draughts.International.Name) < 5 {
		hint += " Endings with kings settle much sooner with the 5-piece endgame tables: " +
			"metz endgame build --pieces 5 (once: about 225 s of CPU, 1.9 GB on disk, 3.1 GB of memory)."
	}
	if other != "" {
		hint += " " + other
	}
	return hint
}

// stopText says which limits the unproven searches ran into.
func stopText(stops map[string]int) string {
	var parts []string
	for _, s := range []struct{ key, text string }{{"nodes", "at the node limit"}, {"time", "at the time limit"}, {"", "within their parts' shares"}} {
		if stops[s.key] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", stops[s.key], s.text))
		}
	}
	return strings.Join(parts, ", ")
}

// SavedTablesHint suggests saving the tables of a rule system without
// files of its own when they are not saved yet, as many pieces as take
// minutes: five on 8x8, four on Turkish's and Canadian's larger boards
// (five there would take hours). A search then reads the endings it
// meets, at any depth, instead of searching them. "" on the 10x10 board
// (international has its own hint; Manoury's rule and qui perd gagne
// would take hours) and when they are saved (saved is as Verified's).
func SavedTablesHint(rules string, saved func(rules string) int) string {
	r, err := draughts.RulesByName(rules)
	if err != nil || r.Geo.SameBoard(draughts.International.Geo) {
		return ""
	}
	pieces, cost := 5, "about 1 minute on 2 cores, 0.4 GB on disk"
	switch {
	case r.Geo.N > 64:
		pieces, cost = 4, "about 4 to 5 minutes on 2 cores, 0.84 GB on disk"
	case r.Geo.N > 32:
		pieces, cost = 4, "about 2 minutes on 2 cores, 0.5 GB on disk"
	}
	if saved(r.Name) >= pieces {
		return ""
	}
	return fmt.Sprintf("Under the %s rules, endings of %d pieces met deep in a search are read, not searched, once their tables are saved: "+
		"metz endgame build --rules %s --pieces %d (once: %s).", r.Name, pieces, r.Name, pieces, cost)
}

// Solution prints what solve found, a line a fact; saved is as
// Verified's.
func Solution(w io.Writer, s *verdict.Solution, saved func(rules string) int) {
	fmt.Fprintf(w, "result:  %s (goal %s, %s rules)\n", s.Result, s.Goal, s.Rules)
	if s.Note != "" {
		fmt.Fprintf(w, "note:    %s\n", s.Note)
	}
	if len(s.Keys) > 0 {
		fmt.Fprintf(w, "keys:    %s\n", strings.Join(s.Keys, ", "))
	}
	if len(s.Undecided) > 0 {
		fmt.Fprintf(w, "open:    %s (budget ran out)\n", strings.Join(s.Undecided, ", "))
	}
	if s.Open != nil {
		fmt.Fprintf(w, "stopped: %s\n", s.Open.Text())
	}
	switch {
	case s.Plies > 0 && s.Result == verdict.ResultLoss:
		fmt.Fprintf(w, "plies:   %d (to the end, against the longest defence)\n", s.Plies)
	case s.Plies > 0:
		fmt.Fprintf(w, "plies:   %d (shortest forced win)\n", s.Plies)
	}
	if s.Tree != nil {
		fmt.Fprintf(w, "line:    %s\n", mainLineText(s.Tree))
		fmt.Fprintf(w, "proof:   %d moves in the tree\n", s.Tree.Size())
	}
	if (s.Result == verdict.ResultUnknown || len(s.Undecided) > 0) && s.TablesUnsaved > 0 {
		if hint := SavedTablesHint(s.Rules, saved); hint != "" {
			fmt.Fprintf(w, "hint:    %s\n", hint)
		}
	}
	if s.TableHits > 0 {
		fmt.Fprintf(w, "tables:  %d positions decided by the endgame tables", s.TableHits)
		if s.TableHitsNoDistance > 0 {
			fmt.Fprintf(w, " (%d by tables that store no distance)", s.TableHitsNoDistance)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "nodes:   %d in %.2fs\n", s.Nodes, s.Seconds)
}

// mainLineText is a tree's first line in full-path notation.
func mainLineText(t *problems.Tree) string {
	var moves []string
	for _, n := range t.MainLine() {
		moves = append(moves, n.Move)
	}
	return strings.Join(moves, " ")
}
