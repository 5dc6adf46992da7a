package export

import (
	"io"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
)

// Tags metz writes besides the standard ones, so that an exported file
// reads back into the same records; other programs ignore them.
const (
	TagSource      = "MetzSource"
	TagNumber      = "MetzNumber"
	TagLabel       = "MetzLabel"
	TagRules       = "MetzRules" // GameType 20 is shared by three rule systems
	TagStipulation = "Stipulation"
	TagThemes      = "Themes"
	TagVerdict     = "MetzVerdict"
)

// moveStrengths are the marks PDN writes as move strengths; every other
// mark ("gagne", "ou non") travels as the move's first comment.
var moveStrengths = map[string]bool{"!": true, "?": true, "!!": true, "??": true, "!?": true, "?!": true}

// bookMarks are the marks a reader recognises when a move has a single
// comment; a comment that only looks like one is written after an empty
// mark comment. So a reader takes, of a move's comments: with two or more,
// the first as the mark (none if empty) and the rest as the comment; with
// one, a mark if it is in bookMarks, else a comment. A move strength (!, ?)
// is the mark when no comment gives one.
var bookMarks = map[string]bool{"gagne": true, "ou non": true, "remise": true, "=": true, "+": true, "perd": true}

// WritePDN writes problems as PDN games: FEN and GameType tags as
// lidraughts reads them, the solution (verified when known) with its
// branches as variations, marks and comments as comments.
func WritePDN(w io.Writer, items []Item) error {
	games := make([]*pdn.Game, 0, len(items))
	for _, it := range items {
		g, err := PDNGame(it)
		if err != nil {
			return err
		}
		games = append(games, g)
	}
	return pdn.Write(w, games)
}

// PDNGame converts one problem. Moves the solver could not resolve end
// their line; the printed text is kept as a comment.
func PDNGame(it Item) (*pdn.Game, error) {
	p := it.Problem
	r, err := it.Rules()
	if err != nil {
		return nil, err
	}
	g := &pdn.Game{Root: &pdn.Node{}, Result: "*"}
	tag := func(name, value string) {
		if value != "" {
			g.Tags = append(g.Tags, pdn.Tag{Name: name, Value: value})
		}
	}
	tag("Event", Heading(p))
	tag("GameType", strconv.Itoa(r.GameType))
	tag(TagRules, r.Name)
	tag(TagSource, p.Source)
	if p.Number > 0 {
		tag(TagNumber, strconv.Itoa(p.Number))
	}
	tag(TagLabel, p.Label)
	tag(TagStipulation, p.Stipulation)
	tag(TagThemes, strings.Join(themeNames(p), ", "))
	tag(TagVerdict, it.Verdict)
	pos, ok, err := it.Position()
	if err != nil {
		return nil, err
	}
	if p.Commentary != "" {
		g.Comments = append(g.Comments, p.Commentary)
	}
	if !ok {
		return g, nil
	}
	tag("SetUp", "1")
	tag("FEN", pos.FEN())
	tag("Result", "*")
	c := pdnConv{r: r}
	g.Root.Next = c.line(children(it.Tree()), pos, 1, true, &g.Comments)
	return g, nil
}

type pdnConv struct{ r *draughts.Rules }

// line converts the alternatives for one ply: the first becomes the main
// move, the others its variations. numbered forces a move number on a Black
// move (the first of a line, or after a comment or variation). orphan
// receives the printed text of a move that could not be resolved.
func (c pdnConv) line(alts []*problems.Node, pos draughts.Position, ply int, numbered bool, orphan *[]string) *pdn.Node {
	if len(alts) == 0 {
		return nil
	}
	main, next, ok := c.node(alts[0], pos, ply, numbered)
	if !ok {
		*orphan = append(*orphan, "non résolu : "+strings.TrimSpace(alts[0].Text))
		return nil
	}
	for _, alt := range alts[1:] {
		if v := c.line([]*problems.Node{alt}, pos, ply, true, &main.Comments); v != nil {
			main.Variations = append(main.Variations, v)
		}
	}
	after := len(main.Comments) > 0 || len(main.Variations) > 0
	main.Next = c.line(alts[0].Children, next, ply+1, after, &main.Comments)
	return main
}

// node converts one move played from pos.
func (c pdnConv) node(n *problems.Node, pos draughts.Position, ply int, numbered bool) (*pdn.Node, draughts.Position, bool) {
	if n.Move == "" {
		return nil, pos, false
	}
	m, err := draughts.ParseMove(pos, n.Move)
	if err != nil {
		return nil, pos, false
	}
	text := c.moveText(pos, m)
	out := &pdn.Node{Move: text, Squares: strings.FieldsFunc(text, isMoveSep), Capture: m.IsCapture()}
	if pos.Turn == draughts.White || numbered {
		out.MoveNumber = moveNumber(pos, ply)
		out.BlackToMove = pos.Turn == draughts.Black
	}
	switch {
	case moveStrengths[n.Mark]:
		out.NAGs = []string{n.Mark}
	case n.Mark != "":
		out.Comments = append(out.Comments, n.Mark)
		if !bookMarks[n.Mark] && n.Comment == "" {
			out.Comments = append(out.Comments, "") // a second comment marks the first as the mark
		}
	}
	if len(out.Comments) == 0 && bookMarks[n.Comment] {
		out.Comments = append(out.Comments, "") // an empty mark: the comment that follows is not one
	}
	if n.Comment != "" {
		out.Comments = append(out.Comments, n.Comment)
	}
	return out, pos.Play(m), true
}

// moveNumber counts full moves from the problem's start, White's move and
// Black's reply sharing a number, as in a game.
func moveNumber(pos draughts.Position, ply int) int {
	first := pos.Turn
	if ply%2 == 0 {
		first = first.Opponent()
	}
	if first == draughts.Black { // "1..." then White's 2.
		return ply/2 + 1
	}
	return (ply + 1) / 2
}

// moveText is the short form ("33x22") unless another legal move joins the
// same two squares, then the full path: the form other programs expect.
func (c pdnConv) moveText(pos draughts.Position, m draughts.Move) string {
	same := 0
	for _, o := range pos.Moves() {
		if o.From() == m.From() && o.To() == m.To() {
			same++
		}
	}
	return c.r.FormatMove(m, same > 1)
}

func isMoveSep(r rune) bool { return r == '-' || r == 'x' || r == ':' }
