package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/draughts"
)

// globalFlags are the flags every command has.
type globalFlags struct {
	dbPath string
	json   bool
}

// globalsOf reads the global flags as cmd was given them.
func globalsOf(cmd *cobra.Command) globalFlags {
	var g globalFlags
	g.dbPath, _ = cmd.Flags().GetString("db")
	g.json, _ = cmd.Flags().GetBool("json")
	return g
}

// commandAdders lets each command file register itself (see init functions).
var commandAdders []func(*cobra.Command)

func newRootCmd() *cobra.Command {
	var version bool
	root := withHelp(&cobra.Command{
		Use:           "metz",
		Short:         "Draughts problem database and composition solver",
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if version {
				return printVersion(cmd)
			}
			return cmd.Help()
		},
	}, "root")
	root.PersistentFlags().String("db", defaultDB(), "database: an SQLite file, or a postgres://user:password@host/name URL (env METZ_DB)")
	root.PersistentFlags().Bool("json", false, "print one JSON document instead of text (errors too)")
	root.Flags().BoolVar(&version, "version", false, "print metz's version and commit")
	for _, add := range commandAdders {
		add(root)
	}
	return root
}

func defaultDB() string {
	if v := os.Getenv("METZ_DB"); v != "" {
		return v
	}
	return "metz.db"
}

func joinNames() string { return strings.Join(draughts.RuleNames(), ", ") }

// addRulesFlag adds --rules to a command.
func addRulesFlag(c *cobra.Command, target *string) {
	c.Flags().StringVar(target, "rules", "international", "rule system: "+joinNames())
	_ = c.RegisterFlagCompletionFunc("rules", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return draughts.RuleNames(), cobra.ShellCompDirectiveNoFileComp
	})
}

// interruptible is cmd's context, cancelled by Ctrl-C or SIGTERM so that a
// long command stops cleanly and keeps what it finished; once it is
// cancelled, a second Ctrl-C stops the program at once.
func interruptible(cmd *cobra.Command) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	markInterruptible(cmd, ctx) // its progress bar leaves the stopping to it
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// parsePosition reads "start" or a FEN under the named rules.
func parsePosition(rulesName, arg string) (draughts.Position, error) {
	return app.ParsePosition(rulesName, arg)
}

// warnImpossible prints to w what makes p impossible in a game (a man on
// its crowning row): it is still searched, as given, but no endgame table
// holds it.
func warnImpossible(w io.Writer, p draughts.Position) {
	bad := p.Validate()
	for _, msg := range bad {
		fmt.Fprintf(w, "warning: %s (no game reaches it: a man there is crowned; searched as given)\n", msg)
	}
	if len(bad) > 0 {
		fmt.Fprintf(w, "warning: crowned, as a game would have it: %s\n", p.Crowned().FEN())
	}
}

// notEmpty refuses a board without a piece.
func notEmpty(p draughts.Position, fen string) error { return app.NotEmpty(p, fen) }

// count writes n things, in the singular for one ("1 problem").
func count(n int, one, many string) string { return textout.Count(n, one, many) }
