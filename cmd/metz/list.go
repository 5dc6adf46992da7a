package main

import "github.com/spf13/cobra"

func init() { commandAdders = append(commandAdders, addList, addSearch) }

func addList(root *cobra.Command) {
	var f searchFlags
	c := withHelp(&cobra.Command{
		Use:   "list [flags]",
		Short: "List the problems of the database",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return runSearch(cmd, &f) },
	}, "list")
	f.bind(c)
	f.bindWithEmpty(c)
	root.AddCommand(c)
}

func addSearch(root *cobra.Command) {
	var f searchFlags
	c := withHelp(&cobra.Command{
		Use:   "search [flags]",
		Short: "Find problems by source, number, theme, material, verdict or pattern",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return runSearch(cmd, &f) },
	}, "search")
	f.bind(c)
	f.bindWithEmpty(c)
	root.AddCommand(c)
}
