package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/problems"
)

func init() { commandAdders = append(commandAdders, addVerify) }

type verifyFlags struct {
	all                      bool
	source, budget, fen, sol string
	rules, stip, tables      string
	jobs, within             int
	noStore, queue           bool
}

func addVerify(root *cobra.Command) {
	var f verifyFlags
	c := withHelp(&cobra.Command{
		Use:   "verify [SOURCE:NUMBER…]",
		Short: "Verify stated solutions: sound, cooked, unsound, misprint, unproven",
		RunE:  func(cmd *cobra.Command, args []string) error { return runVerify(cmd, args, f) },
	}, "verify")
	fl := c.Flags()
	fl.BoolVar(&f.all, "all", false, "verify every problem of the database")
	fl.StringVar(&f.source, "source", "", "verify every problem of one source (e.g. vantenac, metz)")
	fl.IntVar(&f.jobs, "jobs", runtime.NumCPU(), "cores to use: problems verified at once, and the parts of one problem's work")
	fl.StringVar(&f.budget, "budget", app.DefaultBudget, "per problem: time, nodes, memory (e.g. 2s,1M-nodes,64MB); one limit given alone is the one that stops")
	fl.StringVar(&f.fen, "fen", "", "verify this position instead of database records")
	fl.StringVar(&f.sol, "solution", "", "with --fen: the stated main line (32-28 19-23, 1. 32-28 19-23, or 32 à 28 19 à 23)")
	fl.StringVar(&f.stip, "goal", "win", "with --fen: the stipulation (win, draw, loss, promote, gain:N; /P bounds it: gain:2/15)")
	fl.IntVar(&f.within, "within", 0, "the goal must be met within this many plies (every problem's stipulation bounded; see docs/stipulations.md)")
	addTablesFlag(c, &f.tables)
	fl.BoolVar(&f.noStore, "no-store", false, "do not record the verdicts in the database")
	fl.BoolVar(&f.queue, "queue", false, "queue the problems for metz worker (one job each) and return at once: prints the run id")
	addRulesFlag(c, &f.rules)
	root.AddCommand(c)
}

func runVerify(cmd *cobra.Command, args []string, f verifyFlags) error {
	g := globalsOf(cmd)
	b, err := app.ParseBudget(f.budget)
	if err != nil {
		return err
	}
	if f.jobs < 1 {
		return fmt.Errorf("--jobs %d: expected 1 or more", f.jobs)
	}
	opt := app.VerifyOptions{Budget: b, Jobs: f.jobs, Within: f.within, NoStore: f.noStore}
	if f.fen != "" && f.queue {
		return errors.New("--queue with --fen: only the database's problems are queued (a position alone is verified here)")
	}
	if f.fen != "" {
		p, err := adHocProblem(f, cmd.ErrOrStderr())
		if err != nil {
			return err
		}
		a, err := openApp(cmd, app.Config{Tables: f.tables})
		if err != nil {
			return err
		}
		defer a.Close()
		v, err := a.VerifyPosition(p, opt)
		if err != nil {
			return err
		}
		return printReports(cmd.OutOrStdout(), g, []app.Verified{v}, a, 1)
	}
	if len(args) == 0 && !f.all && f.source == "" {
		return fmt.Errorf("nothing to verify: give problems as SOURCE:NUMBER (vantenac:71), --all, --source S, or --fen")
	}
	sel := app.Selection{Refs: args, All: f.all, WithEmpty: true}
	if f.source != "" {
		sel.Query.Sources = []string{f.source}
	}
	if f.queue {
		return enqueueVerify(cmd, g, sel, opt, f)
	}
	a, err := openApp(cmd, app.Config{DB: g.dbPath, Tables: f.tables})
	if err != nil {
		return err
	}
	defer a.Close()
	bar := newProgressBar(cmd, "verify", "problems")
	opt.Progress = func(p app.VerifyProgress) { bar.update(p.Done, p.Total) }
	plan, err := a.PlanVerify(sel, opt)
	if err != nil {
		return err
	}
	ctx, stop := interruptible(cmd)
	defer stop()
	done, err := plan.Run(ctx)
	bar.finish()
	if perr := printReports(cmd.OutOrStdout(), g, done, a, f.jobs); perr != nil && err == nil {
		err = perr
	}
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return interrupted(len(done), len(plan.Problems()), !f.noStore)
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
	return app.AdHocProblem(pos, f.stip, f.sol)
}

// printReports prints the outcomes, as one JSON array of the solver's
// reports (each with its standing, when a proof stands beside it) or as a
// table; jobs is how many were verified at once.
func printReports(w io.Writer, g globalFlags, done []app.Verified, a *app.App, jobs int) error {
	if g.json {
		reports := make([]app.VerifiedReport, len(done))
		for i, v := range done {
			reports[i] = v.JSON()
		}
		return writeJSON(w, reports)
	}
	return textout.Verified(w, done, jobs, a.SavedPieces())
}
