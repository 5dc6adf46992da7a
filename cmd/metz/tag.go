package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// TagOptions are metz tag's.
type TagOptions struct {
	env
	Ref, Theme string
	Remove     bool // --remove: take the user theme off
}

func newCmdTag(f *Factory, runF func(*TagOptions) error) *cobra.Command {
	opts := &TagOptions{}
	c := withHelp(&cobra.Command{
		Use:   "tag SOURCE:NUMBER THEME",
		Short: "Give a problem a theme of your own (or take it back)",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.env, opts.Ref, opts.Theme = f.env(cmd), args[0], args[1]
			return runOr(runF, runTag, opts)
		},
	}, "tag")
	c.Flags().BoolVar(&opts.Remove, "remove", false, "take the user theme off instead")
	return c
}

func runTag(opts *TagOptions) error {
	a, id, err := openAndResolve(opts.env, opts.Ref)
	if err != nil {
		return err
	}
	change, verb, already, key := a.AddTag, "tagged", "already tagged", "added"
	if opts.Remove {
		change, verb, already, key = a.RemoveTag, "untagged", "has no user tag", "removed"
	}
	theme, done, err := change(id, opts.Theme)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(map[string]any{"id": id, "theme": theme, "origin": "user", key: done})
	}
	if !done {
		verb = already
	}
	fmt.Fprintf(opts.IO.Out, "%s: %s %s\n", opts.Ref, verb, theme)
	return nil
}
