package textout

import (
	"cmp"
	"fmt"
	"io"
	"strings"
	"time"

	"metz/app"
	"metz/draughts"
	"metz/endgameclaims"
	"metz/sources"
	"metz/verdict"
)

// BuildPlan says, before a table build, what it has left to do (n tables
// of size bytes into dir) and what the largest builds cost: without a
// terminal there is no progress bar, and five pieces take minutes.
func BuildPlan(w io.Writer, n int, size int64, dir string, r *draughts.Rules, pieces int) {
	fmt.Fprintf(w, "building %d tables (%s) into %s%s; Ctrl-C stops, keeping the tables finished, and the same command resumes\n",
		n, app.DiskSize(size), dir, buildCost(r, pieces))
}

// buildCost is what the largest builds cost, said before they start.
func buildCost(r *draughts.Rules, pieces int) string {
	switch {
	case r.Name == draughts.International.Name && pieces == 5:
		return "; 5 pieces from none: about 225 s of CPU, 3.1 GB of memory"
	case r.Name == draughts.International.Name && pieces >= 6:
		return "; the whole 6-piece set (win/draw/loss only) is 11.7 GB and takes up to 14 GB of working memory and about 6,300–6,500 s of CPU from none, some 53–57 minutes on 2 cores (docs/tables-build.md)"
	case r.Name != draughts.International.Name && pieces >= 6:
		return "; English, 2-6 pieces: 7.5 G positions, about 35 minutes of CPU (19 on 2 idle cores), 1.2 GB of memory; flying kings and larger boards slower"
	case r.Name != draughts.International.Name && pieces == 5:
		return "; Russian, 5 pieces: about 1 minute on 2 cores, 0.4 GB of memory; 12x12 boards three times slower a position"
	}
	return ""
}

// EnsurePlan says what a probe must build before it answers (pl, when it
// builds anything): the positions (the international tables), or under
// the other rules the tables, their size on disk and in memory and the
// CPU time they may take, which for seven 8x8 pieces is hours.
func EnsurePlan(w io.Writer, pl app.EnsurePlan) {
	dir := cmp.Or(pl.Dir, "memory")
	switch {
	case pl.Positions == 0 || pl.OverMemoryLimit:
		return // nothing to build, or refused: the error says what it would take
	case pl.Tables == 0:
		fmt.Fprintf(w, "building the tables of %d positions this ending needs into %s\n", pl.Positions, dir)
		return
	}
	cpu := ""
	if pl.CPU >= time.Second {
		cpu = ", about " + roughDuration(pl.CPU) + " of CPU"
	}
	fmt.Fprintf(w, "building the %d tables this ending needs into %s: %s positions, %s on disk, %s of memory%s; Ctrl-C stops, keeping the tables finished, and the same command resumes\n",
		pl.Tables, dir, verdict.BigCount(pl.Positions), app.DiskSize(pl.Disk), app.DiskSize(pl.Memory), cpu)
}

// roughDuration writes d in seconds, minutes or hours, two figures at most.
func roughDuration(d time.Duration) string {
	switch {
	case d < 2*time.Minute:
		return fmt.Sprintf("%.0f s", d.Seconds())
	case d < 2*time.Hour:
		return fmt.Sprintf("%.0f minutes", d.Minutes())
	}
	return fmt.Sprintf("%.1f hours", d.Hours())
}

// BuildSummary prints what a table build did.
func BuildSummary(w io.Writer, sum app.TableBuild) {
	fmt.Fprintf(w, "%d signatures (%d built, %d read) of 2-%d pieces in %s\n", sum.Signatures, sum.Built, sum.Loaded, sum.Pieces, sum.Dir)
	fmt.Fprintf(w, "%d positions: %d won, %d drawn, %d lost for the side to move; longest %d plies\n",
		sum.Total.Positions, sum.Total.Wins, sum.Total.Draws, sum.Total.Losses, sum.Total.MaxPlies)
	fmt.Fprintf(w, "time %.1fs, size %.1f MB\n", sum.Seconds, float64(sum.Bytes)/1e6)
}

// TableBuilt prints one line for a table a build has just finished: which
// of how many, its values, size and time, and the build's share done. A
// table read from the directory, or of a side without pieces (Kv, vKK: a
// few positions, never saved), gets none.
func TableBuilt(w io.Writer, p app.TableProgress) {
	if p.Loaded || strings.HasPrefix(p.Sig, "v") || strings.HasSuffix(p.Sig, "v") {
		return
	}
	fmt.Fprintf(w, "%s %d/%d %s: %d won, %d drawn, %d lost; %.1f MB, %.0fs; %.1f%% of the positions done\n",
		time.Now().Format("15:04:05"), p.Current, p.Tables, p.Sig, p.Stats.Wins, p.Stats.Draws, p.Stats.Losses,
		float64(p.Bytes)/1e6, p.Time.Seconds(), 100*float64(p.Done)/float64(max(p.Total, 1)))
}

