package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

func init() { commandAdders = append(commandAdders, addNote) }

func addNote(root *cobra.Command) {
	c := &cobra.Command{
		Use:   "note ID TEXT...",
		Short: "Add a note to a problem",
		Long: `note stores a dated note on a problem; show prints the notes under the
verdicts. Notes are yours: re-importing a source never removes them. The
words after ID are joined with spaces, so quoting is optional.

ID is the database id or source:number (metz:125, vantenac:6).`,
		Example: `  metz note vantenac:1 "the table and the prose differ at move 4"
  metz note 17 checked against the 1785 edition --json`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, id, err := openAndResolve(args[0])
			if err != nil {
				return err
			}
			defer d.Close()
			n, err := d.AddNote(id, strings.Join(args[1:], " "))
			if err != nil {
				return err
			}
			if global.json {
				return writeJSON(cmd.OutOrStdout(), n)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s (id %d): note %d added\n", args[0], id, n.ID)
			return nil
		},
	}
	root.AddCommand(c)
}
