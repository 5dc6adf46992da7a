package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"metz/db"
	"metz/importer"
	"metz/problems"
)

func init() { commandAdders = append(commandAdders, addRules) }

func addRules(root *cobra.Command) {
	var source string
	c := &cobra.Command{
		Use:   "rules [N]",
		Short: "Print the rules of the game as a source states them (the Livre de Metz's 22 rules)",
		Long: `rules prints the rules of the game the imported sources print — the Livre de
Metz's 22 rules "à la polonaise", with their footnotes — or one of them by
number; with no database yet, the Livre de Metz's are read from the copy
bundled with metz. (The rule systems the engine plays are listed in metz --help.)`,
		Example: `  metz rules
  metz rules 12
  metz rules --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g := globalsOf(cmd)
			texts, err := ruleTexts(g, source)
			if err != nil {
				return err
			}
			if len(args) == 1 {
				if texts, err = pickRule(texts, args[0]); err != nil {
					return err
				}
			}
			if g.json {
				if texts == nil {
					texts = []problems.SourceText{}
				}
				return writeJSON(cmd.OutOrStdout(), texts)
			}
			if len(texts) == 0 {
				return fmt.Errorf("no rules in the database: run metz import")
			}
			for _, t := range texts {
				fmt.Fprintf(cmd.OutOrStdout(), "Règle %d (line %d)\n%s\n\n", t.Number, t.Line, t.Text)
			}
			return nil
		},
	}
	c.Flags().StringVar(&source, "source", "metz", "source key (empty for all)")
	root.AddCommand(c)
}

// ruleTexts reads the rules source prints from the database; without a
// database, the Livre de Metz's (source metz) are read from the copy
// bundled with metz, so that they need no import.
func ruleTexts(g globalFlags, source string) ([]problems.SourceText, error) {
	if _, err := os.Stat(g.dbPath); errors.Is(err, fs.ErrNotExist) && source == "metz" {
		return importer.BundledRuleTexts() // the Livre de Metz alone, not every bundled book
	}
	d, err := db.OpenExisting(g.dbPath)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Texts(source, "rule")
}

func pickRule(texts []problems.SourceText, arg string) ([]problems.SourceText, error) {
	n, err := strconv.Atoi(arg)
	if err != nil {
		return nil, fmt.Errorf("rule %q: expected a number", arg)
	}
	for _, t := range texts {
		if t.Number == n {
			return []problems.SourceText{t}, nil
		}
	}
	return nil, fmt.Errorf("no rule %d (the source has %d rules)", n, len(texts))
}
