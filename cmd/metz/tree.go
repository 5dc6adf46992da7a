package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"metz/db"
	"metz/draughts"
	"metz/export"
	"metz/problems"
	"metz/problems/booknotation"
	"metz/solver"
)

// Notations show --tree writes.
var treeNotations = []string{"book", "modern", "pdn"}

// verified is the solution metz stands behind for one problem: the stated
// tree merged with the evidence of the latest verdict.
type verified struct {
	Tree    *problems.Tree `json:"tree"`
	Verdict string         `json:"verdict,omitempty"` // the latest verdict, "" if none
	Detail  string         `json:"detail,omitempty"`  // its evidence in words
	Notes   []string       `json:"notes,omitempty"`   // evidence that could not be placed, or why there is none
	// Evidence is the latest report as export reads it, nil if none.
	Evidence *export.Evidence `json:"-"`
}

// verifiedTree builds it from the verdict history, oldest first. A verdict
// whose evidence is not a solver report (stored by another program or an
// older metz) leaves the stated tree alone, and a note says so.
func verifiedTree(p *problems.Problem, history []db.Verdict) verified {
	if len(history) == 0 {
		t, _ := export.Verified(p, nil, export.English)
		return verified{Tree: t, Notes: []string{fmt.Sprintf("no verdict yet: the stated lines only (metz verify %d)", p.ID)}}
	}
	latest := history[len(history)-1]
	v := verified{Verdict: latest.Verdict}
	var rep *solver.Report
	if len(latest.Evidence) > 0 {
		var r solver.Report
		if err := json.Unmarshal(latest.Evidence, &r); err != nil {
			v.Notes = append(v.Notes, "the latest verdict's evidence is not a solver report ("+err.Error()+"): the stated lines only")
		} else {
			rep = &r
			v.Detail = evidence(rep)
			v.Evidence = evidenceOf(rep)
		}
	}
	var notes []string
	v.Tree, notes = export.Verified(p, v.Evidence, export.English)
	v.Notes = append(v.Notes, notes...)
	return v
}

// evidenceOf is a solver report as export reads it: the stored evidence
// format (the report's JSON) is the contract between the two.
func evidenceOf(rep *solver.Report) *export.Evidence {
	if rep == nil {
		return nil
	}
	data, err := json.Marshal(rep)
	if err != nil {
		return nil
	}
	ev, err := export.ReadEvidence(data)
	if err != nil {
		return nil
	}
	return ev
}

func ref(p *problems.Problem) string {
	if p.Source != "" && p.Number > 0 {
		return fmt.Sprintf("%s:%d", p.Source, p.Number)
	}
	return fmt.Sprint(p.ID)
}

// shownTree is show --tree --json's output.
type shownTree struct {
	ID       int64  `json:"id"`
	Source   string `json:"source"`
	Number   int    `json:"number"`
	Label    string `json:"label,omitempty"`
	Rules    string `json:"rules"`
	FEN      string `json:"fen,omitempty"`
	verified        // the tree, its nodes' origin "printed" or "solver"
}

// printVerifiedTree writes show --tree's output in one notation; the notes
// go to errw so that the tree itself (PDN above all) can be piped.
func printVerifiedTree(w, errw io.Writer, rec shownRecord, notation string) error {
	p := rec.Problem
	v := verifiedTree(p, rec.Verdicts)
	if global.json {
		return writeJSON(w, shownTree{ID: p.ID, Source: p.Source, Number: p.Number, Label: p.Label, Rules: p.Rules, FEN: p.FEN, verified: v})
	}
	if len(v.Tree.Children) == 0 {
		return fmt.Errorf("%s has no solution tree to print (the source's text is shown by metz show %s)", ref(p), ref(p))
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
