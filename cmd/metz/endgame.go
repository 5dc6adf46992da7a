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

func init() { commandAdders = append(commandAdders, addEndgame) }

func addEndgame(root *cobra.Command) {
	var dir string
	c := withHelp(&cobra.Command{
		Use:   "endgame",
		Short: "Endgame tables: build, probe (every rule system), check the books' claims",
	}, "endgame")
	c.PersistentFlags().StringVar(&dir, "tables", "auto", tablesHelp)
	c.PersistentFlags().StringVar(&dir, "dir", "auto", "the same as --tables")
	_ = c.PersistentFlags().MarkHidden("dir")
	c.AddCommand(endgameBuildCmd(&dir), endgameProbeCmd(&dir), endgameClaimsCmd(&dir), endgameListCmd(&dir))
	root.AddCommand(c)
}

func endgameBuildCmd(dir *string) *cobra.Command {
	var pieces int
	var rulesName, memory string
	c := withHelp(&cobra.Command{
		Use:   "build --pieces N",
		Short: "Build every table of 2 to N pieces",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, mem, err := rulesAndMemory(rulesName, memory)
			if err != nil {
				return err
			}
			return runEndgameBuild(cmd, *dir, r, pieces, mem)
		},
	}, "endgame-build")
	c.Flags().IntVar(&pieces, "pieces", 4, "largest number of pieces (2 to 5; 6 under other rules than international)")
	addRulesFlag(c, &rulesName)
	c.Flags().StringVar(&memory, "memory", "4GB", "most memory the tables of one build may take (other rules than international)")
	return c
}

// runEndgameBuild builds r's tables of 2 to pieces pieces into dir,
// saying first what is left to do; Ctrl-C stops it, keeping every table
// finished.
func runEndgameBuild(cmd *cobra.Command, dir string, r *draughts.Rules, pieces int, mem int64) error {
	g := globalsOf(cmd)
	tb, err := openTables(cmd, dir, mem)
	if err != nil {
		return err
	}
	n, size, into, err := app.TablesLeft(tb, r, pieces)
	if err != nil {
		return err
	}
	if n > 0 && !g.json {
		textout.BuildPlan(cmd.ErrOrStderr(), n, size, into, r, pieces)
	}
	ctx, stop := interruptibleBuild(cmd)
	defer stop()
	bar := newProgressBar(cmd, "tables", "pos")
	sum, err := app.BuildTables(ctx, tb, r, pieces, func(p app.TableProgress) {
		bar.updateWith(p.Done, p.Total, fmt.Sprintf("%d/%d %s", p.Current, p.Tables, p.Sig))
	})
	bar.finish()
	if errors.Is(err, context.Canceled) {
		return errors.New(buildInterrupted)
	}
	if err != nil {
		return err
	}
	if g.json {
		return writeJSON(cmd.OutOrStdout(), sum)
	}
	textout.BuildSummary(cmd.OutOrStdout(), sum)
	return nil
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

func endgameProbeCmd(dir *string) *cobra.Command {
	var rulesName string
	var memory string
	c := withHelp(&cobra.Command{
		Use:   "probe FEN",
		Short: "Result and distance of a position, and its best moves",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, mem, err := rulesAndMemory(rulesName, memory)
			if err != nil {
				return err
			}
			return runEndgameProbe(cmd, *dir, r, args[0], mem)
		},
	}, "endgame-probe")
	addRulesFlag(c, &rulesName)
	c.Flags().StringVar(&memory, "memory", "2GB", "most memory the in-memory tables may take (other rules than international)")
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
func runEndgameProbe(cmd *cobra.Command, dir string, r *draughts.Rules, fen string, mem int64) error {
	p, err := app.ProbedPosition(r, fen)
	if err != nil {
		return err
	}
	tabs, err := openTables(cmd, dir, mem)
	if err != nil {
		return err
	}
	if err := ensureSaying(cmd, tabs, p); err != nil {
		return fmt.Errorf("%s: %w", fen, err)
	}
	rep, err := app.Probe(tabs, p, fen)
	if err != nil {
		return err
	}
	if globalsOf(cmd).json {
		return writeJSON(cmd.OutOrStdout(), rep)
	}
	textout.Probed(cmd.OutOrStdout(), rep)
	return nil
}

// ensureSaying builds the tables of p's material when they are missing,
// saying so on stderr before (how many, their size on disk and in memory,
// the CPU time they may take), while (a progress bar on a terminal, a
// table at a time) and after (how long). Ctrl-C stops between tables,
// keeping those finished: the same command resumes.
func ensureSaying(cmd *cobra.Command, tabs *app.Tables, p draughts.Position) error {
	if !globalsOf(cmd).json {
		textout.EnsurePlan(cmd.ErrOrStderr(), app.PlanEnsure(tabs, p))
	}
	quiet := globalsOf(cmd).json
	ctx, stop := interruptibleBuild(cmd)
	defer stop()
	bar := newProgressBar(cmd, "tables", "pos")
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
		fmt.Fprintf(cmd.ErrOrStderr(), "built in %.1f s\n", time.Since(start).Seconds())
	}
	return nil
}

// onTables is an endgame subcommand without arguments that runs on the
// table directory (claims, list): its help page is help.
func onTables(use, short, help string, dir *string, run func(cmd *cobra.Command, dir string) error) *cobra.Command {
	return withHelp(&cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return run(cmd, *dir) },
	}, help)
}

func endgameClaimsCmd(dir *string) *cobra.Command {
	return onTables("claims", "Check the endgame claims of the Livre de Metz against the tables", "endgame-claims", dir, runEndgameClaims)
}

func runEndgameClaims(cmd *cobra.Command, dir string) error {
	asJSON := globalsOf(cmd).json
	tabs, err := openTables(cmd, dir, 0)
	if err != nil {
		return err
	}
	claims, err := app.EndgameClaims(tabs, func(s string) {
		if !asJSON {
			fmt.Fprintf(cmd.ErrOrStderr(), "building the %s tables and those they lead to into %s\n", s, cmp.Or(tabs.Dir(), "memory"))
		}
	})
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(cmd.OutOrStdout(), claims)
	}
	textout.Claims(cmd.OutOrStdout(), claims)
	return nil
}

func endgameListCmd(dir *string) *cobra.Command {
	return onTables("list", "What the table directory holds, by rule system and piece count", "endgame-list", dir, runEndgameList)
}

func runEndgameList(cmd *cobra.Command, dir string) error {
	tabs, err := openTables(cmd, dir, 0)
	if err != nil {
		return err
	}
	list, err := app.ListTables(tabs)
	if err != nil {
		return err
	}
	if globalsOf(cmd).json {
		return writeJSON(cmd.OutOrStdout(), list)
	}
	textout.TableList(cmd.OutOrStdout(), tabs.Dir(), list)
	return nil
}
