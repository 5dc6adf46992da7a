package main

import (
	"cmp"
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/db"
	"metz/draughts"
	"metz/internal/textout"
)

func init() { commandAdders = append(commandAdders, addImport) }

func addImport(root *cobra.Command) {
	var rules, source string
	var verbose bool
	c := withHelp(&cobra.Command{
		Use:   "import [FILES...]",
		Short: "Import the bundled books, PDN files or transcriptions into the database",
		RunE: func(cmd *cobra.Command, files []string) error {
			opt := app.ImportOptions{Key: source, Progress: func(src string) func(done, total int) {
				return newProgressBar(cmd, src, "problems").updateFinishing
			}}
			if rules != "" {
				r, err := draughts.RulesByName(rules)
				if err != nil {
					return fmt.Errorf("--rules: %w", err)
				}
				opt.Rules = r
			}
			g := globalsOf(cmd)
			d, err := db.Open(g.dbPath)
			if err != nil {
				return err
			}
			defer d.Close()
			reports, err := app.Import(d, files, opt)
			if reports == nil {
				return err
			}
			if g.json {
				return cmp.Or(writeJSON(cmd.OutOrStdout(), reports), err)
			}
			terr := textout.Import(cmd.OutOrStdout(), reports, len(files) > 0, verbose)
			textout.ImportDuplicates(cmd.OutOrStdout(), reports, verbose) // the positions repeated (metz similar)
			return cmp.Or(terr, err)
		},
	}, "import")
	c.Flags().StringVar(&rules, "rules", "", "rule system of the PDN games that state none (no GameType tag): english, italian, ... (default: inferred from each game)")
	c.Flags().StringVar(&source, "source", "", "source key of the one file imported (default: its base name, or the key an exported file carries)")
	c.Flags().BoolVarP(&verbose, "verbose", "v", false, "list every warning under the summary, not only the first ones")
	root.AddCommand(c)
}
