package main

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"metz/endgame"
	"metz/problems"
	"metz/retro"
	"metz/solver"
	"metz/tables"
)

func init() { commandAdders = append(commandAdders, addSolve) }

func addSolve(root *cobra.Command) {
	var rules, goal, budget, tables string
	var within int
	c := &cobra.Command{
		Use:   "solve FEN",
		Short: "Prove a win, a draw or a weaker goal from a position",
		Long: `solve decides whether the side to move forces the goal: first an exhaustive
search of forcing moves (moves that leave the opponent only captures), then a
depth-first proof-number search (df-pn) with a bounded transposition table.

It prints the result (win, loss, draw or unknown when the budget runs out;
never a guess), every winning first move (each tested on its own; capture
paths reaching the same position are one move), the exact length of the
shortest forced win in plies when it could be established, and the proof
tree: one attacker move (a fastest one) against every defence.

Goals: win (the opponent cannot move or has no piece; under qui-perd-gagne
the side that cannot move wins), draw (the opponent has no forced win),
gain:N (N pieces up at a quiet position), promote (crown a man). For gain
and promote, "draw" means the goal cannot be forced. A repetition of a
position never counts as a win. A FEN whose side not to move has no piece
is a finished game: won already (lost under qui-perd-gagne), in 0 plies.

Budget: a comma-separated list of a time (10s), a node count (5M-nodes, 200k)
and a memory size for the tables (64MB, 1GB; default 64MB).

Endgame tables decide positions of few pieces instead of a search. Under the
international rules: those of the table directory (--tables DIR, else
$METZ_TABLES, else metz/endgame in the user cache); the 2-3-piece tables and
those of a starting position of 4 pieces are built there when missing
(seconds at most, once a machine), the 5-piece ones by metz endgame build.
A lost position the tables hold reports its distance (plies to the end
against the longest defence). Under every
other rule system, metz builds the tables in memory when the search meets
them: all those of the starting position when it has five pieces or fewer
(three kings against two under the Russian rules: 5.8 M positions, about 1.3 s,
11 MB), and four-piece ones of up to 2 M positions in all deeper in the
search. An ending of four pieces or fewer is first settled whole by listing
every position it reaches (about 250 bytes each; at least 400,000 whatever
the memory budget), which is cheaper when it fits; --tables none leaves that
alone, with no table at all. The tables built are saved in the table
directory (--tables DIR, else the default one), in a subdirectory per rule
system, and read back by later runs at any depth of a search: metz endgame
build --rules R --pieces 5 builds every five-piece one at once (Russian: 2
minutes on 2 cores, 0.75 GB on disk). The output says how many positions the
tables decided.`,
		Example: `  metz solve "W:W24,29,33,40,49:B10,K14,K34"
  metz solve "W:W32:B28" --rules qui-perd-gagne
  metz solve "W:W16,31,42:B6,18" --goal gain:1 --budget 5s,1M-nodes --json
  metz solve "B:WK2,25:B3,5,6,11" --tables ~/.cache/metz/endgame
  metz solve "W:WKa1,Kc1,Kh2:BKd8,Kb8" --rules russian`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := parsePosition(rules, args[0])
			if err != nil {
				return err
			}
			if err := notEmpty(p, args[0]); err != nil {
				return err
			}
			warnImpossible(cmd.ErrOrStderr(), p)
			stip, err := solver.BoundStipulation(goal, within)
			if err != nil {
				return err
			}
			g, err := solver.ParseGoal(stip)
			if err != nil {
				return err
			}
			b, err := solver.ParseBudget(budget)
			if err != nil {
				return err
			}
			tb, err := openTables(tables)
			if err != nil {
				return err
			}
			stop := clockBar(newProgressBar(cmd.ErrOrStderr(), "solve"), cmp.Or(b.Time, solver.DefaultTime))
			sol := solver.SolveWith(p, g, solver.Options{Budget: b, Tables: tb, NoTables: noTables(tables)})
			stop()
			if globalsOf(cmd).json {
				return writeJSON(cmd.OutOrStdout(), sol)
			}
			printSolution(cmd.OutOrStdout(), sol)
			return nil
		},
	}
	addRulesFlag(c, &rules)
	c.Flags().StringVar(&goal, "goal", "win", "win, draw, promote or gain:N; /P bounds it (gain:2/15)")
	c.Flags().IntVar(&within, "within", 0, "the goal must be met within this many plies: an exact, bounded question (docs/stipulations.md)")
	c.Flags().StringVar(&budget, "budget", "10s", "limits: time, nodes, memory (e.g. 10s,5M-nodes,64MB)")
	c.Flags().StringVar(&tables, "tables", "auto", tablesHelp)
	root.AddCommand(c)
}

