package main

import (
	"cmp"
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/draughts"
)

// ImportOptions are metz import's.
type ImportOptions struct {
	env
	Files   []string
	Rules   string // --rules: of the PDN games that state none ("" inferred)
	Source  string // --source: the key of the one file imported
	Update  []string
	Verbose bool
}

func newCmdImport(f *Factory, runF func(*ImportOptions) error) *cobra.Command {
	opts := &ImportOptions{}
	c := withHelp(&cobra.Command{
		Use:   "import [FILES...]",
		Short: "Import the bundled books, PDN files or transcriptions into the database",
		RunE: func(cmd *cobra.Command, files []string) error {
			opts.env, opts.Files = f.env(cmd), files
			return runOr(runF, runImport, opts)
		},
	}, "import")
	c.Flags().StringVar(&opts.Rules, "rules", "", "rule system of the PDN games that state none (no GameType tag): english, italian, ... (default: inferred from each game)")
	c.Flags().StringVar(&opts.Source, "source", "", "source key of the one file imported (default: its base name, or the key an exported file carries)")
	c.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "list every warning under the summary, not only the first ones")
	c.Flags().StringSliceVar(&opts.Update, "update", nil, "let an edited copy of these bundled books (metz, vantenac) change their records (default: the changes are listed, not applied)")
	return c
}

func runImport(opts *ImportOptions) error {
	ctx, stop := opts.IO.Interruptible(opts.ctx)
	defer stop()
	opt := app.ImportOptions{Key: opts.Source, Update: opts.Update, AllWarnings: opts.Verbose || opts.IO.JSON, Context: ctx,
		Progress: func(label string) func(done, total int64) {
			return newBytesBar(opts.IO, label).updateBytes
		}}
	if opts.Rules != "" {
		r, err := draughts.RulesByName(opts.Rules)
		if err != nil {
			return fmt.Errorf("--rules: %w", err)
		}
		opt.Rules = r
	}
	a, err := opts.App(app.Config{DB: opts.DB, Create: true, Tables: "none"})
	if err != nil {
		return err
	}
	reports, err := a.Import(opts.Files, opt)
	if reports == nil {
		return err
	}
	out := opts.IO.Out
	if opts.IO.JSON {
		return cmp.Or(writeJSON(out, reports), err)
	}
	terr := textout.Import(out, reports, len(opts.Files) > 0, opts.Verbose)
	textout.ImportDuplicates(out, reports, opts.Verbose) // the positions repeated (metz similar)
	return cmp.Or(terr, err)
}
