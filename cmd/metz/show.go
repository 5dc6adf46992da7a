package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/db"
	"metz/draughts"
	"metz/problems"
)

func init() { commandAdders = append(commandAdders, addShow) }

func addShow(root *cobra.Command) {
	var numbers, ascii, tree bool
	var notation string
	c := &cobra.Command{
		Use:   "show SOURCE:NUMBER",
		Short: "Print a problem: diagram, FEN, solution as printed and parsed, themes, verdicts",
		Long: `show prints one problem of the database: its source and number, a diagram
(White at the bottom; --numbers writes the square numbers on the empty
squares), the position as a FEN, the solution exactly as the source prints
it, the parsed solution tree in modern notation (variations in
parentheses, unresolved moves between brackets with "?", then the reason
for each),
the themes with their origin (book, user, detected) and ply, cross
references, import warnings, the verdict history and the user's notes.

The problem is named SOURCE:NUMBER, e.g. metz:125 or vantenac:76 (see
metz list); when a source has several records with one number, add the
label: SOURCE:NUMBER:LABEL. A database id (show prints it) is read too.
--json prints the whole record.

--tree prints only the verified solution tree: the source's lines as
printed, merged with what the latest verdict of metz verify added — the
defences the source omits with the solver's answers, cooks (other first
moves that win), duals and the refutation line — each added move marked
"*" with a legend, and a comment saying what it is; a line's end the
solver proved gets the book's "gagne" where the source did not print it,
with a note saying so. --notation chooses
the book's style (BLANCS / NOIRS columns, "si" branches; the default),
modern notation (numbered moves, variations in parentheses) or a PDN game
(solver lines as commented variations). With --json the tree is printed
as JSON, every node with its origin, "printed" or "solver". Evidence that
does not fit the stored record is named on standard error.`,
		Example: `  metz show vantenac:71
  metz show metz:125 --numbers
  metz show vantenac:71 --json
  metz show vantenac:71 --tree
  metz show vantenac:71 --tree --notation modern
  metz show vantenac:71 --tree --notation pdn > problem-I.pdn
  metz show vantenac:71 --tree --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !isTreeNotation(notation) {
				return fmt.Errorf("--notation %q: expected one of %s", notation, strings.Join(treeNotations, ", "))
			}
			g := globalsOf(cmd)
			d, id, err := openAndResolve(g, args[0])
			if err != nil {
				return err
			}
			defer d.Close()
			rec, err := app.LoadRecord(d, id)
			if err != nil {
				return err
			}
			if tree {
				return printVerifiedTree(cmd.OutOrStdout(), cmd.ErrOrStderr(), g.json, rec, notation)
			}
			if g.json {
				return writeJSON(cmd.OutOrStdout(), rec)
			}
			printRecord(cmd.OutOrStdout(), rec, draughts.DiagramOptions{Numbers: numbers, ASCII: ascii})
			return nil
		},
	}
	c.Flags().BoolVar(&numbers, "numbers", false, "write square numbers on the empty squares")
	c.Flags().BoolVar(&ascii, "ascii", false, "draw with letters (w W b B) instead of Unicode pieces")
	c.Flags().BoolVar(&tree, "tree", false, "print only the verified solution tree (stated lines and the solver's, marked)")
	c.Flags().StringVar(&notation, "notation", "book", "notation of --tree: "+strings.Join(treeNotations, ", "))
	root.AddCommand(c)
}

// openAndResolve opens the existing database and finds the problem a user names.
func openAndResolve(g globalFlags, ref string) (*db.DB, int64, error) {
	d, err := db.OpenExisting(g.dbPath)
	if err != nil {
		return nil, 0, err
	}
	s, err := app.Resolve(d, ref)
	if err != nil {
		d.Close()
		return nil, 0, err
	}
	return d, s.ID, nil
}

func printRecord(w io.Writer, rec app.Record, opt draughts.DiagramOptions) {
	p := rec.Problem
	fmt.Fprintf(w, "%s:%d  %s  (id %d)\n", p.Source, p.Number, p.Label, p.ID)
	field := func(name, v string) {
		if v != "" {
			fmt.Fprintf(w, "%-12s %s\n", name+":", v)
		}
	}
	field("Title", p.Title)
	field("Author", p.Author)
	field("Date", p.Date)
	field("Class", p.Class)
	field("Rules", p.Rules)
	field("Stipulation", p.Stipulation)
	field("Location", p.Location)
	fmt.Fprintln(w)
	printPosition(w, p, opt)
	printSection(w, "Solution as printed", p.SolutionText)
	if p.Solution != nil && len(p.Solution.Children) > 0 {
		fmt.Fprintln(w, "\nSolution tree:")
		printStatedTree(w, p)
	}
	for _, wit := range p.Witnesses {
		if wit.Text == p.Commentary {
			fmt.Fprintf(w, "\nWitness %s: the commentary below.\n", wit.Name)
		} else {
			printSection(w, "Witness "+wit.Name, wit.Text)
		}
		for _, dis := range wit.Disagreements {
			fmt.Fprintf(w, "  disagrees: %s\n", dis)
		}
	}
	printSection(w, "Commentary", p.Commentary)
	printThemes(w, p.Themes)
	printRefsAndWarnings(w, p)
	printHistory(w, rec)
}

func printPosition(w io.Writer, p *problems.Problem, opt draughts.DiagramOptions) {
	if p.FEN == "" {
		fmt.Fprintln(w, "No position: the source gives no diagram for this record (no-position).")
		return
	}
	r, err := draughts.RulesByName(p.Rules)
	if err == nil {
		var pos draughts.Position
		if pos, err = draughts.ParseFEN(r, p.FEN); err == nil {
			fmt.Fprint(w, pos.Diagram(opt))
		}
	}
	if err != nil {
		fmt.Fprintf(w, "The position cannot be drawn: %v\n", err)
	}
	fmt.Fprintf(w, "FEN: %s\n", p.FEN)
}

func printSection(w io.Writer, title, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	fmt.Fprintf(w, "\n%s:\n", title)
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintf(w, "  %s\n", line)
	}
}

func printThemes(w io.Writer, themes []problems.Theme) {
	if len(themes) == 0 {
		return
	}
	fmt.Fprintln(w, "\nThemes:")
	for _, t := range themes {
		fmt.Fprintf(w, "  %-22s %s", t.Name, t.Origin)
		if t.Ply > 0 {
			fmt.Fprintf(w, ", ply %d", t.Ply)
		}
		if len(t.Squares) > 0 {
			fmt.Fprintf(w, ", squares %v", t.Squares)
		}
		if t.Label != "" {
			fmt.Fprintf(w, "  «%s»", t.Label)
		}
		if t.Note != "" {
			fmt.Fprintf(w, "  %s", t.Note)
		}
		fmt.Fprintln(w)
	}
}

func printRefsAndWarnings(w io.Writer, p *problems.Problem) {
	if len(p.Refs) > 0 {
		fmt.Fprintln(w, "\nSee also:")
		for _, r := range p.Refs {
			fmt.Fprintf(w, "  %s:%d  %s  %s\n", r.Source, r.Number, r.Kind, r.Note)
		}
	}
	if len(p.Warnings) > 0 {
		fmt.Fprintln(w, "\nImport warnings:")
		for _, x := range p.Warnings {
			fmt.Fprintf(w, "  %s:%d: %q", x.File, x.Line, x.Text)
			if x.Expected != "" {
				fmt.Fprintf(w, " (expected %s)", x.Expected)
			}
			if x.Ply > 0 {
				fmt.Fprintf(w, " at ply %d", x.Ply)
			}
			fmt.Fprintln(w)
		}
	}
}

func printHistory(w io.Writer, rec app.Record) {
	fmt.Fprintln(w, "\nVerdicts:")
	if len(rec.Verdicts) == 0 {
		fmt.Fprintln(w, "  none yet (metz verify)")
	}
	for _, v := range rec.Verdicts {
		dual := ""
		if v.Dual {
			dual = " +dual"
		}
		fmt.Fprintf(w, "  %s  %s%s  rules %s, solver %s, %d nodes, %.2fs\n", v.CreatedAt.Format("2006-01-02 15:04"),
			v.Verdict, dual, v.Rules, v.SolverVersion, v.ProofNodes, v.Seconds)
	}
	if n := len(rec.Verdicts); n > 0 {
		// The tables of verify and report cut the evidence; here it is whole.
		rep, err := app.DecodeEvidence(rec.Verdicts[n-1].Evidence)
		switch {
		case err != nil:
			fmt.Fprintf(w, "  evidence: %v\n", err)
		case rep != nil && app.EvidenceText(rep) != "":
			fmt.Fprintf(w, "  evidence:\n%s\n", wrap(app.EvidenceText(rep), 78, "    "))
		}
	}
	if len(rec.Notes) > 0 {
		fmt.Fprintln(w, "\nNotes:")
		for _, n := range rec.Notes {
			fmt.Fprintf(w, "  [%d] %s  %s\n", n.ID, n.CreatedAt.Format("2006-01-02 15:04"), n.Text)
		}
	}
}
