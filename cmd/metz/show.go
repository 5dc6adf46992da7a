package main

import (
	"strings"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/draughts"
)

// ShowOptions are metz show's.
type ShowOptions struct {
	env
	Ref                  string // SOURCE:NUMBER
	Numbers, ASCII, Tree bool
	Notation             string // of --tree
}

func newCmdShow(f *Factory, runF func(*ShowOptions) error) *cobra.Command {
	opts := &ShowOptions{}
	c := withHelp(&cobra.Command{
		Use:   "show SOURCE:NUMBER",
		Short: "Print a problem: diagram, FEN, solution as printed and parsed, themes, verdicts",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := textout.CheckNotation(opts.Notation); err != nil {
				return err
			}
			opts.env, opts.Ref = f.env(cmd), args[0]
			return runOr(runF, runShow, opts)
		},
	}, "show")
	c.Flags().BoolVar(&opts.Numbers, "numbers", false, "write square numbers on the empty squares")
	c.Flags().BoolVar(&opts.ASCII, "ascii", false, "draw with letters (w W b B) instead of Unicode pieces")
	c.Flags().BoolVar(&opts.Tree, "tree", false, "print only the verified solution tree (stated lines and the solver's, marked)")
	c.Flags().StringVar(&opts.Notation, "notation", "book", "notation of --tree: "+strings.Join(textout.TreeNotations, ", "))
	return c
}

func runShow(opts *ShowOptions) error {
	a, id, err := openAndResolve(opts.env, opts.Ref)
	if err != nil {
		return err
	}
	rec, err := a.Record(id)
	out := opts.IO.Out
	switch {
	case err != nil:
		return err
	case opts.Tree && opts.IO.JSON:
		return opts.IO.WriteJSON(app.ShowTree(rec))
	case opts.Tree:
		return textout.VerifiedTree(out, opts.IO.ErrOut, rec.Problem, app.ShowTree(rec).VerifiedTree, opts.Notation)
	case opts.IO.JSON:
		return opts.IO.WriteJSON(rec)
	}
	textout.Record(out, rec, draughts.DiagramOptions{Numbers: opts.Numbers, ASCII: opts.ASCII})
	return nil
}

// openAndResolve opens the App of the existing database and finds the
// problem a user names.
func openAndResolve(e env, ref string) (*app.App, int64, error) {
	a, err := e.App(app.Config{DB: e.DB, Tables: "none"})
	if err != nil {
		return nil, 0, err
	}
	s, err := a.Resolve(ref)
	if err != nil {
		return nil, 0, err
	}
	return a, s.ID, nil
}
