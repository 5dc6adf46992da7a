package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/db"
	"metz/draughts"
	"metz/internal/texttable"
	"metz/problems"
	"metz/retro"
	"metz/solver"
	"metz/tables"
)

func init() { commandAdders = append(commandAdders, addVerify) }

type verifyFlags struct {
	all                      bool
	source, budget, fen, sol string
	rules, stip, tables      string
	jobs, within             int
	noStore                  bool
}

func addVerify(root *cobra.Command) {
	var f verifyFlags
	c := &cobra.Command{
		Use:   "verify [SOURCE:NUMBER…]",
		Short: "Verify stated solutions: sound, cooked, unsound, misprint, unproven",
		Long: `verify judges each problem's stated solution: every printed move is replayed
(an unplayable one is a misprint at its place, and nearby legal moves are
tried as repairs, each re-verified; the record itself is never changed);
every first move is tested (another winning key is a cook, given with its
proof; "sound" needs every other first move refuted outright, and one that is
only shown not to win within the key's own win plus 4 plies is listed as
refuted within the horizon and leaves the problem unproven); at every defender node of the stated tree each legal defence is
searched (an omitted one that loses makes the solution incomplete, one that
escapes is a refutation); other attacker moves that win as fast as the stated
one are duals; and every line's end must be proven won within the budget,
else the verdict is "unproven" with how far the proof got.

A bounded goal (--within N, or a stipulation such as gain:2/15) asks for the
goal within N plies, and every verdict on it is exact. A promote or gain goal
without a bound, or a plain win of a position of 16 pieces or more, is read
from the stated line: the goal it reaches (outright win, crowning, pieces won)
bounded by where it does so plus 4 plies, said in words, with the literal win
on a line of its own; a goal met before a line ends makes the rest of the line
its continuation (docs/stipulations.md).

Verdicts: sound, sound-incomplete, cooked, unsound, misprint, unproven,
no-position; "dual" is a flag on top. Each verdict is stored in the
database's verdict history with the solver version, budget and proof size
(unless --no-store), and a summary table is printed at the end.

Draw stipulations (remise): after every stated move of the side that must
draw, and at every leaf, the opponent must have no forced win; a win found
is a refutation with the opponent's line.

With endgame tables (--tables DIR; by default $METZ_TABLES, else
metz/endgame in the user cache, where the 2-3-piece tables are built when
missing), international positions of few pieces are decided by the tables;
the evidence names the places whose proof read them. Most king draws of
four pieces or more stay unproven without the 4-piece tables, and the
5-piece ones (make report builds them, or metz endgame build --pieces 5,
once) settle most endings with kings many times sooner. Under the other rule
systems the searches build their own tables in memory and save them in a
subdirectory of the same directory, where later runs read them (see metz
solve --help; metz endgame build --rules R builds them ahead). --tables none
searches everything.

Without the database: --fen and --solution verify an ad-hoc problem.

Each verdict is stored as soon as it is found, with the themes detected in
the lines it proves (the stated ones and those the solver added; metz show
and metz report list them). Ctrl-C stops the run: the problems finished are
printed and keep their stored verdicts, the others are left as they were.

With --json the output is one JSON array of the problems' reports, in the
order of the problems: verdict, key, cooks with their proofs, omitted
defences with the solver's answers, refutation, misprints and repairs,
unproven places, nodes and seconds.`,
		Example: `  metz verify vantenac:71 vantenac:72 vantenac:73
  metz verify --source vantenac --jobs 2 --budget 2s
  metz verify --all --json
  metz verify --fen "W:W24,29,33,40,49:B10,K14,K34" --solution "24-19 14x35 29x40 35x44 49x40"
  metz verify --fen "W:W20,24:BK25" --goal draw --solution "20-15" --tables /tmp/egt
  metz verify --fen "W:WK4:B29,33" --solution "4 à 15 29 à 34"`,
		RunE: func(cmd *cobra.Command, args []string) error { return runVerify(cmd, args, f) },
	}
	fl := c.Flags()
	fl.BoolVar(&f.all, "all", false, "verify every problem of the database")
	fl.StringVar(&f.source, "source", "", "verify every problem of one source (e.g. vantenac, metz)")
	fl.IntVar(&f.jobs, "jobs", runtime.NumCPU(), "cores to use: problems verified at once, and the parts of one problem's work")
	fl.StringVar(&f.budget, "budget", "10s", "per problem: time, nodes, memory (e.g. 2s,1M-nodes,64MB)")
	fl.StringVar(&f.fen, "fen", "", "verify this position instead of database records")
	fl.StringVar(&f.sol, "solution", "", "with --fen: the stated main line (32-28 19-23, 1. 32-28 19-23, or 32 à 28 19 à 23)")
	fl.StringVar(&f.stip, "goal", "win", "with --fen: the stipulation (win, draw, promote, gain:N; /P bounds it: gain:2/15)")
	fl.IntVar(&f.within, "within", 0, "the goal must be met within this many plies (every problem's stipulation bounded; see docs/stipulations.md)")
	fl.StringVar(&f.tables, "tables", "auto", tablesHelp)
	fl.BoolVar(&f.noStore, "no-store", false, "do not record the verdicts in the database")
	addRulesFlag(c, &f.rules)
	root.AddCommand(c)
}

