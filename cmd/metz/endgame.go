package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/draughts"
	"metz/verdict"
)

// EndgameOptions are what the endgame subcommands share: --tables, the
// directory they work on, and the way to open it (Factory.Tables).
type EndgameOptions struct {
	env
	Dir    string
	Tables func(dir string, mem int64) (*app.Tables, error)
}

func newCmdEndgame(f *Factory) *cobra.Command {
	eg := &EndgameOptions{Tables: f.Tables}
	dir := &eg.Dir
	c := withHelp(&cobra.Command{
		Use:   "endgame",
		Short: "Endgame tables: build, probe (every rule system), check the books' claims",
	}, "endgame")
	c.PersistentFlags().StringVar(dir, "tables", "auto", tablesHelp)
	c.PersistentFlags().StringVar(dir, "dir", "auto", "the same as --tables")
	_ = c.PersistentFlags().MarkHidden("dir")
	c.AddCommand(newCmdEndgameBuild(f, eg, nil), newCmdEndgameProbe(f, eg, nil), newCmdEndgameClaims(f, eg), newCmdEndgameList(f, eg))
	return c
}

// EndgameBuildOptions are metz endgame build's.
type EndgameBuildOptions struct {
	*EndgameOptions
	Pieces        int
	Rules, Memory string
	// What --rules and --memory are read into, before the command runs.
	rules *draughts.Rules
	mem   int64
}

func newCmdEndgameBuild(f *Factory, eg *EndgameOptions, runF func(*EndgameBuildOptions) error) *cobra.Command {
	opts := &EndgameBuildOptions{EndgameOptions: eg}
	c := withHelp(&cobra.Command{
		Use:   "build --pieces N",
		Short: "Build every table of 2 to N pieces",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) (err error) {
			opts.env = f.env(cmd)
			if opts.rules, opts.mem, err = rulesAndMemory(opts.Rules, opts.Memory); err != nil {
				return err
			}
			return runOr(runF, runEndgameBuild, opts)
		},
	}, "endgame-build")
	c.Flags().IntVar(&opts.Pieces, "pieces", 4, "largest number of pieces (2 to 5; 6 under other rules than international)")
	addRulesFlag(c, &opts.Rules)
	c.Flags().StringVar(&opts.Memory, "memory", "4GB", "most memory the tables of one build may take (other rules than international)")
	return c
}

// runEndgameBuild builds r's tables of 2 to pieces pieces into dir,
// saying first what is left to do; Ctrl-C stops it, keeping every table
// finished.
func runEndgameBuild(opts *EndgameBuildOptions) error {
	r, pieces := opts.rules, opts.Pieces
	tb, err := opts.Tables(opts.Dir, opts.mem)
	if err != nil {
		return err
	}
	n, size, into, err := app.TablesLeft(tb, r, pieces)
	if err != nil {
		return err
	}
	if n > 0 { // on stderr, --json or not: stdout keeps the summary
		textout.BuildPlan(opts.IO.ErrOut, n, size, into, r, pieces)
	}
	ctx, stop := interruptibleBuild(opts.env)
	defer stop()
	progress, finish := tablesProgress(opts.IO)
	sum, err := app.BuildTables(ctx, tb, r, pieces, progress)
	finish()
	if errors.Is(err, context.Canceled) {
		return errors.New(buildInterrupted)
	}
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(sum)
	}
	textout.BuildSummary(opts.IO.Out, sum)
	return nil
}

// interruptibleBuild is IOStreams.Interruptible for a table build: the
// build stops at the next table (or piece count, for the international
// builder), keeping the tables finished. A builder still busy a few seconds
// later is left: the process exits, the tables on disk being whole (each is
// written to a temporary file, then renamed).
func interruptibleBuild(e env) (context.Context, func()) {
	ctx, stop := e.IO.Interruptible(e.ctx)
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
			fmt.Fprintln(e.IO.ErrOut, "\n"+buildInterrupted)
			os.Exit(130)
		}
	}()
	return ctx, func() { close(finished); stop() }
}

// buildInterrupted is what a build stopped by Ctrl-C says.
const buildInterrupted = "interrupted: the tables finished are kept; the same command resumes the build"

// EndgameProbeOptions are metz endgame probe's.
type EndgameProbeOptions struct {
	*EndgameOptions
	Position      string // the FEN argument
	Rules, Memory string
	// What --rules and --memory are read into, before the command runs.
	rules *draughts.Rules
	mem   int64
}

func newCmdEndgameProbe(f *Factory, eg *EndgameOptions, runF func(*EndgameProbeOptions) error) *cobra.Command {
	opts := &EndgameProbeOptions{EndgameOptions: eg}
	c := withHelp(&cobra.Command{
		Use:   "probe FEN",
		Short: "Result and distance of a position, and its best moves",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) (err error) {
			opts.env, opts.Position = f.env(cmd), args[0]
			if opts.rules, opts.mem, err = rulesAndMemory(opts.Rules, opts.Memory); err != nil {
				return err
			}
			return runOr(runF, runEndgameProbe, opts)
		},
	}, "endgame-probe")
	addRulesFlag(c, &opts.Rules)
	c.Flags().StringVar(&opts.Memory, "memory", "2GB", "most memory the in-memory tables may take (other rules than international)")
	return c
}

