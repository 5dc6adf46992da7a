package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"metz/db"
	"metz/draughts"
)

// globalFlags are shared by every command.
type globalFlags struct {
	dbPath string
	json   bool
	rules  string
}

var global globalFlags

// commandAdders lets each command file register itself (see init functions).
var commandAdders []func(*cobra.Command)

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "metz",
		Short: "Draughts problem database and composition solver",
		Long: `metz imports the old French draughts books (the Livre de Metz, Van Tenac's
Traité) and PDN problem files into a SQLite database, verifies every stated
solution with an exhaustive solver (legality of every printed move, the key,
every defence, every leaf), flags cooked, unsound and misprinted problems with
proofs, and prints solution trees in the book's style, modern notation, PDN
and JSON.

Rule systems (--rules): ` + joinNames() + `.

The database is metz.db in the working directory unless --db or the METZ_DB
environment variable says otherwise.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.PersistentFlags().StringVar(&global.dbPath, "db", defaultDB(), "SQLite database file (env METZ_DB)")
	root.PersistentFlags().BoolVar(&global.json, "json", false, "print machine-readable JSON instead of text")
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

func joinNames() string {
	s := ""
	for i, n := range draughts.RuleNames() {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

// addRulesFlag adds --rules to a command.
func addRulesFlag(c *cobra.Command, target *string) {
	c.Flags().StringVar(target, "rules", "international", "rule system: "+joinNames())
	_ = c.RegisterFlagCompletionFunc("rules", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return draughts.RuleNames(), cobra.ShellCompDirectiveNoFileComp
	})
}

// parsePosition reads "start" or a FEN under the named rules.
func parsePosition(rulesName, arg string) (draughts.Position, error) {
	r, err := draughts.RulesByName(rulesName)
	if err != nil {
		return draughts.Position{}, err
	}
	if arg == "start" || arg == "initial" {
		return draughts.Start(r), nil
	}
	return draughts.ParseFEN(r, arg)
}

// warnImpossible prints to w what makes p impossible in a game (a man on
// its crowning row): it is still searched, as given, but no endgame table
// holds it.
func warnImpossible(w io.Writer, p draughts.Position) {
	for _, msg := range p.Validate() {
		fmt.Fprintf(w, "warning: %s (no game reaches it: a man there is crowned; searched as given)\n", msg)
	}
}

// notEmpty refuses a board without a piece: there is nothing to solve (it
// was reported won for the side to move).
func notEmpty(p draughts.Position, fen string) error {
	if wm, wk, bm, bk := p.Material(); wm+wk+bm+bk == 0 {
		return fmt.Errorf("FEN %q: no piece on the board (expected a position such as W:W28:B19)", fen)
	}
	return nil
}

// checkSources reports a --source key the database does not have (a
// typo, most often), naming the sources it has: verify and export would
// otherwise go through an empty selection without a word.
func checkSources(d *db.DB, keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	srcs, err := d.Sources()
	if err != nil {
		return err
	}
	have := map[string]bool{}
	var names []string
	for _, s := range srcs {
		have[s.Key] = true
		names = append(names, s.Key)
	}
	for _, k := range keys {
		switch {
		case have[k]:
		case len(names) == 0:
			return fmt.Errorf("--source %s: the database has no source yet (metz import)", k)
		default:
			return fmt.Errorf("--source %s: no such source (sources: %s)", k, strings.Join(names, ", "))
		}
	}
	return nil
}

// writeJSON prints v as one JSON line.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// pliesText is a distance in plies in words ("1 ply", "7 plies").
func pliesText(n int) string { return count(n, "ply", "plies") }

// count writes n things, in the singular for one ("1 problem").
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