// tablesHelp documents --tables for solve and verify.
const tablesHelp = "endgame table directory; auto: $" + tables.Env + ", else metz/endgame in the user cache (the 2-4-piece tables a position needs are built there on first use); none: no tables at all"

// noTables reports whether --tables asks for a search without any table.
func noTables(arg string) bool { return arg == "" || arg == "none" }

// openTables opens an endgame table directory: "auto" the default one,
// "" or "none" no tables at all. The directory is created when needed and
// given the 2-3-piece tables (read, else built in a fraction of a second
// and saved); the solver adds the 4-piece tables a position needs, saved
// there too, so a second run reads them. Where the default directory
// cannot be written, the tables are built in memory instead. The other
// rule systems' tables are pointed at the same directory
// (useSavedTables): --tables means one thing for every rule system.
func openTables(dir string) (*tables.Tables, error) {
	useSavedTables(dir)
	auto := dir == "auto"
	switch dir {
	case "", "none":
		return nil, nil
	case "auto":
		dir = defaultEndgameDir()
	}
	tb, err := endgame.OpenCache(dir)
	if err == nil {
		err = tb.Check()
	}
	switch {
	case err != nil && auto:
		return nil, nil // the solver's in-memory tables
	case err != nil:
		return nil, fmt.Errorf("--tables: %w", err)
	}
	return tables.International(tb), nil
}

// useSavedTables points the in-memory tables of the other rule systems at
// the same directory as the international ones (in a subdirectory per rule
// system): they read the tables saved there and save what they build.
func useSavedTables(arg string) {
	switch arg {
	case "", "none":
		retro.SetSharedDir("")
	case "auto":
		retro.SetSharedDir(defaultEndgameDir())
	default:
		retro.SetSharedDir(arg)
	}
}

func printSolution(w io.Writer, s *solver.Solution) {
	fmt.Fprintf(w, "result:  %s (goal %s, %s rules)\n", s.Result, s.Goal, s.Rules)
	if s.Note != "" {
		fmt.Fprintf(w, "note:    %s\n", s.Note)
	}
	if len(s.Keys) > 0 {
		fmt.Fprintf(w, "keys:    %s\n", strings.Join(s.Keys, ", "))
	}
	if len(s.Undecided) > 0 {
		fmt.Fprintf(w, "open:    %s (budget ran out)\n", strings.Join(s.Undecided, ", "))
	}
	switch {
	case s.Plies > 0 && s.Result == solver.ResultLoss:
		fmt.Fprintf(w, "plies:   %d (to the end, against the longest defence)\n", s.Plies)
	case s.Plies > 0:
		fmt.Fprintf(w, "plies:   %d (shortest forced win)\n", s.Plies)
	}
	if s.Tree != nil {
		fmt.Fprintf(w, "line:    %s\n", mainLineText(s.Tree))
		fmt.Fprintf(w, "proof:   %d moves in the tree\n", s.Tree.Size())
	}
	if s.Result == solver.ResultUnknown || len(s.Undecided) > 0 {
		if hint := savedTablesHint(s.Rules); hint != "" {
			fmt.Fprintf(w, "hint:    %s\n", hint)
		}
	}
	if s.TableHits > 0 {
		fmt.Fprintf(w, "tables:  %d positions decided by the endgame tables\n", s.TableHits)
	}
	fmt.Fprintf(w, "nodes:   %d in %.2fs\n", s.Nodes, s.Seconds)
}

// mainLineText is a tree's first line in full-path notation.
func mainLineText(t *problems.Tree) string {
	var moves []string
	for _, n := range t.MainLine() {
		moves = append(moves, n.Move)
	}
	return strings.Join(moves, " ")
}
