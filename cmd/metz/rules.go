package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/problems"
)

func init() { commandAdders = append(commandAdders, addRules) }

func addRules(root *cobra.Command) {
	var source string
	c := withHelp(&cobra.Command{
		Use:   "rules [N]",
		Short: "Print the rules of the game as a source states them (the Livre de Metz's 22 rules)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g := globalsOf(cmd)
			texts, err := app.RuleTexts(g.dbPath, source, append(args, "")[0])
			if err != nil {
				return err
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
	}, "rules")
	c.Flags().StringVar(&source, "source", "metz", "source key (empty for all)")
	root.AddCommand(c)
}