// Probed prints a position's value and that of each of its moves, the
// best ones marked with a star.
func Probed(w io.Writer, rep app.Probed) {
	fmt.Fprintf(w, "%s: %s\n", rep.FEN, resultText(rep.Result, rep.Plies))
	for _, m := range rep.Moves {
		mark := " "
		if m.Best {
			mark = "*"
		}
		fmt.Fprintf(w, "%s %-8s %s\n", mark, m.Move, resultText(m.Result, m.Plies))
	}
}

// resultText is "draw", or a win or loss with its distance, or saying
// that the table stores none (plies nil: the international 6-piece
// tables).
func resultText(result string, plies *int) string {
	switch {
	case result == "draw":
		return result
	case plies == nil:
		return result + ", " + DistanceNotStored
	}
	return result + " in " + PliesText(*plies)
}

// DistanceNotStored is what a value read from a table without distances
// says in place of its distance.
const DistanceNotStored = "distance not stored"

// PliesText is a distance in plies in words ("1 ply", "7 plies").
func PliesText(n int) string { return Count(n, "ply", "plies") }

// Claims prints the Livre de Metz's endgame claims and the tables'
// answers, each with its place in the book, counts and examples.
func Claims(w io.Writer, claims []endgameclaims.Claim) {
	for i, c := range claims {
		if i > 0 {
			fmt.Fprintln(w)
		}
		where := fmt.Sprintf("%s line %d", sources.LivreDeMetz, c.Line)
		if len(c.Coups) > 0 {
			where += fmt.Sprintf(", coups %s", strings.Trim(fmt.Sprint(c.Coups), "[]"))
		}
		fmt.Fprintln(w, c.ID)
		fmt.Fprintln(w, hanging("  source:  ", where))
		fmt.Fprintln(w, hanging("  claim:   ", c.Claim))
		fmt.Fprintln(w, hanging("  text:    ", c.Quote))
		fmt.Fprintln(w, hanging("  verdict: ", strings.ToUpper(string(c.Verdict))+" — "+c.Answer))
		for _, n := range c.Counts {
			fmt.Fprintln(w, hanging(fmt.Sprintf("  %12d  ", n.N), n.Label))
		}
		for _, e := range c.Examples {
			if e.FEN != "" {
				fmt.Fprintln(w, hanging("  e.g. ", e.FEN+" "+resultText(e.Result, e.Plies)+": "+e.Note))
			}
		}
	}
}

// hanging writes text after label, wrapped at 80 columns, the lines after
// the first indented as far as the label.
func hanging(label, text string) string {
	pad := strings.Repeat(" ", len([]rune(label)))
	return label + strings.TrimPrefix(Wrap(text, 80, pad), pad)
}

// TableList prints the table directory dir and, for each rule system and
// piece count, how many tables list holds and their size on disk.
func TableList(w io.Writer, dir string, list []app.TableEntry) {
	fmt.Fprintf(w, "%s\n", dir)
	if len(list) == 0 {
		fmt.Fprintln(w, "  no table yet (metz endgame build, or any probe or solve, builds them)")
	}
	for i := 0; i < len(list); {
		j, bytes := i, int64(0)
		for ; j < len(list) && list[j].Rules == list[i].Rules && list[j].Pieces == list[i].Pieces; j++ {
			bytes += list[j].Bytes
		}
		fmt.Fprintf(w, "  %-15s %d pieces: %3d tables, %s\n", list[i].Rules, list[i].Pieces, j-i, app.DiskSize(bytes))
		i = j
	}
}

// AheadPlan says, before a verification's searches, what tables it
// builds first for its problems (nothing when none): how many, their
// positions, disk and memory, about the CPU time, and how to skip it; or,
// past the memory allowed, that they will not be built.
func AheadPlan(w io.Writer, pl app.AheadPlan) {
	if pl.Positions == 0 {
		return
	}
	if pl.OverMemoryLimit {
		fmt.Fprintf(w, "not building the %d tables the problems reach: one takes %s of memory to build, %s allowed (half this machine's memory); each search builds what its budget allows\n",
			pl.Tables, app.DiskSize(pl.Memory), app.DiskSize(pl.Allowed))
		return
	}
	fmt.Fprintf(w, "first, once: the %d endgame tables the problems reach, into %s: %s positions, %s on disk, %s of memory, about %s of CPU; Ctrl-C stops, keeping the tables finished (the same command goes on), --no-tables-ahead skips them\n",
		pl.Tables, cmp.Or(pl.Dir, "memory"), verdict.BigCount(pl.Positions), app.DiskSize(pl.Disk), app.DiskSize(pl.Memory), roughDuration(pl.CPU))
}
