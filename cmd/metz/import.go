package main

import (
	"cmp"
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/db"
	"metz/draughts"
)

func init() { commandAdders = append(commandAdders, addImport) }

func addImport(root *cobra.Command) {
	var rules, source string
	var update []string
	var verbose bool
	c := withHelp(&cobra.Command{
		Use:   "import [FILES...]",
		Short: "Import the bundled books, PDN files or transcriptions into the database",
		RunE: func(cmd *cobra.Command, files []string) error {
			ctx, stop := interruptible(cmd)
			defer stop()
			g := globalsOf(cmd)
			opt := app.ImportOptions{Key: source, Update: update, AllWarnings: verbose || g.json, Context: ctx,
				Progress: func(label string) func(done, total int64) {
					return newBytesBar(cmd, label).updateBytes
				}}
			if rules != "" {
				r, err := draughts.RulesByName(rules)
				if err != nil {
					return fmt.Errorf("--rules: %w", err)
				}
				opt.Rules = r
			}
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
	c.Flags().StringSliceVar(&update, "update", nil, "let an edited copy of these bundled books (metz, vantenac) change their records (default: the changes are listed, not applied)")
	root.AddCommand(c)
}
