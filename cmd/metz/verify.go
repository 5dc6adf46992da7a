package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/problems"
)

// VerifyOptions are metz verify's.
type VerifyOptions struct {
	env
	Refs                     []string
	all                      bool
	source, budget, fen, sol string
	rules, stip, tables      string
	jobs, within             int
	noStore, queue, noAhead  bool

	// What validate reads the flags into: the verification's options,
	// and the problem of --fen (nil: the database's).
	opt   app.VerifyOptions
	adHoc *problems.Problem
}

func newCmdVerify(f *Factory, runF func(*VerifyOptions) error) *cobra.Command {
	opts := &VerifyOptions{}
	c := withHelp(&cobra.Command{
		Use:   "verify [SOURCE:NUMBER…]",
		Short: "Verify stated solutions: sound, cooked, unsound, misprint, unproven",
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.env, opts.Refs = f.env(cmd), args
			if err := opts.validate(); err != nil {
				return err
			}
			return runOr(runF, runVerify, opts)
		},
	}, "verify")
	fl := c.Flags()
	fl.BoolVar(&opts.all, "all", false, "verify every problem of the database")
	fl.StringVar(&opts.source, "source", "", "verify every problem of one source (e.g. vantenac, metz)")
	fl.IntVar(&opts.jobs, "jobs", runtime.NumCPU(), "cores to use: problems verified at once, and the parts of one problem's work")
	fl.StringVar(&opts.budget, "budget", app.DefaultBudget, "per problem: time, nodes, memory (e.g. 2s,1M-nodes,64MB); one limit given alone is the one that stops")
	fl.StringVar(&opts.fen, "fen", "", "verify this position instead of database records")
	fl.StringVar(&opts.sol, "solution", "", "with --fen: the stated main line (32-28 19-23, 1. 32-28 19-23, or 32 à 28 19 à 23)")
	fl.StringVar(&opts.stip, "goal", "win", "with --fen: the stipulation (win, draw, loss, promote, gain:N; /P bounds it: gain:2/15)")
	fl.IntVar(&opts.within, "within", 0, "the goal must be met within this many plies (every problem's stipulation bounded; see docs/stipulations.md)")
	addTablesFlag(c, &opts.tables)
	fl.BoolVar(&opts.noStore, "no-store", false, "do not record the verdicts in the database")
	fl.BoolVar(&opts.noAhead, "no-tables-ahead", false, "do not build first the endgame tables of up to 6 pieces the problems reach (rules other than international: each search then builds what its budget allows)")
	fl.BoolVar(&opts.queue, "queue", false, "queue the problems for metz worker (one job each) and return at once: prints the run id")
	addRulesFlag(c, &opts.rules)
	return c
}

// validate reads the budget and --fen's problem and refuses the flags
// that do not go together.
func (opts *VerifyOptions) validate() error {
	b, err := app.ParseBudget(opts.budget)
	if err != nil {
		return err
	}
	if opts.jobs < 1 {
		return fmt.Errorf("--jobs %d: expected 1 or more", opts.jobs)
	}
	opts.opt = app.VerifyOptions{Budget: b, Jobs: opts.jobs, Within: opts.within, NoStore: opts.noStore, NoTablesAhead: opts.noAhead}
	if opts.fen != "" && opts.queue {
		return errors.New("--queue with --fen: only the database's problems are queued (a position alone is verified here)")
	}
	if opts.fen != "" {
		opts.adHoc, err = adHocProblem(opts, opts.IO.ErrOut)
		return err
	}
	if len(opts.Refs) == 0 && !opts.all && opts.source == "" {
		return fmt.Errorf("nothing to verify: give problems as SOURCE:NUMBER (vantenac:71), --all, --source S, or --fen")
	}
	if opts.queue && opts.noStore {
		return errors.New("--queue with --no-store: a queued verification is always stored (its workers' only output)")
	}
	return nil
}

// selection is the database's problems the flags name.
func (opts *VerifyOptions) selection() app.Selection {
	sel := app.Selection{Refs: opts.Refs, All: opts.all, WithEmpty: true}
	if opts.source != "" {
		sel.Query.Sources = []string{opts.source}
	}
	return sel
}

func runVerify(opts *VerifyOptions) error {
	opt := opts.opt
	if opts.adHoc != nil {
		a, err := opts.App(app.Config{Tables: opts.tables})
		if err != nil {
			return err
		}
		v, err := a.VerifyPosition(opts.adHoc, opt)
		if err != nil {
			return err
		}
		return printReports(opts.IO, []app.Verified{v}, a, 1)
	}
	sel := opts.selection()
	if opts.queue {
		return enqueueVerify(opts.env, sel, opt)
	}
	a, err := opts.App(app.Config{DB: opts.DB, Tables: opts.tables})
	if err != nil {
		return err
	}
	bar := newProgressBar(opts.IO, "verify", "problems")
	opt.Progress = func(p app.VerifyProgress) { bar.update(p.Done, p.Total) }
	var tablesDone func()
	opt.TablesProgress, tablesDone = tablesProgress(opts.IO)
	plan, err := a.PlanVerify(sel, opt)
	if err != nil {
		return err
	}
	ahead := plan.TablesAhead()
	textout.AheadPlan(opts.IO.ErrOut, ahead) // on stderr, --json or not: stdout keeps the reports
	// A build ahead stops at the next table on Ctrl-C (interruptibleBuild);
	// without one, the searches stop as ever.
	ctx, stop := interruptibleSearch(opts, ahead.Positions > 0)
	defer stop()
	done, err := plan.Run(ctx)
	tablesDone()
	bar.finish()
	if plan.AheadErr != nil {
		fmt.Fprintln(opts.IO.ErrOut, "warning:", plan.AheadErr)
	}
	if perr := printReports(opts.IO, done, a, opts.jobs); perr != nil && err == nil {
		err = perr
	}
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return interrupted(len(done), len(plan.Problems()), !opts.noStore)
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
func adHocProblem(f *VerifyOptions, warn io.Writer) (*problems.Problem, error) {
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
func printReports(s *IOStreams, done []app.Verified, a *app.App, jobs int) error {
	if s.JSON {
		reports := make([]app.VerifiedReport, len(done))
		for i, v := range done {
			reports[i] = v.JSON()
		}
		return s.WriteJSON(reports)
	}
	return textout.Verified(s.Out, done, jobs, a.SavedPieces())
}

// interruptibleSearch is the context of a verification: with tables to
// build ahead, one that stops the build at the next table on Ctrl-C
// (interruptibleBuild); else the searches stop as ever.
func interruptibleSearch(opts *VerifyOptions, building bool) (context.Context, func()) {
	if building {
		return interruptibleBuild(opts.env)
	}
	ctx, stop := opts.IO.Interruptible(opts.ctx)
	return ctx, stop
}
