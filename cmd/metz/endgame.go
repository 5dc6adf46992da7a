package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"metz/draughts"
	"metz/endgame"
	"metz/importer/livremetz"
	"metz/solver"
	"metz/sources"
	"metz/tables"
)

func init() { commandAdders = append(commandAdders, addEndgame) }

// defaultEndgameDir is the table directory when no --tables is given
// (tables.DefaultDir: $METZ_TABLES, else the user cache).
func defaultEndgameDir() string { return tables.DefaultDir() }

func addEndgame(root *cobra.Command) {
	var dir string
	c := &cobra.Command{
		Use:   "endgame",
		Short: "Endgame tables: build, probe (every rule system), check the books' claims",
		Long: `endgame builds and reads retrograde-analysis tables: for every material
balance of a few pieces (men and kings, a piece on each side) the exact
result for the side to move and the number of plies to the end under best
play (the winner hurries, the loser delays). A position that no side can
force to an end is a draw; no move counter is applied.

International draughts (10x10, FMJD rules) has its own builder and files,
up to 5 pieces: one file per material signature in the table directory, one
byte a position; probe, claims and solve build the 2-4-piece ones they need
themselves (seconds at most, once). Every other rule system (--rules) has
tables of up to 6 pieces, two bytes a position, in DIR/RULES; solve, verify
and probe build those themselves when a search meets them. Whatever is
built is saved and read back by later runs.

--tables DIR names the table directory; without it, $METZ_TABLES, else
metz/endgame in the user's cache directory ($XDG_CACHE_HOME or ~/.cache on
Linux), shared by every checkout. The tables are read on demand and never
belong in git.`,
		Example: `  metz endgame build --pieces 4
  metz endgame probe "W:WK46,K47,K48:BK5"
  metz endgame build --rules russian --pieces 5
  metz endgame claims --json`,
	}
	c.PersistentFlags().StringVar(&dir, "tables", defaultEndgameDir(), "table directory (default: $"+tables.Env+", else the user cache)")
	c.PersistentFlags().StringVar(&dir, "dir", defaultEndgameDir(), "the same as --tables")
	_ = c.PersistentFlags().MarkHidden("dir")
	c.AddCommand(endgameBuildCmd(&dir), endgameProbeCmd(&dir), endgameClaimsCmd(&dir), endgameListCmd(&dir))
	root.AddCommand(c)
}

func endgameBuildCmd(dir *string) *cobra.Command {
	var pieces int
	var rulesName, memory string
	c := &cobra.Command{
		Use:   "build --pieces N",
		Short: "Build every table of 2 to N pieces",
		Long: `build computes every table with 2 to N pieces into the table directory.
Tables already there are read, not rebuilt, so a larger build resumes a
smaller one, and Ctrl-C stops a build keeping the tables finished (the
same command resumes it). A progress bar is drawn on stderr when it is a terminal. The
summary gives the signatures, positions, wins/draws/losses for the side to
move, the longest distance, the time and the size on disk.

International draughts (the default --rules; N at most 5), measured on the
2-core project machine: 4 pieces in 6-30 s (47 MB); 5 pieces in about 8
minutes, 1.9 GB of disk and 2.4 GB of memory (make report builds them). Up to 4
pieces, solve, probe and claims build the tables a position needs themselves.

Any other rule system (--rules R; N at most 6) is built by the in-memory
builder and saved in DIR/R, two bytes a position, where solve, verify and
probe read them at any depth of a search instead of building them (they
save there what they build, too). Measured on the same machine: Russian,
4 pieces in 4 s (30 MB); 5 pieces in about 2 minutes, 0.75 GB of disk and
1.5 GB of memory; Turkish (64 squares), 4 pieces in under 2 minutes (0.5 GB).
Canadian (12x12) tables go through the generic engine's boards, three times
slower a position: 4 pieces in about 4 to 5 minutes (0.84 GB).
--memory bounds the memory of one signature's build.`,
		Example: `  metz endgame build --pieces 3
  metz endgame build --pieces 4 --tables /tmp/egt
  metz endgame build --pieces 5 --json
  metz endgame build --rules russian --pieces 5`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, err := draughts.RulesByName(rulesName)
			if err != nil {
				return err
			}
			mem, err := parseMemory(memory)
			if err != nil {
				return err
			}
			return runEndgameBuild(cmd, *dir, r, pieces, mem)
		},
	}
	c.Flags().IntVar(&pieces, "pieces", 4, "largest number of pieces (2 to 5; 6 under other rules than international)")
	addRulesFlag(c, &rulesName)
	c.Flags().StringVar(&memory, "memory", "4GB", "most memory the tables of one build may take (other rules than international)")
	return c
}

