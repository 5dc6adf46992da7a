package main

import (
	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
)

func newCmdTrictrac(f *Factory) *cobra.Command {
	c := withHelp(&cobra.Command{
		Use:   "trictrac",
		Short: "Guiton's Trictrac and Backgammon treatise (1822): every count of chances it states, checked",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}, "trictrac")
	c.AddCommand(withHelp(&cobra.Command{
		Use:   "claims [FILE]",
		Short: "Read every count of chances the treatise states and check it by counting the 36 throws",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := app.TrictracClaims(append(args, "")[0])
			if err != nil {
				return err
			}
			if f.IO.JSON {
				return f.IO.WriteJSON(rep)
			}
			return textout.Trictrac(f.IO.Out, rep)
		},
	}, "trictrac-claims"))
	return c
}
