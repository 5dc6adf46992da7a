package main

import (
	"cmp"
	"errors"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/themes"
)

func newCmdThemes(f *Factory) *cobra.Command {
	opts := &ThemesCompareOptions{}
	var compare bool
	c := withHelp(&cobra.Command{
		Use:   "themes",
		Short: "Detect the books' themes in stated solutions, list their definitions, compare with the books",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if compare {
				opts.env = f.env(cmd)
				return runThemesCompare(opts)
			}
			return cmd.Help()
		},
	}, "themes")
	c.Flags().BoolVar(&compare, "compare", false, "run the comparison report (as metz themes compare)")
	c.Flags().StringSliceVar(&opts.Sources, "source", nil, "with --compare: only these sources")
	c.AddCommand(newCmdThemesDetect(f, nil), newCmdThemesList(f), newCmdThemesCompare(f, nil))
	return c
}

// ThemesDetectOptions are metz themes detect's.
type ThemesDetectOptions struct {
	env
	Refs    []string
	All     bool
	Sources []string
}

func newCmdThemesDetect(f *Factory, runF func(*ThemesDetectOptions) error) *cobra.Command {
	opts := &ThemesDetectOptions{}
	c := withHelp(&cobra.Command{
		Use:   "detect [SOURCE:NUMBER...]",
		Short: "Find themes in stored stated solutions and store them",
		RunE: func(cmd *cobra.Command, args []string) error {
			if (len(args) > 0) == (opts.All || len(opts.Sources) > 0) {
				return errors.New("name the problems: SOURCE:NUMBER, or --all, or --source S (not both names and a selection)")
			}
			if opts.All && len(opts.Sources) > 0 {
				return errors.New("--all and --source exclude each other")
			}
			opts.env, opts.Refs = f.env(cmd), args
			return runOr(runF, runThemesDetect, opts)
		},
	}, "themes-detect")
	c.Flags().BoolVar(&opts.All, "all", false, "every problem with a position")
	c.Flags().StringSliceVar(&opts.Sources, "source", nil, "every problem with a position of these sources")
	return c
}

func runThemesDetect(opts *ThemesDetectOptions) error {
	a, err := opts.App(app.Config{DB: opts.DB, Tables: "none"})
	if err != nil {
		return err
	}
	sel := app.Selection{Refs: opts.Refs, All: opts.All}
	sel.Query.Sources = opts.Sources
	picked, err := a.Select(sel) // records without a position have nothing to replay
	if err != nil {
		return err
	}
	bar := newProgressBar(opts.IO, "themes", "problems")
	res, err := a.DetectMany(picked, bar.update)
	bar.finish()
	if opts.IO.JSON {
		return cmp.Or(opts.IO.WriteJSON(res), err)
	}
	return cmp.Or(textout.Detected(opts.IO.Out, res), err)
}

func newCmdThemesList(f *Factory) *cobra.Command {
	return withHelp(&cobra.Command{
		Use:   "list",
		Short: "Print each detector theme with its definition, and the book-theme mapping",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.IO.JSON {
				return f.IO.WriteJSON(map[string]any{"themes": themes.Definitions, "book_keys": themes.BookKeys})
			}
			textout.ThemeDefinitions(f.IO.Out)
			return nil
		},
	}, "themes-list")
}

// ThemesCompareOptions are metz themes compare's (and themes --compare's).
type ThemesCompareOptions struct {
	env
	Sources []string
}

func newCmdThemesCompare(f *Factory, runF func(*ThemesCompareOptions) error) *cobra.Command {
	opts := &ThemesCompareOptions{}
	c := withHelp(&cobra.Command{
		Use:   "compare",
		Short: "Where the detector and the book's index disagree",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.env = f.env(cmd)
			return runOr(runF, runThemesCompare, opts)
		},
	}, "themes-compare")
	c.Flags().StringSliceVar(&opts.Sources, "source", nil, "only these sources (repeatable)")
	return c
}

func runThemesCompare(opts *ThemesCompareOptions) error {
	a, err := opts.App(app.Config{DB: opts.DB, Tables: "none"})
	if err != nil {
		return err
	}
	rows, uncompared, err := a.CompareThemes(opts.Sources)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(rows)
	}
	return textout.Compared(opts.IO.Out, rows, uncompared)
}
