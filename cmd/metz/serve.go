package main

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/verdict"
	"metz/web"
)

// ServeOptions are metz serve's.
type ServeOptions struct {
	env
	addr, budget, tables, maxMemory string
	hosts                           []string
	jobs                            int
	// capMB is --max-memory in megabytes (validate).
	capMB int
}

func newCmdServe(f *Factory, runF func(*ServeOptions) error) *cobra.Command {
	opts := &ServeOptions{}
	c := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "A local web workbench: browse, transcribe, verify and print problems",
		Long: `serve runs a web application over the database, on this machine only unless
--addr names another interface (then every request needs the access token
printed with the URL: opened once, it is kept in a cookie and taken out of
the address). It answers only to its own address's names (localhost,
127.0.0.1, [::1] on its port; on another interface, IP addresses and this
machine's name): a page of another site that renames itself to this
machine's address is refused, and --host NAME adds a name (a DNS name or a
proxy in front). A budget asked by a page is at most 10 minutes and
--max-memory of memory. One binary, nothing fetched from the network: search
with small diagrams, a problem's page with a board that steps through any
line, verification with progress (metz verify's own: the same endgame
tables, the same default budget, and a proof never replaced by a weaker
run; the verifications go through the job queue in the database, at most
--jobs at once in this process, the others waiting their turn), an editor to set up a diagram and type a solution as the book prints
it, and printing. The JSON API under /api/
gives what the --json of search, show, verify, solve and moves give
(docs/web.md). Ctrl-C stops it.`,
		Example: `  metz serve
  metz serve --addr 127.0.0.1:9000 --db books.db
  metz serve --tables DIR          # the endgame tables of DIR (default: $METZ_TABLES, else the user cache)
  metz serve --addr 0.0.0.0:8080   # reachable from the network: token required
  metz serve --addr 0.0.0.0:8080 --host metz.example.org`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.env = f.env(cmd)
			if err := opts.validate(); err != nil {
				return err
			}
			return runOr(runF, runServe, opts)
		},
	}
	c.Flags().StringVar(&opts.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port)")
	c.Flags().StringVar(&opts.budget, "budget", app.DefaultBudget, "default solver budget of a verification started from a page (metz verify's)")
	c.Flags().IntVar(&opts.jobs, "jobs", runtime.NumCPU(), "problems this server verifies at once (0: none here, metz worker processes work the queue)")
	c.Flags().StringArrayVar(&opts.hosts, "host", nil, "a name the server answers to besides its address (repeat for more): a DNS name, or the name a proxy in front gives")
	c.Flags().StringVar(&opts.maxMemory, "max-memory", verdict.MemoryText(app.DefaultMemoryCapMB()),
		"most memory a budget asked of the server may hold (default: half this machine's memory, shared by its cores)")
	addTablesFlag(c, &opts.tables)
	return c
}

// validate reads --max-memory and checks --budget and --jobs.
func (opts *ServeOptions) validate() error {
	capMB, err := parseMemory("--max-memory", opts.maxMemory)
	if err != nil {
		return err
	}
	if _, err := web.ParseBudget(opts.budget, capMB); err != nil {
		return err
	}
	if opts.jobs < 0 {
		return fmt.Errorf("--jobs %d: expected 0 (metz worker processes verify) or more", opts.jobs)
	}
	opts.capMB = capMB
	return nil
}

func runServe(opts *ServeOptions) error {
	// The tables of --tables (metz verify's setting and default), so
	// that a page's verification answers as the command line's does.
	a, err := opts.App(app.Config{DB: opts.DB, Tables: opts.tables})
	if err != nil {
		return err
	}
	// The problem pages' "Similar problems" read the anticipation
	// index: bring it up to date once here, not in a page view.
	if err := a.IndexSimilar(newProgressBar(opts.IO, "indexing", "records").updateFinishing); err != nil {
		return err
	}
	jobs := opts.jobs
	if jobs == 0 {
		jobs = -1 // web.Options: no worker of its own
	}
	opt := web.Options{Budget: opts.budget, MaxMemoryMB: opts.capMB, Hosts: opts.hosts, Jobs: jobs}
	if !web.IsLoopback(opts.addr) {
		opt.Token = web.NewToken() // printed with the URL once listening
	}
	ctx, stop := opts.IO.Interruptible(opts.ctx)
	defer stop()
	return web.New(a, opt).ListenAndServe(ctx, opts.addr, opts.IO.Out)
}
