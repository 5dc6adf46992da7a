package main

import (
	"cmp"
	"errors"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/db"
	"metz/themes"
)

func init() { commandAdders = append(commandAdders, addThemes) }

func addThemes(root *cobra.Command) {
	var compare bool
	var sources []string
	c := withHelp(&cobra.Command{
		Use:   "themes",
		Short: "Detect the books' themes in stated solutions, list their definitions, compare with the books",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if compare {
				return runThemesCompare(cmd, sources)
			}
			return cmd.Help()
		},
	}, "themes")
	c.Flags().BoolVar(&compare, "compare", false, "run the comparison report (as metz themes compare)")
	c.Flags().StringSliceVar(&sources, "source", nil, "with --compare: only these sources")
	c.AddCommand(themesDetectCmd(), themesListCmd(), themesCompareCmd())
	root.AddCommand(c)
}

func themesDetectCmd() *cobra.Command {
	var all bool
	var sources []string
	c := withHelp(&cobra.Command{
		Use:   "detect [SOURCE:NUMBER...]",
		Short: "Find themes in stored stated solutions and store them",
		RunE: func(cmd *cobra.Command, args []string) error {
			if (len(args) > 0) == (all || len(sources) > 0) {
				return errors.New("name the problems: SOURCE:NUMBER, or --all, or --source S (not both names and a selection)")
			}
			if all && len(sources) > 0 {
				return errors.New("--all and --source exclude each other")
			}
			g := globalsOf(cmd)
			d, err := db.OpenExisting(g.dbPath)
			if err != nil {
				return err
			}
			defer d.Close()
			sel := app.Selection{Refs: args, All: all}
			sel.Query.Sources = sources
			picked, err := app.Select(d, sel) // records without a position have nothing to replay
			if err != nil {
				return err
			}
			bar := newProgressBar(cmd, "themes", "problems")
			res, err := app.DetectMany(d, picked, bar.update)
			bar.finish()
			if g.json {
				return cmp.Or(writeJSON(cmd.OutOrStdout(), res), err)
			}
			return cmp.Or(textout.Detected(cmd.OutOrStdout(), res), err)
		},
	}, "themes-detect")
	c.Flags().BoolVar(&all, "all", false, "every problem with a position")
	c.Flags().StringSliceVar(&sources, "source", nil, "every problem with a position of these sources")
	return c
}

func themesListCmd() *cobra.Command {
	return withHelp(&cobra.Command{
		Use:   "list",
		Short: "Print each detector theme with its definition, and the book-theme mapping",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if globalsOf(cmd).json {
				return writeJSON(cmd.OutOrStdout(), map[string]any{"themes": themes.Definitions, "book_keys": themes.BookKeys})
			}
			textout.ThemeDefinitions(cmd.OutOrStdout())
			return nil
		},
	}, "themes-list")
}

func themesCompareCmd() *cobra.Command {
	var sources []string
	c := withHelp(&cobra.Command{
		Use:   "compare",
		Short: "Where the detector and the book's index disagree",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return runThemesCompare(cmd, sources) },
	}, "themes-compare")
	c.Flags().StringSliceVar(&sources, "source", nil, "only these sources (repeatable)")
	return c
}

func runThemesCompare(cmd *cobra.Command, sources []string) error {
	g := globalsOf(cmd)
	d, err := db.OpenExisting(g.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	rows, uncompared, err := app.CompareThemes(d, sources)
	if err != nil {
		return err
	}
	if g.json {
		return writeJSON(cmd.OutOrStdout(), rows)
	}
	return textout.Compared(cmd.OutOrStdout(), rows, uncompared)
}
