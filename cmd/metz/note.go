package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// NoteOptions are metz note's.
type NoteOptions struct {
	env
	Ref    string // SOURCE:NUMBER as the user wrote it
	Text   string // the note; "" with Delete
	Delete int64  // --delete N: the note to delete (0: add)
}

func newCmdNote(f *Factory, runF func(*NoteOptions) error) *cobra.Command {
	opts := &NoteOptions{}
	c := withHelp(&cobra.Command{
		Use:   "note SOURCE:NUMBER TEXT...",
		Short: "Add a note to a problem (or delete one)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Delete != 0 && len(args) > 1 {
				return fmt.Errorf("--delete %d takes no text (expected: metz note SOURCE:NUMBER --delete N)", opts.Delete)
			}
			if opts.Delete == 0 && len(args) < 2 {
				return fmt.Errorf("no text for the note (expected: metz note SOURCE:NUMBER TEXT...)")
			}
			opts.env, opts.Ref, opts.Text = f.env(cmd), args[0], strings.Join(args[1:], " ")
			return runOr(runF, runNote, opts)
		},
	}, "note")
	c.Flags().Int64Var(&opts.Delete, "delete", 0, "delete the problem's note number N (as show lists them)")
	return c
}

func runNote(opts *NoteOptions) error {
	a, id, err := openAndResolve(opts.env, opts.Ref)
	if err != nil {
		return err
	}
	if opts.Delete != 0 {
		return deleteNote(opts, a.DeleteNote, id)
	}
	n, err := a.AddNote(id, opts.Text)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(n)
	}
	fmt.Fprintf(opts.IO.Out, "%s: note %d added\n", opts.Ref, n.ID)
	return nil
}

// deleteNote deletes note opts.Delete of problem id through del.
func deleteNote(opts *NoteOptions, del func(id, n int64) (bool, error), id int64) error {
	ref, n := opts.Ref, opts.Delete
	ok, err := del(id, n)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(map[string]any{"id": id, "note": n, "deleted": ok})
	}
	if !ok {
		return fmt.Errorf("%s has no note %d (metz show %s lists its notes)", ref, n, ref)
	}
	fmt.Fprintf(opts.IO.Out, "%s: note %d deleted\n", ref, n)
	return nil
}
