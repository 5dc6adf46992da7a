package app

import (
	"fmt"

	"metz/db"
	"metz/export"
	"metz/problems"
	"metz/verdict"
)

// VerifiedTree is the solution metz stands behind for one problem: the
// stated tree merged with the evidence of the current verdict.
type VerifiedTree struct {
	Tree    *problems.Tree  `json:"tree"`
	Verdict verdict.Verdict `json:"verdict,omitempty"` // the current verdict, "" if none
	Detail  string          `json:"detail,omitempty"`  // its evidence in words
	Notes   []string        `json:"notes,omitempty"`   // evidence that could not be placed, or why there is none
	// Evidence is the current verdict's report, nil if none.
	Evidence *verdict.Report `json:"-"`
}

// BuildVerifiedTree builds it from a problem's current verdict (nil:
// never verified; Record.Current). A verdict whose evidence cannot be
// read leaves the stated tree alone, and a note says so.
func BuildVerifiedTree(p *problems.Problem, cur *db.Verdict) VerifiedTree {
	if cur == nil {
		t, _ := export.Verified(p, nil, export.English)
		return VerifiedTree{Tree: t, Notes: []string{fmt.Sprintf("no verdict yet: the stated lines only (metz verify %s)", ProblemName(p))}}
	}
	v := VerifiedTree{Verdict: cur.Verdict}
	rep, err := verdict.Decode(cur.Evidence)
	if err != nil {
		v.Notes = append(v.Notes, "the current verdict's evidence cannot be read ("+err.Error()+"): the stated lines only")
	}
	if rep != nil {
		v.Detail = EvidenceText(rep)
		v.Evidence = rep
	}
	var notes []string
	v.Tree, notes = export.Verified(p, v.Evidence, export.English)
	v.Notes = append(v.Notes, notes...)
	return v
}

// ShownTree is a problem's verified tree with what names the problem (show
// --tree --json's document).
type ShownTree struct {
	ID           int64  `json:"id"`
	Source       string `json:"source"`
	Number       int    `json:"number"`
	Label        string `json:"label,omitempty"`
	Rules        string `json:"rules"`
	FEN          string `json:"fen,omitempty"`
	VerifiedTree        // the tree, its nodes' origin "printed" or "solver"
}

// ShowTree is rec's verified tree, named.
func ShowTree(rec Record) ShownTree {
	p := rec.Problem
	return ShownTree{ID: p.ID, Source: p.Source, Number: p.Number, Label: p.Label, Rules: p.RulesName(), FEN: p.FEN(),
		VerifiedTree: BuildVerifiedTree(p, rec.Current())}
}
