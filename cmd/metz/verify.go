package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strings"
	"sync"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/cobra"

	"metz/db"
	"metz/draughts"
	"metz/endgame"
	"metz/problems"
	"metz/retro"
	"metz/solver"
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
		Use:   "verify [ID…]",
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

With endgame tables (--tables DIR; by default those built by metz endgame
build in its default directory, else the 2-3-piece tables metz builds in
memory), international positions of few pieces are decided by the tables;
the evidence names the places whose proof read them. Most king draws of
four pieces or more stay unproven without the 4-piece tables, and the
5-piece ones (make report builds them, or metz endgame build --pieces 5,
once) settle most endings with kings many times sooner. Under the other rule
systems the searches build their own tables in memory and save them in a
subdirectory of the same directory, where later runs read them (see metz
solve --help; metz endgame build --rules R builds them ahead). --tables none
searches everything.

Without the database: --fen and --solution verify an ad-hoc problem.

With --json each problem's report is one JSON object on a line of its own
(JSON lines, in the order of the problems): verdict, key, cooks with their
proofs, omitted defences with the solver's answers, refutation, misprints
and repairs, unproven places, nodes and seconds.`,
		Example: `  metz verify 71 72 73
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
		return printReports(cmd.OutOrStdout(), []*problems.Problem{p}, []*solver.Report{solver.Verify(p, opt)}, tb, 1)
	}
	if len(args) == 0 && !f.all && f.source == "" {
		return fmt.Errorf("nothing to verify: give problem IDs, --all, --source S, or --fen")
	}
	d, err := db.OpenExisting(global.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	probs, err := loadProblems(d, args, f)
	if err != nil {
		return err
	}
	for _, p := range probs {
		if p.Stipulation, err = solver.BoundStipulation(p.Stipulation, f.within); err != nil {
			return fmt.Errorf("problem %d: %w", p.ID, err)
		}
	}
	reports := verifyAll(probs, opt, f.jobs, cmd.ErrOrStderr())
	if !f.noStore {
		for _, r := range reports {
			if err := storeVerdict(d, r); err != nil {
				return err
			}
		}
	}
	return printReports(cmd.OutOrStdout(), probs, reports, tb, f.jobs)
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
	p := &problems.Problem{Label: "ad hoc", Rules: pos.Rules.Name, FEN: pos.FEN(), Stipulation: stip}
	if f.sol != "" {
		p.Solution = lineTree(pos, solutionMoves(f.sol))
	}
	return p, nil
}

// solutionMove is one move of a --solution line: squares (numbers, or c3)
// joined by -, x, :, × or the books' "à" ("32-28", "33x22x13", "c3:e5",
// "28 à 23").
var solutionMove = regexp.MustCompile(`(?:\d{1,2}|[a-l]\d{1,2})(?:(?:\s*[-x:×]\s*|\s+a\s+|\s*à\s*)(?:\d{1,2}|[a-l]\d{1,2}))+`)

// solutionMoves reads the moves of a --solution line written as PDN
// ("1. 32-28 19-23 2. 28x19"), plainly ("32-28 19-23") or as the books
// write them ("32 à 28 19 à 23"): move numbers and marks are left out.
// A line with no move in it is split at blanks, so that the verdict names
// what could not be read.
func solutionMoves(line string) []string {
	ms := solutionMove.FindAllString(line, -1)
	if len(ms) == 0 {
		return strings.Fields(line)
	}
	return ms
}

// lineTree turns a main line into a stated tree, sides alternating from
// the side to move.
func lineTree(pos draughts.Position, moves []string) *problems.Tree {
	t := &problems.Tree{Start: pos.FEN()}
	white := pos.Turn == draughts.White
	ns := &t.Children
	for _, m := range moves {
		n := &problems.Node{Text: m, Move: m, White: white, Origin: problems.Printed}
		*ns = append(*ns, n)
		ns, white = &n.Children, !white
	}
	return t
}

