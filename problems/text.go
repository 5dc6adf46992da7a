package problems

import (
	"encoding/json"
	"fmt"

	"metz/draughts"
)

// SetText reads a record's rules, diagram and stipulation from their text
// (the forms JSON and the database hold: a rule system's key, a FEN or ""
// for none, a stipulation) into p, the diagram under those rules. It is
// how text comes in, once; an error says which of the three is wrong.
func (p *Problem) SetText(rules, fen, stipulation string) error {
	r, err := draughts.RulesByName(rules)
	if err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	pos, err := ParsePosition(r, fen)
	if err != nil {
		return err
	}
	s, err := ParseStipulation(stipulation)
	if err != nil {
		return err
	}
	p.Rules, p.Position, p.Stipulation = r, pos, s
	return nil
}

// ParsePosition reads a record's diagram under r: nil for "" (no diagram).
func ParsePosition(r *draughts.Rules, fen string) (*draughts.Position, error) {
	if fen == "" {
		return nil, nil
	}
	pos, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return nil, err
	}
	return &pos, nil
}

// MustPosition is ParsePosition for a diagram written in a program (tests,
// fixed examples); it panics on a FEN that does not read.
func MustPosition(r *draughts.Rules, fen string) *draughts.Position {
	pos, err := ParsePosition(r, fen)
	if err != nil {
		panic(err)
	}
	return pos
}

// UnmarshalJSON reads a record as MarshalJSON's default form writes it:
// rules, fen and stipulation are text, read here once (SetText); a record
// naming no rules is international, as metz has always read one.
func (p *Problem) UnmarshalJSON(b []byte) error {
	type plain Problem    // the fields without this method
	type Problem struct { // so named, for the decoder's errors
		*plain
		Rules       string `json:"rules"`
		FEN         string `json:"fen"`
		Stipulation string `json:"stipulation"`
	}
	w := Problem{plain: (*plain)(p)}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	if w.Rules == "" {
		w.Rules = draughts.International.Name
	}
	if err := p.SetText(w.Rules, w.FEN, w.Stipulation); err != nil {
		return err
	}
	return p.BindTrees()
}

// BindTrees reads the start positions of the solution's and the
// witnesses' trees, decoded as text, under the record's rules (see
// Tree.Bind): what reads a record's trees from JSON calls it once.
func (p *Problem) BindTrees() error {
	if err := p.Solution.Bind(p.Rules); err != nil {
		return err
	}
	for i := range p.Witnesses {
		if err := p.Witnesses[i].Tree.Bind(p.Rules); err != nil {
			return fmt.Errorf("witness %s: %w", p.Witnesses[i].Name, err)
		}
	}
	return nil
}
