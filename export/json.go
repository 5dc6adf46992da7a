package export

import (
	"encoding/json"
	"io"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// jsonItem is one problem in the JSON export: the record as the database
// holds it (stated solution included), its position spelled out, and the
// solver's verdict and tree.
type jsonItem struct {
	*problems.Problem
	Position      *jsonPosition   `json:"position,omitempty"`
	Verdict       verdict.Verdict `json:"verdict,omitempty"`
	VerdictDetail string          `json:"verdict_detail,omitempty"`
	Verified      *problems.Tree  `json:"verified,omitempty"`
	Notes         []string        `json:"notes,omitempty"`
}

// jsonPosition lists the pieces by square name, for readers without a FEN parser.
type jsonPosition struct {
	ToMove     string   `json:"to_move"`
	WhiteMen   []string `json:"white_men"`
	WhiteKings []string `json:"white_kings"`
	BlackMen   []string `json:"black_men"`
	BlackKings []string `json:"black_kings"`
}

// WriteJSON writes the items as one indented JSON array.
func WriteJSON(w io.Writer, items []Item) error { return writeJSON(w, items, nil) }

// writeJSON is WriteJSON, the array ending with the truth of the books
// when there is one (an element the JSON reader skips).
func writeJSON(w io.Writer, items []Item, truths []Truth) error {
	out := make([]any, 0, len(items)+1)
	for _, it := range items {
		p := it.Problem
		if it.Copy != nil {
			p = it.Copy
		}
		if it.Plain {
			c := *p
			c.Solution = plainTree(c.Solution)
			p = &c
		}
		ji := jsonItem{Problem: p, Verdict: it.Verdict, VerdictDetail: it.VerdictDetail,
			Verified: it.verifiedTree(), Notes: it.Notes}
		pos, ok, err := it.Position()
		if err != nil {
			return err
		}
		if ok {
			ji.Position = positionJSON(pos)
		}
		out = append(out, ji)
	}
	if len(truths) > 0 {
		out = append(out, truthJSON(truths))
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func positionJSON(p draughts.Position) *jsonPosition {
	j := &jsonPosition{ToMove: "white", WhiteMen: []string{}, WhiteKings: []string{}, BlackMen: []string{}, BlackKings: []string{}}
	if p.Turn == draughts.Black {
		j.ToMove = "black"
	}
	for s, pc := range p.Board {
		name := p.Rules.SquareName(s)
		switch pc {
		case draughts.WhiteMan:
			j.WhiteMen = append(j.WhiteMen, name)
		case draughts.WhiteKing:
			j.WhiteKings = append(j.WhiteKings, name)
		case draughts.BlackMan:
			j.BlackMen = append(j.BlackMen, name)
		case draughts.BlackKing:
			j.BlackKings = append(j.BlackKings, name)
		}
	}
	return j
}