// buildSummary is the JSON form of a build.
type buildSummary struct {
	Dir        string           `json:"dir"`
	Pieces     int              `json:"pieces"`
	Signatures int              `json:"signatures"`
	Built      int              `json:"built"`
	Loaded     int              `json:"loaded"`
	Total      tables.Stats     `json:"total"`
	Seconds    float64          `json:"seconds"`
	Bytes      int64            `json:"bytes"`
	Tables     []buildSigReport `json:"tables"`
}

type buildSigReport struct {
	Signature string       `json:"signature"`
	Pieces    int          `json:"pieces"`
	Loaded    bool         `json:"loaded"`
	Stats     tables.Stats `json:"stats"`
	Seconds   float64      `json:"seconds"`
	Bytes     int64        `json:"bytes"`
}

// runEndgameBuild builds r's tables of 2 to pieces pieces into dir (the
// one build path of every rule system), saying first what is left to do;
// Ctrl-C stops it, keeping every table finished.
func runEndgameBuild(cmd *cobra.Command, dir string, r *draughts.Rules, pieces int, mem int64) error {
	start := time.Now()
	sum := buildSummary{Dir: tables.Dir(dir, r), Pieces: pieces}
	if n, size := tables.Missing(r, dir, pieces); n > 0 && pieces >= 2 && pieces <= tables.MaxPieces(r) {
		if err := checkRoom(sum.Dir, fmt.Sprintf("the %d tables left to build", n), size); err != nil {
			return err
		}
		// Said first: without a terminal there is no bar, and five
		// pieces take minutes.
		if !global.json {
			fmt.Fprintf(cmd.ErrOrStderr(), "building %d tables (%s) into %s%s; Ctrl-C stops, keeping the tables finished, and the same command resumes\n",
				n, diskSize(size), sum.Dir, buildCost(r, pieces))
		}
	}
	ctx, stop := interruptibleBuild(cmd)
	defer stop()
	bar := newProgressBar(cmd.ErrOrStderr(), "tables")
	err := tables.Build(ctx, r, dir, pieces, mem, func(p tables.Progress) {
		sum.Signatures++
		if p.Loaded {
			sum.Loaded++
		} else {
			sum.Built++
		}
		sum.Total.Add(p.Stats)
		sum.Bytes += p.Bytes
		sum.Tables = append(sum.Tables, buildSigReport{p.Sig, p.Pieces, p.Loaded, p.Stats, p.Time.Seconds(), p.Bytes})
		bar.updateWith(p.Done, p.Total, fmt.Sprintf("%d/%d %s", p.Current, p.Tables, p.Sig))
	})
	bar.finish()
	if errors.Is(err, context.Canceled) {
		return errors.New(buildInterrupted)
	}
	if err != nil {
		return err
	}
	sum.Seconds = time.Since(start).Seconds()
	return printBuildSummary(cmd, sum)
}

// buildCost is what the largest builds cost, said before they start.
func buildCost(r *draughts.Rules, pieces int) string {
	switch {
	case r.Name == draughts.International.Name && pieces == endgame.MaxPieces:
		return "; 5 pieces from none: about 8 minutes on 2 cores, 2.4 GB of memory"
	case r.Name != draughts.International.Name && pieces >= 5:
		return "; Russian, 5 pieces: 359 M positions in 2 minutes on 2 cores; 12x12 boards three times slower a position"
	}
	return ""
}

// interruptibleBuild is interruptible (root.go) for a table build: the
// build stops at the next table (or piece count, for the international
// builder), keeping the tables finished. A builder still busy a few seconds
// later is left: the process exits, the tables on disk being whole (each is
// written to a temporary file, then renamed).
func interruptibleBuild(cmd *cobra.Command) (context.Context, func()) {
	ctx, stop := interruptible(cmd)
	finished := make(chan struct{})
	go func() {
		select {
		case <-finished:
			return
		case <-ctx.Done():
		}
		select {
		case <-finished:
		case <-time.After(3 * time.Second):
			fmt.Fprintln(cmd.ErrOrStderr(), "\n"+buildInterrupted)
			os.Exit(130)
		}
	}()
	return ctx, func() { close(finished); stop() }
}

// buildInterrupted is what a build stopped by Ctrl-C says.
const buildInterrupted = "interrupted: the tables finished are kept; the same command resumes the build"

// freeSpace tells the bytes free where a build writes (a variable, for
// the tests).
var freeSpace = endgame.FreeSpace

