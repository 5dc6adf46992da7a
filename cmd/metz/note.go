package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"metz/db"
)

func init() { commandAdders = append(commandAdders, addNote) }

func addNote(root *cobra.Command) {
	var del int64
	c := withHelp(&cobra.Command{
		Use:   "note SOURCE:NUMBER TEXT...",
		Short: "Add a note to a problem (or delete one)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if del != 0 && len(args) > 1 {
				return fmt.Errorf("--delete %d takes no text (expected: metz note SOURCE:NUMBER --delete N)", del)
			}
			if del == 0 && len(args) < 2 {
				return fmt.Errorf("no text for the note (expected: metz note SOURCE:NUMBER TEXT...)")
			}
			g := globalsOf(cmd)
			d, id, err := openAndResolve(g, args[0])
			if err != nil {
				return err
			}
			defer d.Close()
			if del != 0 {
				return deleteNote(cmd, g, d, args[0], id, del)
			}
			n, err := d.AddNote(id, strings.Join(args[1:], " "))
			if err != nil {
				return err
			}
			if g.json {
				return writeJSON(cmd.OutOrStdout(), n)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: note %d added\n", args[0], n.ID)
			return nil
		},
	}, "note")
	c.Flags().Int64Var(&del, "delete", 0, "delete the problem's note number N (as show lists them)")
	root.AddCommand(c)
}

// deleteNote deletes note n of problem id (ref as the user wrote it).
func deleteNote(cmd *cobra.Command, g globalFlags, d *db.DB, ref string, id, n int64) error {
	ok, err := d.DeleteNote(id, n)
	if err != nil {
		return err
	}
	if g.json {
		return writeJSON(cmd.OutOrStdout(), map[string]any{"id": id, "note": n, "deleted": ok})
	}
	if !ok {
		return fmt.Errorf("%s has no note %d (metz show %s lists its notes)", ref, n, ref)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: note %d deleted\n", ref, n)
	return nil
}