// rulesAndMemory reads the --rules and --memory flags of build and probe.
func rulesAndMemory(rulesName, memory string) (*draughts.Rules, int64, error) {
	r, err := draughts.RulesByName(rulesName)
	if err != nil {
		return nil, 0, err
	}
	mb, err := parseMemory("--memory", memory)
	return r, int64(mb) << 20, err
}

// parseMemory reads flag's value, a size such as 512MB or 2GB, in
// megabytes.
func parseMemory(flag, s string) (int, error) {
	b, err := verdict.ParseBudget(s)
	if err != nil || b.MemoryMB <= 0 || b.Nodes > 0 || b.Time > 0 {
		return 0, fmt.Errorf("%s %q: want a size such as 512MB or 2GB", flag, s)
	}
	return b.MemoryMB, nil
}

// runEndgameProbe prints a position's value and its moves', building
// the tables it needs that are not in dir (said on stderr) under any rule
// system.
func runEndgameProbe(opts *EndgameProbeOptions) error {
	fen := opts.Position
	p, err := app.ProbedPosition(opts.rules, fen)
	if err != nil {
		return err
	}
	tabs, err := opts.Tables(opts.Dir, opts.mem)
	if err != nil {
		return err
	}
	if err := ensureSaying(opts.env, tabs, p); err != nil {
		return fmt.Errorf("%s: %w", fen, err)
	}
	rep, err := app.Probe(tabs, p, fen)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(rep)
	}
	textout.Probed(opts.IO.Out, rep)
	return nil
}

// ensureSaying builds the tables of p's material when they are missing,
// saying so on stderr before (how many, their size on disk and in memory,
// the CPU time they may take), while (a progress bar on a terminal, a
// table at a time) and after (how long). Ctrl-C stops between tables,
// keeping those finished: the same command resumes.
func ensureSaying(e env, tabs *app.Tables, p draughts.Position) error {
	quiet := e.IO.JSON
	if !quiet {
		textout.EnsurePlan(e.IO.ErrOut, app.PlanEnsure(tabs, p))
	}
	ctx, stop := interruptibleBuild(e)
	defer stop()
	bar := newProgressBar(e.IO, "tables", "pos")
	start := time.Now()
	built, err := app.EnsureTables(ctx, tabs, p, func(pr app.TableProgress) {
		bar.updateWith(pr.Done, pr.Total, fmt.Sprintf("%d/%d %s", pr.Current, pr.Tables, pr.Sig))
	})
	bar.finish()
	if errors.Is(err, context.Canceled) {
		return errors.New(buildInterrupted)
	}
	if err != nil {
		return err
	}
	if built > 0 && !quiet {
		fmt.Fprintf(e.IO.ErrOut, "built in %.1f s\n", time.Since(start).Seconds())
	}
	return nil
}

// onTables is an endgame subcommand without arguments that runs on the
// table directory (claims, list): its help page is help.
func onTables(f *Factory, eg *EndgameOptions, use, short, help string, run func(*EndgameOptions) error) *cobra.Command {
	return withHelp(&cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			eg.env = f.env(cmd)
			return run(eg)
		},
	}, help)
}

func newCmdEndgameClaims(f *Factory, eg *EndgameOptions) *cobra.Command {
	return onTables(f, eg, "claims", "Check the endgame claims of the Livre de Metz against the tables", "endgame-claims", runEndgameClaims)
}

func runEndgameClaims(opts *EndgameOptions) error {
	asJSON := opts.IO.JSON
	tabs, err := opts.Tables(opts.Dir, 0)
	if err != nil {
		return err
	}
	claims, err := app.EndgameClaims(tabs, func(s string) {
		if !asJSON {
			fmt.Fprintf(opts.IO.ErrOut, "building the %s tables and those they lead to into %s\n", s, cmp.Or(tabs.Dir(), "memory"))
		}
	})
	if err != nil {
		return err
	}
	if asJSON {
		return opts.IO.WriteJSON(claims)
	}
	textout.Claims(opts.IO.Out, claims)
	return nil
}

func newCmdEndgameList(f *Factory, eg *EndgameOptions) *cobra.Command {
	return onTables(f, eg, "list", "What the table directory holds, by rule system and piece count", "endgame-list", runEndgameList)
}

func runEndgameList(opts *EndgameOptions) error {
	tabs, err := opts.Tables(opts.Dir, 0)
	if err != nil {
		return err
	}
	list, err := app.ListTables(tabs)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(list)
	}
	textout.TableList(opts.IO.Out, tabs.Dir(), list)
	return nil
}
