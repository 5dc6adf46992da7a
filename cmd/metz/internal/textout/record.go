package textout

import (
	"fmt"
	"io"
	"strings"

	"metz/app"
	"metz/draughts"
	"metz/export"
	"metz/problems"
	"metz/verdict"
)

// Record prints a problem's record: its names and fields, diagram, the
// solution as printed and as read, witnesses, commentary, themes, cross
// references, import warnings, verdict history and notes.
func Record(w io.Writer, rec app.Record, opt draughts.DiagramOptions) {
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
	field("Rules", p.RulesName())
	field("Stipulation", p.Stipulation.String())
	field("Location", p.Location)
	fmt.Fprintln(w)
	position(w, p, opt)
	section(w, "Solution as printed", p.SolutionText)
	if p.Solution != nil && len(p.Solution.Children) > 0 {
		fmt.Fprintln(w, "\nSolution tree:")
		statedTree(w, p)
	}
	for _, wit := range p.Witnesses {
		if wit.Text == p.Commentary {
			fmt.Fprintf(w, "\nWitness %s: the commentary below.\n", wit.Name)
		} else {
			section(w, "Witness "+wit.Name, wit.Text)
		}
		for _, dis := range wit.Disagreements {
			fmt.Fprintf(w, "  disagrees: %s\n", dis)
		}
	}
	section(w, "Commentary", p.Commentary)
	themeList(w, p.Themes)
	refsAndWarnings(w, p)
	history(w, rec)
}

func position(w io.Writer, p *problems.Problem, opt draughts.DiagramOptions) {
	if p.Position == nil {
		fmt.Fprintln(w, "No position: the source gives no diagram for this record (no-position).")
		return
	}
	fmt.Fprint(w, p.Position.Diagram(opt))
	fmt.Fprintf(w, "FEN: %s\n", p.Position.FEN())
}

func section(w io.Writer, title, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	fmt.Fprintf(w, "\n%s:\n", title)
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintf(w, "  %s\n", line)
	}
}

func themeList(w io.Writer, themes []problems.Theme) {
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

func refsAndWarnings(w io.Writer, p *problems.Problem) {
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

func history(w io.Writer, rec app.Record) {
	fmt.Fprintln(w, "\nVerdicts:")
	if len(rec.Verdicts) == 0 {
		fmt.Fprintln(w, "  none yet (metz verify)")
	}
	for _, v := range rec.Verdicts {
		dual, current := "", ""
		if v.Dual {
			dual = " +dual"
		}
		if v.Current && len(rec.Verdicts) > 1 {
			current = "  (current)"
		}
		fmt.Fprintf(w, "  %s  %s%s  rules %s, solver %s, %d nodes, %.2fs%s\n", v.CreatedAt.Format("2006-01-02 15:04"),
			v.Verdict, dual, v.Rules, v.SolverVersion, v.ProofNodes, v.Seconds, current)
		if s := rec.Standing[v.ID]; s != "" {
			fmt.Fprintf(w, "%s\n", Wrap(s, 78, "    "))
		}
	}
	if cur := rec.Current(); cur != nil {
		// The tables of verify and report cut the evidence; here it is whole.
		rep, err := verdict.Decode(cur.Evidence)
		switch {
		case err != nil:
			fmt.Fprintf(w, "  evidence: %v\n", err)
		case rep != nil && app.EvidenceText(rep) != "":
			fmt.Fprintf(w, "  evidence of the %s verdict:\n%s\n", cur.Verdict, Wrap(app.EvidenceText(rep), 78, "    "))
		}
	}
	if len(rec.Notes) > 0 {
		fmt.Fprintln(w, "\nNotes:")
		for _, n := range rec.Notes {
			fmt.Fprintf(w, "  [%d] %s  %s\n", n.ID, n.CreatedAt.Format("2006-01-02 15:04"), n.Text)
		}
	}
}

// statedTree writes the stated tree in modern notation, indented, and
// then why each unresolved move could not be played, with its source line.
func statedTree(w io.Writer, p *problems.Problem) {
	t := p.Solution.StartingAt(p.Position)
	fmt.Fprintln(w, Wrap(export.Modern(t, p.Rules), 76, "  "))
	t.Walk(func(n *problems.Node, ply int) {
		if n.Issue == "" {
			return
		}
		at := ""
		if n.Line > 0 {
			at = fmt.Sprintf(" (line %d)", n.Line)
		}
		fmt.Fprintf(w, "  not resolved at ply %d, %q: %s%s\n", ply, strings.TrimSpace(n.Text), n.Issue, at)
	})
}
