// Package pdngame writes a problem record as a PDN game: the one PDN
// writer of metz, used by the export and by the importer's own round-trip
// tests, so that what metz writes its reader reads. It also seals a game
// with the record it was written from (Seal, Unseal), so that importing
// an export gives the same record back. It knows nothing of books,
// verdicts or the database.
package pdngame

import (
	"strconv"
	"strings"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
)

// Tags metz writes beside the standard ones and its importer reads back
// (docs/pdn.md). GameType 20 is shared by international, Manoury's rule
// and qui perd gagne, so the rule system travels by name.
const (
	TagRules  = "MetzRules"
	TagLabel  = "MetzLabel"
	TagThemes = "Themes" // the source's themes, comma-separated
	// The record's source key and number: a file metz exported is imported
	// back into its own records rather than as a new source.
	TagSource = "MetzSource"
	TagNumber = "MetzNumber"
	TagClass  = "MetzClass"
	// TagUserTags lists the readers' own tags (metz tag), comma-separated.
	TagUserTags = "MetzTags"
	// TagDiagram "none" says the record has no diagram: PDN would read a
	// game without FEN as starting from the initial position.
	TagDiagram = "MetzDiagram"
	// TagVerdict is the current verdict, for readers; it is not read back
	// (the verdict history travels in TagRecord).
	TagVerdict = "MetzVerdict"
	// TagRecord holds the whole record as JSON (see Seal).
	TagRecord = "MetzRecord"
)

// DiagramNone is TagDiagram's value for a record without a diagram.
const DiagramNone = "none"

// Game writes a problem with its stated solution; see GameWith.
func Game(p *problems.Problem) *pdn.Game { return GameWith(p, p.Solution) }

// GameWith writes a problem as a PDN game with tree t as its movetext:
// Event (title or label), Number, Author, Date, GameType, Stipulation,
// SetUp and FEN when the position is known (else MetzDiagram "none" and no
// moves, which PDN could only read from the initial position), Result, the
// source's other PDN tags as it wrote them, and metz's tags for the rest;
// the moves with their alternatives as variations, move numbers, marks that
// are PDN move strengths as NAGs and the others ("gagne", "ou non") as
// comments.
func GameWith(p *problems.Problem, t *problems.Tree) *pdn.Game {
	r := p.Rules
	if r == nil {
		r = draughts.International
	}
	result := p.Result
	if result == "" {
		result = "*"
	}
	g := &pdn.Game{Root: &pdn.Node{}, Result: result}
	tag := func(n, v string) { g.Tags = append(g.Tags, pdn.Tag{Name: n, Value: v}) }
	title := p.Title
	if title == "" {
		title = p.Label
	}
	if title != "" {
		tag("Event", title)
	}
	if p.Source != "" {
		tag("Source", p.Source)
	}
	if p.Number > 0 {
		tag("Number", strconv.Itoa(p.Number))
	}
	if p.Author != "" {
		tag("Author", p.Author)
	}
	if p.Date != "" {
		tag("Date", p.Date)
	}
	tag("GameType", strconv.Itoa(r.GameType))
	tag("Stipulation", p.Stipulation.String())
	// Plies count from the opening side's first move (Black's in English
	// checkers): its moves are numbered "N.", the other side's "N...".
	offset := 0
	if p.Position != nil {
		tag("SetUp", "1")
		tag("FEN", p.Position.FEN())
		if black := p.Position.Turn == draughts.Black; black != (r.FirstMover == draughts.Black) {
			offset = 1
		}
	}
	tag("Result", result)
	for _, t := range p.Tags {
		tag(t.Name, t.Value)
	}
	metzTags(p, r, tag)
	if p.Commentary != "" {
		g.Comments = []string{p.Commentary}
	}
	if t != nil && p.Position != nil {
		g.Root.Next = toPDNLine(t.Children, 1+offset, true)
	}
	return g
}

// metzTags writes what PDN has no tag for.
func metzTags(p *problems.Problem, r *draughts.Rules, tag func(n, v string)) {
	tagIf := func(n, v string) {
		if v != "" {
			tag(n, v)
		}
	}
	tag(TagRules, r.Name)
	tagIf(TagSource, p.Source)
	if p.Number > 0 {
		tag(TagNumber, strconv.Itoa(p.Number))
	}
	tagIf(TagLabel, p.Label)
	tagIf(TagClass, p.Class)
	if p.Position == nil {
		tag(TagDiagram, DiagramNone)
	}
	tagIf(TagThemes, strings.Join(ThemeNames(p, problems.OriginBook), ", "))
	tagIf(TagUserTags, strings.Join(ThemeNames(p, problems.OriginUser), ", "))
}

// ThemeNames lists the names of a record's themes of one origin once
// each, in order, those its export carries included.
func ThemeNames(p *problems.Problem, origin string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(t problems.Theme) {
		o := t.Origin
		if o == "" {
			o = problems.OriginBook
		}
		if o == origin && !seen[t.Name] {
			seen[t.Name] = true
			out = append(out, t.Name)
		}
	}
	for _, t := range p.Themes {
		add(t)
	}
	if p.Carried != nil {
		for _, t := range p.Carried.Themes {
			add(t.Theme)
		}
	}
	return out
}

// toPDNLine converts the alternatives at one ply; halfmove counts plies from
// 1 (the opening side's first move), first says a move number is due even
// for the other side.
func toPDNLine(alts []*problems.Node, halfmove int, first bool) *pdn.Node {
	if len(alts) == 0 {
		return nil
	}
	var head *pdn.Node
	for i, a := range alts {
		n := pdnNode(a, halfmove, first || i > 0)
		n.Next = toPDNLine(a.Children, halfmove+1, false)
		if i == 0 {
			head = n
		} else {
			head.Variations = append(head.Variations, n)
		}
	}
	return head
}

// pdnNode writes one move; the resolved move when there is one, else the
// text as printed.
func pdnNode(a *problems.Node, halfmove int, numbered bool) *pdn.Node {
	n := &pdn.Node{Move: a.Move}
	if n.Move == "" {
		n.Move = strings.Join(strings.Fields(a.Text), "")
	}
	opening := halfmove%2 == 1
	if opening || numbered {
		n.MoveNumber = (halfmove + 1) / 2
		n.BlackToMove = !opening // the writer's "N..."
	}
	for _, mk := range strings.Split(a.Mark, ", ") {
		switch {
		case mk == "":
		case strings.Trim(mk, "!?") == "" || mk == "*":
			n.NAGs = append(n.NAGs, mk)
		default:
			n.Comments = append(n.Comments, mk)
		}
	}
	if a.Comment != "" {
		n.Comments = append(n.Comments, a.Comment)
	}
	return n
}
