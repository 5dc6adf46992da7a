package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/problems"
)

// RulesOptions are metz rules'.
type RulesOptions struct {
	env
	Number string // the rule asked for ("" all)
	Source string // --source ("" all)
}

func newCmdRules(f *Factory, runF func(*RulesOptions) error) *cobra.Command {
	opts := &RulesOptions{}
	c := withHelp(&cobra.Command{
		Use:   "rules [N]",
		Short: "Print the rules of the game as a source states them (the Livre de Metz's 22 rules)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.env, opts.Number = f.env(cmd), append(args, "")[0]
			return runOr(runF, runRules, opts)
		},
	}, "rules")
	c.Flags().StringVar(&opts.Source, "source", "metz", "source key (empty for all)")
	return c
}

func runRules(opts *RulesOptions) error {
	texts, err := app.RuleTexts(opts.DB, opts.Source, opts.Number)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		if texts == nil {
			texts = []problems.SourceText{}
		}
		return opts.IO.WriteJSON(texts)
	}
	if len(texts) == 0 {
		return fmt.Errorf("no rules in the database: run metz import")
	}
	for _, t := range texts {
		fmt.Fprintf(opts.IO.Out, "Règle %d (line %d)\n%s\n\n", t.Number, t.Line, t.Text)
	}
	return nil
}
