package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func init() { commandAdders = append(commandAdders, addTag) }

func addTag(root *cobra.Command) {
	var remove bool
	c := &cobra.Command{
		Use:   "tag SOURCE:NUMBER THEME",
		Short: "Give a problem a theme of your own (or take it back)",
		Long: `tag adds a user theme to a problem. User themes are searched like the
book's (search --theme NAME, --theme-origin user) and survive every
re-import. A theme name cannot contain quotes or parentheses and cannot
be AND, OR or NOT; it is stored as the books' themes are, in lower case,
without accents, its words joined by hyphens ("coup turc" is coup-turc).
Tagging twice with the same name does nothing.

--remove takes a user theme off again; the book's themes and the detector's
are not yours to remove.

The problem is named SOURCE:NUMBER (metz:125, vantenac:76).`,
		Example: `  metz tag vantenac:74 lunette
  metz tag metz:125 favourite --json
  metz tag metz:125 favourite --remove`,
		Args: cobra.ExactArgs(2),
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
	}
	c.Flags().BoolVar(&remove, "remove", false, "take the user theme off instead")
	root.AddCommand(c)
}
