package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func init() { commandAdders = append(commandAdders, addTag) }

func addTag(root *cobra.Command) {
	var remove bool
	c := withHelp(&cobra.Command{
		Use:   "tag SOURCE:NUMBER THEME",
		Short: "Give a problem a theme of your own (or take it back)",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			g := globalsOf(cmd)
			d, id, err := openAndResolve(g, args[0])
			if err != nil {
				return err
			}
			defer d.Close()
			change, verb, already := d.AddTag, "tagged", "already tagged"
			if remove {
				change, verb, already = d.RemoveTag, "untagged", "has no user tag"
			}
			theme, done, err := change(id, args[1])
			if err != nil {
				return err
			}
			if g.json {
				key := "added"
				if remove {
					key = "removed"
				}
				return writeJSON(cmd.OutOrStdout(), map[string]any{"id": id, "theme": theme, "origin": "user", key: done})
			}
			if !done {
				verb = already
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %s %s\n", args[0], verb, theme)
			return nil
		},
	}, "tag")
	c.Flags().BoolVar(&remove, "remove", false, "take the user theme off instead")
	root.AddCommand(c)
}