// checkRoom refuses a build of need bytes (what names them) that dir's
// disk cannot hold, before minutes of work that could not be written.
func checkRoom(dir, what string, need int64) error {
	if free, ok := freeSpace(dir); ok && need > 0 && free < need {
		return fmt.Errorf("endgame build: %s take %s and %s has only %s free (choose another --tables DIR, or fewer --pieces)",
			what, diskSize(need), dir, diskSize(free))
	}
	return nil
}

// diskSize writes a byte count in kB under a megabyte, in GB from a
// gigabyte, else in MB.
func diskSize(n int64) string {
	switch {
	case n < 1e6:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// printBuildSummary prints what a build did.
func printBuildSummary(cmd *cobra.Command, sum buildSummary) error {
	out := cmd.OutOrStdout()
	if global.json {
		return writeJSON(out, sum)
	}
	fmt.Fprintf(out, "%d signatures (%d built, %d read) of 2-%d pieces in %s\n", sum.Signatures, sum.Built, sum.Loaded, sum.Pieces, sum.Dir)
	fmt.Fprintf(out, "%d positions: %d won, %d drawn, %d lost for the side to move; longest %d plies\n",
		sum.Total.Positions, sum.Total.Wins, sum.Total.Draws, sum.Total.Losses, sum.Total.MaxPlies)
	fmt.Fprintf(out, "time %.1fs, size %.1f MB\n", sum.Seconds, float64(sum.Bytes)/1e6)
	return nil
}

func endgameProbeCmd(dir *string) *cobra.Command {
	var rulesName string
	var memory string
	c := &cobra.Command{
		Use:   "probe FEN",
		Short: "Result and distance of a position, and its best moves",
		Long: `probe looks a position up in the tables and prints its result for the side to
move (win, draw, loss), the distance to the end in plies, and every legal
move with the value it leads to; the best moves are marked: the fastest win,
any drawing move, or the slowest loss.

It reads the position's table from the table directory (DIR/RULES under
other rules than international) when a build saved it there (metz endgame
build, or an earlier probe, solve or verify); else it builds it, and all it
leads to, says so on stderr, and saves them there. Measured on 2 cores:
three kings against a man (international), 3.7 M positions, about 1 s of
CPU; three kings against two under the Russian rules, 5.8 M positions, 7.5 s
and 23 MB; read back, 0.03 s. International tables of 5 pieces come from
metz endgame build --pieces 5 only; --memory bounds what the others may
take.`,
		Example: `  metz endgame probe "W:WK46:BK23"
  metz endgame probe "B:WK1,K2,K3:BK28" --json
  metz endgame probe "W:WKa1,Kc1,Kh2:BKd8" --rules russian
  metz endgame probe "W:WK13,K17:BK16,26" --rules italian`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := draughts.RulesByName(rulesName)
			if err != nil {
				return err
			}
			mem, err := parseMemory(memory)
			if err != nil {
				return err
			}
			return runEndgameProbe(cmd, *dir, r, args[0], mem)
		},
	}
	addRulesFlag(c, &rulesName)
	c.Flags().StringVar(&memory, "memory", "2GB", "most memory the in-memory tables may take (other rules than international)")
	return c
}

// parseMemory reads a size such as 512MB or 2GB.
func parseMemory(s string) (int64, error) {
	b, err := solver.ParseBudget(s)
	if err != nil || b.MemoryMB <= 0 || b.Nodes > 0 || b.Time > 0 {
		return 0, fmt.Errorf("--memory %q: want a size such as 512MB or 2GB", s)
	}
	return int64(b.MemoryMB) << 20, nil
}

// prober reads a position's value for its side to move (-1 loss, 0
// draw, 1 win) and its distance; ok is false when it is not covered.
type prober func(p draughts.Position) (v, plies int, ok bool, err error)

// probeMove is one legal move of a probed position.
type probeMove struct {
	Move   string `json:"move"`
	Result string `json:"result"` // for the side that plays it
	Plies  int    `json:"plies"`
	Best   bool   `json:"best"`
}

type probeReport struct {
	FEN    string      `json:"fen"`
	Result string      `json:"result"`
	Plies  int         `json:"plies"`
	Moves  []probeMove `json:"moves"`
}

// runEndgameProbe prints a position's value and its moves', building
// the tables it needs that are not in dir (said on stderr) under any rule
// system.
func runEndgameProbe(cmd *cobra.Command, dir string, r *draughts.Rules, fen string, mem int64) error {
	p, err := probedPosition(r, fen)
	if err != nil {
		return err
	}
	tabs, err := openBuilding(cmd, r, dir, mem)
	if err != nil {
		return err
	}
	if err := ensureSaying(cmd, tabs, p); err != nil {
		return fmt.Errorf("%s: %w", fen, err)
	}
	probe := func(q draughts.Position) (int, int, bool, error) {
		r, plies, ok, err := tabs.Probe(q)
		return int(r), plies, ok, err
	}
	if _, _, ok, err := probe(p); err == nil && !ok {
		w, b := countPieces(p)
		return fmt.Errorf("%s: not covered by the tables in %s (%d white and %d black pieces; build up to %d pieces with metz endgame build --pieces %d)", fen, tabs.Dir(), w, b, w+b, min(w+b, endgame.MaxPieces))
	}
	return printProbe(cmd, p, probe)
}

// openBuilding opens the tables of r in dir, creating it with the
// international 2-3-piece tables when they are not there (said on stderr:
// the first run of a machine builds them).
func openBuilding(cmd *cobra.Command, r *draughts.Rules, dir string, mem int64) (*tables.Tables, error) {
	if !global.json && r.Name == draughts.International.Name && endgame.SmallMissing(dir) {
		fmt.Fprintf(cmd.ErrOrStderr(), "building the 2-%d-piece tables into %s (a fraction of a second, once)\n", endgame.SmallPieces, dir)
	}
	return tables.Open(r, dir, mem)
}

// ensureSaying builds the tables of p's material when they are missing,
// saying so on stderr before (how many positions) and after (how long).
func ensureSaying(cmd *cobra.Command, tabs *tables.Tables, p draughts.Position) error {
	n := tabs.ToBuild(p)
	if n > 0 && !global.json {
		fmt.Fprintf(cmd.ErrOrStderr(), "building the tables of %d positions this ending needs into %s\n", n, tabs.Dir())
	}
	start := time.Now()
	built, err := tabs.Ensure(cmd.Context(), p)
	if err != nil {
		return err
	}
	if built > 0 && !global.json {
		fmt.Fprintf(cmd.ErrOrStderr(), "built in %.1f s\n", time.Since(start).Seconds())
	}
	return nil
}

// probedPosition reads the FEN of a probe: a position no game reaches (a
// man on its crowning row) is in no table, and is refused as such.
func probedPosition(r *draughts.Rules, fen string) (draughts.Position, error) {
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return p, err
	}
	if bad := p.Validate(); len(bad) > 0 {
		return p, fmt.Errorf("%s: %s: no game reaches it (a man there is crowned), so no table holds it; metz solve searches it as given", fen, bad[0])
	}
	return p, nil
}