func runVerify(cmd *cobra.Command, args []string, f verifyFlags) error {
	g := globalsOf(cmd)
	b, err := solver.ParseBudget(f.budget)
	if err != nil {
		return err
	}
	if f.jobs < 1 {
		return fmt.Errorf("--jobs %d: expected 1 or more", f.jobs)
	}
	tb, err := openTables(f.tables)
	if err != nil {
		return err
	}
	// The jobs are cores: a problem holds one while it runs, and the parts
	// of its work that may run at once borrow the others while they are
	// free (at the end of a batch, or for a single problem).
	opt := solver.Options{Budget: b, Tables: tb, NoTables: noTables(f.tables), Cores: solver.NewCores(f.jobs)}
	if f.fen != "" {
		p, err := adHocProblem(f, cmd.ErrOrStderr())
		if err != nil {
			return err
		}
		return printReports(cmd.OutOrStdout(), g, []app.Verified{{Problem: p, Report: solver.Verify(p, opt)}}, tb, 1)
	}
	if len(args) == 0 && !f.all && f.source == "" {
		return fmt.Errorf("nothing to verify: give problems as SOURCE:NUMBER (vantenac:71), --all, --source S, or --fen")
	}
	d, err := db.OpenExisting(g.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	sel := app.Selection{Refs: args, All: f.all, WithEmpty: true}
	if f.source != "" {
		sel.Query.Sources = []string{f.source}
	}
	picked, err := app.Select(d, sel)
	if err != nil {
		return err
	}
	probs, err := app.Load(d, picked.IDs())
	if err != nil {
		return err
	}
	for _, p := range probs {
		if p.Stipulation, err = solver.BoundStipulation(p.Stipulation, f.within); err != nil {
			return fmt.Errorf("%s: %w", app.ProblemName(p), err)
		}
	}
	ctx, stop := interruptible(cmd)
	defer stop()
	bar := newProgressBar(cmd.ErrOrStderr(), "verify")
	done, err := app.VerifyMany(ctx, d, probs, app.VerifyOptions{Solver: opt, Jobs: f.jobs, Store: !f.noStore, Progress: bar.update})
	bar.finish()
	if perr := printReports(cmd.OutOrStdout(), g, done, tb, f.jobs); perr != nil && err == nil {
		err = perr
	}
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return interrupted(len(done), len(probs), !f.noStore)
	}
	return err
}

// interrupted is the error of a verification stopped by Ctrl-C: what was
// finished is printed above it and, when stored, kept.
func interrupted(done, total int, stored bool) error {
	kept := "the verdicts found are printed above"
	if stored {
		kept = "their verdicts are stored"
	}
	return fmt.Errorf("interrupted: %d of %d problems verified (%s); the %d others were not (verify them again to finish)",
		done, total, kept, total-done)
}

// adHocProblem builds a one-line problem from --fen and --solution,
// warning on warn of a position no game reaches.
func adHocProblem(f verifyFlags, warn io.Writer) (*problems.Problem, error) {
	pos, err := parsePosition(f.rules, f.fen)
	if err != nil {
		return nil, err
	}
	if err := notEmpty(pos, f.fen); err != nil {
		return nil, err
	}
	warnImpossible(warn, pos)
	stip, err := solver.BoundStipulation(f.stip, f.within)
	if err != nil {
		return nil, err
	}
	return app.AdHocProblem(pos, stip, f.sol), nil
}

// verifyColumns are the summary table's; the evidence is wrapped.
var verifyColumns = []string{"problem", "verdict", "key", "evidence", "nodes", "seconds"}