func loadProblems(d *db.DB, args []string, f verifyFlags) ([]*problems.Problem, error) {
	var ids []int64
	for _, a := range args {
		id, err := d.Resolve(a)
		if err != nil {
			return nil, fmt.Errorf("problem %q: %w (expected an id or source:number, see metz list)", a, err)
		}
		ids = append(ids, id)
	}
	if f.all || f.source != "" {
		q := db.Query{}
		if f.source != "" {
			q.Sources = []string{f.source}
		}
		if err := checkSources(d, q.Sources); err != nil {
			return nil, err
		}
		sums, err := d.Search(q)
		if err != nil {
			return nil, err
		}
		for _, s := range sums {
			ids = append(ids, s.ID)
		}
	}
	var out []*problems.Problem
	for _, id := range ids {
		p, err := d.Get(id)
		if err != nil {
			return nil, fmt.Errorf("problem %d: %w", id, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// verifyAll runs the problems on jobs workers, with a progress line on a
// terminal.
func verifyAll(probs []*problems.Problem, opt solver.Options, jobs int, errw io.Writer) []*solver.Report {
	reports := make([]*solver.Report, len(probs))
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	bar := newProgressBar(errw, "verify")
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				reports[i] = solver.Verify(probs[i], opt)
				mu.Lock()
				done++
				bar.update(done, len(probs))
				mu.Unlock()
			}
		}()
	}
	for i := range probs {
		work <- i
	}
	close(work)
	wg.Wait()
	bar.finish()
	return reports
}

// problemName names a problem in a table: its source and number, and the
// source's label for it, else its title ("vantenac:74 Problème IV",
// "r:1 Test Russian"); ad hoc problems have neither source nor number.
func problemName(p *problems.Problem) string {
	name := cmp.Or(p.Label, p.Title)
	if p.Source == "" {
		return name
	}
	return strings.TrimSpace(fmt.Sprintf("%s:%d %s", p.Source, p.Number, name))
}

func storeVerdict(d *db.DB, r *solver.Report) error {
	if r.ProblemID == 0 {
		return nil
	}
	ev, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = d.AddVerdict(r.ProblemID, db.Verdict{ProblemID: r.ProblemID, Verdict: r.Verdict, Dual: r.Dual,
		Evidence: ev, Rules: r.Rules, SolverVersion: r.SolverVersion, Budget: r.Budget.Nodes,
		ProofNodes: r.ProofNodes, Seconds: r.Seconds})
	return err
}

// printReports prints the reports on probs (the same order), as JSON lines
// or as a table; jobs is how many were verified at once.
func printReports(w io.Writer, probs []*problems.Problem, reports []*solver.Report, tb *endgame.Tables, jobs int) error {
	if global.json {
		for _, r := range reports {
			if err := writeJSON(w, r); err != nil {
				return err
			}
		}
		return nil
	}
	// The evidence runs to several hundred characters: wrapped, it keeps
	// the table within a wide terminal.
	t := tablewriter.NewTable(w, tablewriter.WithRowAutoWrap(tw.WrapNormal),
		tablewriter.WithColumnWidths(tw.NewMapper[int, int]().Set(5, evidenceWidth)))
	t.Header("ID", "Problem", "Verdict", "Dual", "Key", "Evidence", "Nodes", "Seconds")
	noPosition := 0
	for i, r := range reports {
		if r.Verdict == solver.NoPosition {
			noPosition++ // one line below, not a row each: the Livre de Metz alone has 415
			continue
		}
		dual := ""
		if r.Dual {
			dual = "dual"
		}
		if err := t.Append(r.ProblemID, problemName(probs[i]), r.Verdict, dual, r.Key, evidence(r), r.ProofNodes, fmt.Sprintf("%.2f", r.Seconds)); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if searched := len(reports) - noPosition; jobs > 1 && searched > 1 {
		// Read alone, a problem's seconds look like its cost, where it
		// shared the cores with another.
		fmt.Fprintf(w, "Seconds are wall time with %d problems verified at once; verified alone (metz verify ID), each takes less.\n", min(jobs, searched))
	}
	if noPosition > 0 {
		have := " have"
		if noPosition == 1 {
			have = " has"
		}
		fmt.Fprintf(w, "%s%s no position yet (no-position); add transcriptions with metz import FILE.\n", count(noPosition, "record", "records"), have)
	}
	if hint := unprovenHint(reports, tb.Complete(5)); hint != "" {
		fmt.Fprintln(w, hint)
	}
	return nil
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

// evidenceWidth is the evidence column's width in the summary table.
const evidenceWidth = 72

// evidence summarises a report in one cell (solver.Report.Findings).
func evidence(r *solver.Report) string { return strings.Join(r.Findings(), "; ") }