// printProbe prints p's value and that of each of its moves.
func printProbe(cmd *cobra.Command, p draughts.Position, probe prober) error {
	v, plies, _, err := probe(p)
	if err != nil {
		return err
	}
	name := func(v int) string { return tables.Result(v).String() }
	rep := probeReport{FEN: p.FEN(), Result: name(v), Plies: plies}
	for _, m := range p.Moves() {
		cv, cp, cok, err := probe(p.Play(m))
		if err != nil {
			return err
		}
		if !cok {
			return fmt.Errorf("%s: the position after %s is not covered", rep.FEN, p.Rules.FormatMove(m, false))
		}
		mine := -cv
		rep.Moves = append(rep.Moves, probeMove{Move: p.Rules.FormatMove(m, false), Result: name(mine),
			Plies: cp + 1, Best: mine == v && (v == 0 || cp+1 == plies)})
		if cv == 0 {
			rep.Moves[len(rep.Moves)-1].Plies = 0
		}
	}
	sort.SliceStable(rep.Moves, func(i, j int) bool { return rep.Moves[i].Best && !rep.Moves[j].Best })
	out := cmd.OutOrStdout()
	if global.json {
		return writeJSON(out, rep)
	}
	if v == 0 {
		fmt.Fprintf(out, "%s: draw\n", rep.FEN)
	} else {
		fmt.Fprintf(out, "%s: %s in %s\n", rep.FEN, rep.Result, pliesText(plies))
	}
	for _, m := range rep.Moves {
		mark := " "
		if m.Best {
			mark = "*"
		}
		if m.Result == "draw" {
			fmt.Fprintf(out, "%s %-8s draw\n", mark, m.Move)
		} else {
			fmt.Fprintf(out, "%s %-8s %s in %s\n", mark, m.Move, m.Result, pliesText(m.Plies))
		}
	}
	return nil
}

func countPieces(p draughts.Position) (white, black int) {
	wm, wk := p.Count(draughts.White)
	bm, bk := p.Count(draughts.Black)
	return wm + wk, bm + bk
}

