package main

import "github.com/spf13/cobra"

func init() { commandAdders = append(commandAdders, addList) }

func addList(root *cobra.Command) {
	var f searchFlags
	c := &cobra.Command{
		Use:   "list [flags]",
		Short: "List the problems of the database",
		Long: `list prints every problem of the database, ordered by source and number, as
a table that fits the terminal or with --json as one JSON array. Records
without a diagram are left out, and counted in one line, unless
--with-empty asks for them. It takes the same filters as search (list with
filters is a search).

` + searchHelp,
		Example: `  metz list
  metz list --source vantenac
  metz list --source metz --no-position --limit 20
  metz list --with-empty
  metz list --json > problems.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runSearch(cmd, &f) },
	}
	f.bind(c)
	f.bindWithEmpty(c)
	root.AddCommand(c)
}
