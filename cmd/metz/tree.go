package main

import (
	"fmt"
	"io"
	"strings"

	"metz/app"
	"metz/draughts"
	"metz/export"
	"metz/problems"
	"metz/problems/booknotation"
)

// Notations show --tree writes.
var treeNotations = []string{"book", "modern", "pdn"}

// shownTree is show --tree --json's output.
type shownTree struct {
	ID               int64  `json:"id"`
	Source           string `json:"source"`
	Number           int    `json:"number"`
	Label            string `json:"label,omitempty"`
	Rules            string `json:"rules"`
	FEN              string `json:"fen,omitempty"`
	app.VerifiedTree        // the tree, its nodes' origin "printed" or "solver"
}

// printVerifiedTree writes show --tree's output in one notation; the notes
// go to errw so that the tree itself (PDN above all) can be piped.
func printVerifiedTree(w, errw io.Writer, asJSON bool, rec app.Record, notation string) error {
	p := rec.Problem
	v := app.BuildVerifiedTree(p, rec.Verdicts)
	if asJSON {
		return writeJSON(w, shownTree{ID: p.ID, Source: p.Source, Number: p.Number, Label: p.Label, Rules: p.Rules, FEN: p.FEN, VerifiedTree: v})
	}
	if len(v.Tree.Children) == 0 {
		name := app.ProblemName(p)
		return fmt.Errorf("%s has no solution tree to print (the source's text is shown by metz show %s)", name, name)
	}
	r, err := draughts.RulesByName(p.Rules)
	if err != nil {
		return err
	}
	switch notation {
	case "book":
		t, _ := export.Verified(p, v.Evidence, export.French) // the book's voice
		fmt.Fprint(w, booknotation.WriteWith(t, r, booknotation.Marked))
	case "modern":
		fmt.Fprintln(w, wrap(export.Modern(v.Tree, r), 78, ""))
		if v.Tree.HasOrigin(problems.Solver) {
			fmt.Fprintln(w, export.ModernLegend)
		}
	case "pdn":
		it := export.Item{Problem: p, Evidence: v.Evidence, Verdict: v.Verdict}
		if err := export.WritePDN(w, []export.Item{it}); err != nil {
			return err
		}
	default:
		return fmt.Errorf("--notation %q: expected one of %s", notation, strings.Join(treeNotations, ", "))
	}
	for _, n := range v.Notes {
		fmt.Fprintln(errw, "metz: "+n)
	}
	return nil
}

func isTreeNotation(s string) bool {
	for _, n := range treeNotations {
		if n == s {
			return true
		}
	}
	return false
}

// printStatedTree writes the stated tree in modern notation, indented, and
// then why each unresolved move could not be played, with its source line.
func printStatedTree(w io.Writer, p *problems.Problem) {
	r, err := draughts.RulesByName(p.Rules)
	if err != nil {
		r = nil // Modern then writes the stored moves
	}
	t := *p.Solution
	if t.Start == "" {
		t.Start = p.FEN
	}
	fmt.Fprintln(w, wrap(export.Modern(&t, r), 76, "  "))
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
