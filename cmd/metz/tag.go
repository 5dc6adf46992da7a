package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func init() { commandAdders = append(commandAdders, addTag) }

func addTag(root *cobra.Command) {
	c := &cobra.Command{
		Use:   "tag ID THEME",
		Short: "Give a problem a theme of your own",
		Long: `tag adds a user theme to a problem. User themes are searched like the
book's (search --theme NAME, --theme-origin user) and survive every
re-import. A theme name cannot contain quotes or parentheses and cannot
be AND, OR or NOT; it is stored as the books' themes are, in lower case,
without accents, its words joined by hyphens ("coup turc" is coup-turc).
Tagging twice with the same name does nothing.

ID is the database id or source:number (metz:125, vantenac:6).`,
		Example: `  metz tag vantenac:4 lunette
  metz tag metz:125 favourite --json`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, id, err := openAndResolve(args[0])
			if err != nil {
				return err
			}
			defer d.Close()
			theme, added, err := d.AddTag(id, args[1])
			if err != nil {
				return err
			}
			if global.json {
				return writeJSON(cmd.OutOrStdout(), map[string]any{"id": id, "theme": theme, "origin": "user", "added": added})
			}
			if added {
				fmt.Fprintf(cmd.OutOrStdout(), "%s (id %d): tagged %s\n", args[0], id, theme)
			} else {
				fmt.Fprintf(cmd.OutOrStdout(), "%s (id %d): already tagged %s\n", args[0], id, theme)
			}
			return nil
		},
	}
	root.AddCommand(c)
}