func endgameClaimsCmd(dir *string) *cobra.Command {
	return &cobra.Command{
		Use:   "claims",
		Short: "Check the endgame claims of the Livre de Metz against the tables",
		Long: `claims reads the endgame claims of the bundled Livre de Metz (three kings
against one on the long diagonal, two kings against one, a king against
three men and a king, a king and a man against three kings, ...) and answers
each with the tables: true, false, partly true, or not covered, naming the
tables it needs, with counts and example positions (FEN, side to move
first). Each claim quotes the passage as the book prints it, with its first
line in the bundled text. The tables of up to 4 pieces are built when they
are missing (a few seconds, once, saved in the table directory); the
5-piece ones come from metz endgame build --pieces 5.`,
		Example: `  metz endgame claims
  metz endgame claims --tables /tmp/egt --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runEndgameClaims(cmd, *dir) },
	}
}

func runEndgameClaims(cmd *cobra.Command, dir string) error {
	opened, err := openBuilding(cmd, draughts.International, dir, 0)
	if err != nil {
		return err
	}
	tabs := opened.International()
	for _, s := range livremetz.EndgameMaterial() {
		if s.Pieces() > endgame.DemandPieces || tabs.Has(s) {
			continue
		}
		if !global.json {
			fmt.Fprintf(cmd.ErrOrStderr(), "building the %s tables and those they lead to into %s\n", s, dir)
		}
		if _, err := tabs.Ensure(s); err != nil {
			return err
		}
	}
	text, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		return err
	}
	ix, err := livremetz.Parse(text, sources.LivreDeMetz)
	if err != nil {
		return err
	}
	claims := livremetz.CheckEndgameClaims(ix, tabs)
	out := cmd.OutOrStdout()
	if global.json {
		return writeJSON(out, claims)
	}
	for i, c := range claims {
		if i > 0 {
			fmt.Fprintln(out)
		}
		where := fmt.Sprintf("%s line %d", sources.LivreDeMetz, c.Line)
		if len(c.Coups) > 0 {
			where += fmt.Sprintf(", coups %s", strings.Trim(fmt.Sprint(c.Coups), "[]"))
		}
		fmt.Fprintln(out, c.ID)
		fmt.Fprintln(out, hanging("  source:  ", where))
		fmt.Fprintln(out, hanging("  claim:   ", c.Claim))
		fmt.Fprintln(out, hanging("  text:    ", c.Quote))
		fmt.Fprintln(out, hanging("  verdict: ", strings.ToUpper(string(c.Verdict))+" — "+c.Answer))
		for _, n := range c.Counts {
			fmt.Fprintln(out, hanging(fmt.Sprintf("  %12d  ", n.N), n.Label))
		}
		for _, e := range c.Examples {
			if e.FEN == "" {
				continue
			}
			result := e.Result
			if e.Result != "draw" {
				result += " in " + pliesText(e.Plies)
			}
			fmt.Fprintln(out, hanging("  e.g. ", e.FEN+" "+result+": "+e.Note))
		}
	}
	return nil
}

func endgameListCmd(dir *string) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "What the table directory holds, by rule system and piece count",
		Long: `list prints the table directory and, for each rule system and piece
count, how many tables it holds and their size on disk (--json: one entry a
table file).`,
		Example: `  metz endgame list
  metz endgame list --tables /tmp/egt --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runEndgameList(cmd, *dir) },
	}
}

func runEndgameList(cmd *cobra.Command, dir string) error {
	list, err := tables.List(dir)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if global.json {
		return writeJSON(out, list)
	}
	fmt.Fprintf(out, "%s\n", dir)
	if len(list) == 0 {
		fmt.Fprintln(out, "  no table yet (metz endgame build, or any probe or solve, builds them)")
	}
	for i := 0; i < len(list); {
		j, bytes := i, int64(0)
		for ; j < len(list) && list[j].Rules == list[i].Rules && list[j].Pieces == list[i].Pieces; j++ {
			bytes += list[j].Bytes
		}
		fmt.Fprintf(out, "  %-15s %d pieces: %3d tables, %s\n", list[i].Rules, list[i].Pieces, j-i, diskSize(bytes))
		i = j
	}
	return nil
}

// hanging writes text after label, wrapped at 80 columns, the lines after
// the first indented as far as the label.
func hanging(label, text string) string {
	pad := strings.Repeat(" ", len([]rune(label)))
	return label + strings.TrimPrefix(wrap(text, 80, pad), pad)
}
