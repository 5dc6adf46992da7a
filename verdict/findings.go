package verdict

import (
	"fmt"
	"strings"
)

// Findings summarises a report for a reader: each kind of finding once,
// with how many there are, and every place as the stated moves leading to
// it ("after 37-31 26x46 33-29"), in the problem's notation.
func (r *Report) Findings() []string {
	var out []string
	add := func(s string) {
		if s != "" {
			out = append(out, s)
		}
	}
	add(r.Stipulation)
	add(r.Claim)
	add(listed(len(r.Misprints), "misprint", "misprints", func(i int) string {
		m := r.Misprints[i]
		return fmt.Sprintf("%q at ply %d: %s", m.Text, m.Ply, m.Reason)
	}))
	add(listed(len(r.Repairs), "repair", "repairs", func(i int) string {
		return r.Repairs[i].Repair + " → " + string(r.Repairs[i].Verdict)
	}))
	switch {
	case len(r.Cooks) > 0 && r.Key == "":
		// No key was stated: the first moves that meet the goal are its
		// keys, none of them a cook of another.
		add(listed(len(r.Cooks), "first move meets the goal", "first moves meet the goal", func(i int) string { return r.Cooks[i].Move }))
	case len(r.Cooks) > 0 && r.Within == 0:
		add(listed(len(r.Cooks), "cook", "cooks", func(i int) string { return r.Cooks[i].Move }))
	}
	add(r.horizonNote())
	if f := r.Refutation; f != nil {
		add("refuted: " + strings.Join(f.Line, " ") + " (" + f.Note + ")")
	}
	add(listed(len(r.LineFindings), "printed move fails where another works", "printed moves fail where another works", func(i int) string {
		f := r.LineFindings[i]
		return fmt.Sprintf("%s %s (%s; %s works)", f.Printed, placeAt(f.After, f.Ply), failsWords(f), f.Works)
	}))
	add(r.reachedNote())
	add(listed(len(r.Omitted), "omitted defence, answered", "omitted defences, each answered", func(i int) string {
		return r.Omitted[i].Defence + " " + placeAt(r.Omitted[i].After, r.Omitted[i].Ply)
	}))
	add(listed(len(r.Duals), "dual", "duals", func(i int) string {
		d := r.Duals[i]
		return fmt.Sprintf("%s as well as %s %s", d.Alternative, d.Stated, placeAt(d.After, d.Ply))
	}))
	if n := len(r.TableLeaves); n > 0 {
		s := fmt.Sprintf("the endgame tables decided %s", Counted(n, "end of a stated line", "ends of stated lines"))
		if k := len(r.TableLeavesNoDistance); k > 0 {
			s += fmt.Sprintf(" (%d from tables that store no distance: win, draw or loss alone)", k)
		}
		add(s)
	}
	add(listed(len(r.Unproven), "place unproven", "places unproven", func(i int) string {
		u := r.Unproven[i]
		return fmt.Sprintf("%s (%d nodes)", place(strings.Join(u.Line, " ")), u.Nodes)
	}))
	if n := len(r.Undecided); n > 0 {
		add(fmt.Sprintf("%s left open: %s", Counted(n, "first move", "first moves"), strings.Join(r.Undecided, " ")))
	}
	add(r.openNote())
	add(listed(len(r.DualsUnsearched), "place where duals were not searched", "places where duals were not searched", func(i int) string {
		return place(r.DualsUnsearched[i])
	}))
	if len(r.DualsUnsearched) > 0 {
		out[len(out)-1] += " (the stated move's shortest win was not established within the budget)"
	}
	return append(out, r.Notes...)
}

// listed is "n kind: a; b; c", or "" when n is 0.
func listed(n int, one, many string, item func(int) string) string {
	if n == 0 {
		return ""
	}
	items := make([]string, n)
	for i := range items {
		items[i] = item(i)
	}
	return Counted(n, one, many) + ": " + strings.Join(items, ", ")
}

// place writes a place given by the moves leading to it.
func place(moves string) string {
	if moves == "" {
		return "at the start"
	}
	return "after " + moves
}

// placeAt is place for a move at ply: a report stored before places had
// their moves names the ply instead.
func placeAt(moves string, ply int) string {
	if moves == "" && ply > 1 {
		return fmt.Sprintf("at ply %d", ply)
	}
	return place(moves)
}