// printReports prints the outcomes, as one JSON array of the solver's
// reports or as a table; jobs is how many were verified at once.
func printReports(w io.Writer, g globalFlags, done []app.Verified, tb *tables.Tables, jobs int) error {
	reports := make([]*solver.Report, len(done))
	for i, v := range done {
		reports[i] = v.Report
	}
	if g.json {
		return writeJSON(w, reports)
	}
	t := texttable.New(verifyColumns...)
	t.Flex, t.Wrap = 3, true
	noPosition := 0
	for _, v := range done {
		r := v.Report
		if r.Verdict == solver.NoPosition {
			noPosition++ // one line below, not a row each: the Livre de Metz alone has 415
			continue
		}
		t.Add(app.ProblemName(v.Problem), verdictText(r.Verdict, r.Dual), r.Key, app.EvidenceText(r), r.ProofNodes, fmt.Sprintf("%.2f", r.Seconds))
	}
	width := texttable.Width(w)
	if len(t.Rows()) > 0 {
		if err := t.Render(w, width); err != nil {
			return err
		}
	}
	if searched := len(reports) - noPosition; jobs > 1 && searched > 1 {
		// Read alone, a problem's seconds look like its cost, where it
		// shared the cores with another.
		printNote(w, width, fmt.Sprintf("Seconds are wall time with %d problems verified at once; verified alone (metz verify SOURCE:NUMBER), each takes less.", min(jobs, searched)))
	}
	if noPosition > 0 {
		have := " have"
		if noPosition == 1 {
			have = " has"
		}
		printNote(w, width, fmt.Sprintf("%s%s no position yet (no-position); add transcriptions with metz import FILE.", count(noPosition, "record", "records"), have))
	}
	if hint := unprovenHint(reports, tb.International().Complete(5)); hint != "" {
		printNote(w, width, hint)
	}
	return nil
}

// verdictText is a verdict with its dual flag ("sound+dual").
func verdictText(verdict string, dual bool) string {
	if dual {
		return verdict + "+dual"
	}
	return verdict
}

// unprovenHint tells what to try when budgets ran out, or "". Without
// the 5-piece endgame tables (five is the table set's complete one), an
// international problem left unproven is most often a king ending they
// would cut short, so the hint says how to build them.
func unprovenHint(reports []*solver.Report, fivePieces bool) string {
	n, intl, other := 0, false, ""
	for _, r := range reports {
		if r.Verdict == solver.Unproven {
			n++
			intl = intl || r.Rules == draughts.International.Name
			if other == "" {
				other = savedTablesHint(r.Rules)
			}
		}
	}
	if n == 0 {
		return ""
	}
	hint := fmt.Sprintf("%d unproven: the budget ran out before a proof either way; a larger one may settle them "+
		"(make report uses --budget %s).", n, reportBudget)
	if intl && !fivePieces {
		hint += " Endings with kings settle much sooner with the 5-piece endgame tables: " +
			"metz endgame build --pieces 5 (once: about 8 minutes on 2 cores, 1.9 GB on disk, 2.4 GB of memory)."
	}
	if other != "" {
		hint += " " + other
	}
	return hint
}

// savedTablesHint suggests saving the tables of a rule system without
// files of its own when they are not saved yet, as many pieces as take
// minutes: five on 8x8, four on Turkish's and Canadian's larger boards
// (five there would take hours). A search then reads the endings it
// meets, at any depth, instead of searching them. "" on the 10x10 board
// (international has its own hint; Manoury's rule and qui perd gagne
// would take hours) and when they are saved.
func savedTablesHint(rules string) string {
	r, err := draughts.RulesByName(rules)
	if err != nil || r.Geo.SameBoard(draughts.International.Geo) {
		return ""
	}
	pieces, cost := 5, "about 2 minutes on 2 cores, 0.75 GB on disk"
	switch {
	case r.Geo.N > 64:
		pieces, cost = 4, "about 4 to 5 minutes on 2 cores, 0.84 GB on disk"
	case r.Geo.N > 32:
		pieces, cost = 4, "about 2 minutes on 2 cores, 0.5 GB on disk"
	}
	if retro.For(r).StoredPieces() >= pieces {
		return ""
	}
	return fmt.Sprintf("Under the %s rules, endings of %d pieces met deep in a search are read, not searched, once their tables are saved: "+
		"metz endgame build --rules %s --pieces %d (once: %s).", r.Name, pieces, r.Name, pieces, cost)
}

// reportBudget is the budget make report verifies with (REPORT_BUDGET).
const reportBudget = "40M-nodes,120s,256MB"
