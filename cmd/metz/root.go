package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/draughts"
)

// newCmdRoot is metz with its global flags, --db and --json, parsed
// into f, and every command.
func newCmdRoot(f *Factory) *cobra.Command {
	var version bool
	root := withHelp(&cobra.Command{
		Use:           "metz",
		Short:         "Draughts problem database and composition solver",
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if version {
				return printVersion(f.IO)
			}
			return cmd.Help()
		},
	}, "root")
	addGlobalFlags(root, f)
	root.Flags().BoolVar(&version, "version", false, "print metz's version and commit")
	root.AddCommand(
		newCmdImport(f, nil), newCmdList(f, nil), newCmdSearch(f, nil), newCmdShow(f, nil),
		newCmdSimilar(f, nil), newCmdNote(f, nil), newCmdTag(f, nil), newCmdRules(f, nil),
		newCmdThemes(f), newCmdVerify(f, nil), newCmdSolve(f, nil), newCmdMoves(f, nil),
		newCmdPerft(f, nil), newCmdEndgame(f), newCmdReport(f, nil), newCmdExport(f, nil),
		newCmdServe(f, nil), newCmdWorker(f, nil), newCmdJobs(f, nil), newCmdTrictrac(f),
	)
	return root
}

// addGlobalFlags adds the flags every command has, parsed into f.
func addGlobalFlags(root *cobra.Command, f *Factory) {
	root.PersistentFlags().StringVar(&f.DBPath, "db", defaultDB(), "database: an SQLite file, or a postgres://user:password@host/name URL (env METZ_DB)")
	root.PersistentFlags().BoolVar(&f.IO.JSON, "json", false, "print one JSON document instead of text (errors too)")
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