// reachedNote says where stated lines met the goal before their end.
func (r *Report) reachedNote() string {
	return listed(len(r.Reached), "line meets the goal before its end", "lines meet the goal before their end", func(i int) string {
		g := r.Reached[i]
		return fmt.Sprintf("at ply %d, after %s (the %s printed after it are its continuation, replayed, not judged)",
			g.Ply, g.After, Counted(len(g.Continuation), "move", "moves"))
	})
}

// horizonNote names the first moves refuted only within a horizon (no win
// as fast as the key's, a slower one not excluded) and what the horizon
// rests on.
func (r *Report) horizonNote() string {
	if len(r.InHorizon) == 0 {
		return ""
	}
	note := fmt.Sprintf("%s with no win within %d plies, not refuted outright: %s",
		Counted(len(r.InHorizon), "first move", "first moves"), r.Horizon, strings.Join(r.InHorizon, " "))
	switch {
	case r.KeyPlies > 0:
		note += fmt.Sprintf(" (the key wins in %d)", r.KeyPlies)
	case r.KeyPliesAtMost > 0:
		note += fmt.Sprintf(" (the key wins within %d)", r.KeyPliesAtMost)
	}
	return note
}

// failsWords says what defeats a printed move: the line after it, or why
// its own position fails.
func failsWords(f LineFinding) string {
	if len(f.Fails) > 1 {
		return "fails to " + strings.Join(f.Fails[1:], " ")
	}
	return f.Note
}

// Number writes small counts in words, as a sentence would.
func Number(n int) string {
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

// Counted is n with the noun that fits it.
func Counted(n int, one, many string) string {
	if n == 1 {
		return "one " + one
	}
	return Number(n) + " " + many
}

// openNote says where the searches of the places and first moves left
// open stopped (their open lines), or "".
func (r *Report) openNote() string {
	var lines []string
	for _, u := range r.Unproven {
		if u.Open != nil {
			lines = append(lines, place(strings.Join(u.Line, " "))+": "+u.Open.Text())
		}
	}
	for _, o := range r.UndecidedLines {
		lines = append(lines, o.Move+": "+o.Text())
	}
	if len(lines) == 0 {
		return ""
	}
	return "where the search stopped (its most-proving line): " + strings.Join(lines, "; ")
}

// Text writes an open line: its moves, the frontier's material and FEN,
// and what the tables say of it.
func (o *OpenLine) Text() string {
	moves := "at once"
	if len(o.Line) > 0 {
		moves = strings.Join(o.Line, " ")
	}
	s := fmt.Sprintf("%s, to %d pieces, %s, %s (%s); %s", moves, o.Pieces, o.Material, o.FEN, o.Ends, o.tablesText())
	return s + fmt.Sprintf("; %d nodes", o.Nodes)
}

// tablesText says whether the tables hold the frontier, and how to build
// them when they do not.
func (o *OpenLine) tablesText() string {
	switch {
	case o.Tables == TablesSaved:
		return "its table is saved"
	case o.Tables == TablesInMemory:
		return "its table was built in memory"
	case o.Build != "":
		return fmt.Sprintf("no table holds it: %s builds them (%s positions, about %s of memory)",
			o.Build, BigCount(o.BuildPositions), megabytes(o.BuildMemoryMB))
	}
	return "no table holds it"
}

// BigCount writes a large count short: 6.6 G, 12.0 M.
func BigCount(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f G", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f M", float64(n)/1e6)
	}
	return fmt.Sprint(n)
}

// megabytes writes a size in MB, in GB from 1 GB.
func megabytes(mb int64) string {
	if mb >= 1024 {
		return fmt.Sprintf("%.1f GB", float64(mb)/1024)
	}
	return fmt.Sprintf("%d MB", mb)
}

// PlanBuild records that the frontier's tables, of rule system rules
// (its name), can be built: positions to analyse, memBytes the most
// memory one of their builds takes. The command is written here, beside
// the rest of the report's text, so that the searches need not know the
// command line's syntax.
func (o *OpenLine) PlanBuild(rules string, positions, memBytes int64) {
	gb := max((memBytes+1<<30-1)>>30, 2)
	o.Build = fmt.Sprintf("metz endgame probe %q --rules %s --memory %dGB", o.FEN, rules, gb)
	o.BuildPositions, o.BuildMemoryMB = positions, (memBytes+1<<20-1)>>20
}
