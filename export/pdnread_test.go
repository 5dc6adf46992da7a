package export

import (
	"fmt"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
)

// readPDN is the test's own reader of exported PDN (metz's importer has no
// PDN reader yet): games back to problems, using the tags WritePDN writes.
func readPDN(text string) ([]*problems.Problem, error) {
	games, _, err := pdn.ParseString(text, "export.pdn")
	if err != nil {
		return nil, err
	}
	var out []*problems.Problem
	for _, g := range games {
		p, err := gameProblem(g)
		if err != nil {
			return nil, fmt.Errorf("game at line %d: %w", g.Line, err)
		}
		out = append(out, p)
	}
	return out, nil
}

func gameProblem(g *pdn.Game) (*problems.Problem, error) {
	get := func(n string) string { v, _ := g.Tag(n); return v }
	r := draughts.International
	if name := get(TagRules); name != "" {
		var err error
		if r, err = draughts.RulesByName(name); err != nil {
			return nil, err
		}
	} else if gt, err := strconv.Atoi(get("GameType")); err == nil {
		if rr, ok := draughts.RulesByGameType(gt); ok {
			r = rr
		}
	}
	p := &problems.Problem{Source: get(TagSource), Label: get(TagLabel), Rules: r.Name, Stipulation: get(TagStipulation)}
	p.Number, _ = strconv.Atoi(get(TagNumber))
	p.Commentary = strings.Join(g.Comments, "\n")
	for _, th := range strings.Split(get(TagThemes), ",") {
		if th = strings.TrimSpace(th); th != "" {
			p.Themes = append(p.Themes, problems.Theme{Name: th})
		}
	}
	fen := get("FEN")
	if fen == "" {
		return p, nil
	}
	pos, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return nil, err
	}
	p.FEN = pos.FEN()
	alts, err := readLine(g.Root.Next, pos)
	if err != nil {
		return nil, err
	}
	if alts != nil {
		p.Solution = &problems.Tree{Start: p.FEN, Children: alts}
	}
	return p, nil
}

// readLine turns a PDN line with its variations into tree alternatives.
func readLine(n *pdn.Node, pos draughts.Position) ([]*problems.Node, error) {
	if n == nil {
		return nil, nil
	}
	main, next, err := readMove(n, pos)
	if err != nil {
		return nil, err
	}
	alts := []*problems.Node{main}
	for _, v := range n.Variations {
		va, err := readLine(v, pos)
		if err != nil {
			return nil, err
		}
		alts = append(alts, va...)
	}
	if main.Children, err = readLine(n.Next, next); err != nil {
		return nil, err
	}
	return alts, nil
}

func readMove(n *pdn.Node, pos draughts.Position) (*problems.Node, draughts.Position, error) {
	m, err := draughts.ParseMove(pos, n.Move)
	if err != nil {
		return nil, pos, fmt.Errorf("line %d: %w", n.Line, err)
	}
	out := &problems.Node{Move: pos.Rules.FormatMove(m, true), White: pos.Turn == draughts.White}
	if len(n.NAGs) > 0 {
		out.Mark = n.NAGs[0]
	}
	cs := n.Comments
	switch {
	case len(cs) >= 2:
		if cs[0] != "" {
			out.Mark = cs[0]
		}
		out.Comment = strings.Join(cs[1:], " ")
	case len(cs) == 1 && bookMarks[cs[0]]:
		out.Mark = cs[0]
	case len(cs) == 1:
		out.Comment = cs[0]
	}
	return out, pos.Play(m), nil
}
