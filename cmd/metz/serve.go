package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/web"
)

func init() { commandAdders = append(commandAdders, addServe) }

func addServe(root *cobra.Command) {
	var addr, budget, tables string
	c := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "A local web workbench: browse, transcribe, verify and print problems",
		Long: `serve runs a web application over the database, on this machine only unless
--addr names another interface (then every request needs the access token
printed with the URL). One binary, nothing fetched from the network: search
with small diagrams, a problem's page with a board that steps through any
line, verification with progress (metz verify's own: the same endgame
tables, the same default budget, and a proof never replaced by a weaker
run), an editor to set up a diagram and type a solution as the book prints
it, and printing. The JSON API under /api/
gives what the --json of search, show, verify, solve and moves give
(docs/web.md). Ctrl-C stops it.`,
		Example: `  metz serve
  metz serve --addr 127.0.0.1:9000 --db books.db
  metz serve --tables DIR          # the endgame tables of DIR (default: $METZ_TABLES, else the user cache)
  metz serve --addr 0.0.0.0:8080   # reachable from the network: token required`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if _, err := web.ParseBudget(budget); err != nil {
				return err
			}
			// The tables of --tables (metz verify's setting and default), so
			// that a page's verification answers as the command line's does.
			a, err := openApp(cmd, app.Config{DB: globalsOf(cmd).dbPath, Tables: tables})
			if err != nil {
				return err
			}
			defer a.Close()
			// The problem pages' "Similar problems" read the anticipation
			// index: bring it up to date once here, not in a page view.
			if err := a.IndexSimilar(newProgressBar(cmd, "indexing", "records").updateFinishing); err != nil {
				return err
			}
			opt := web.Options{Budget: budget}
			if !web.IsLoopback(addr) {
				opt.Token = web.NewToken()
				fmt.Fprintf(cmd.ErrOrStderr(), "metz: %s is reachable from other machines: every request needs the token %s\n", addr, opt.Token)
			}
			ctx, stop := interruptible(cmd)
			defer stop()
			return web.New(a, opt).ListenAndServe(ctx, addr, cmd.OutOrStdout())
		},
	}
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port)")
	c.Flags().StringVar(&budget, "budget", app.DefaultBudget, "default solver budget of a verification started from a page (metz verify's)")
	addTablesFlag(c, &tables)
	root.AddCommand(c)
}
