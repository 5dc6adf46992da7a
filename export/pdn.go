package export

import (
	"io"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
	"metz/problems/pdngame"
)

// Tags metz adds to the importer's game, so that what the database knows
// travels with the file; other programs ignore them. GameType 20 is shared
// by three rule systems, hence MetzRules.
const (
	TagSource  = pdngame.TagSource
	TagNumber  = pdngame.TagNumber
	TagLabel   = pdngame.TagLabel
	TagRules   = pdngame.TagRules
	TagThemes  = pdngame.TagThemes
	TagVerdict = "MetzVerdict"
)

// WritePDN writes problems as PDN games (see PDNGame).
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

// PDNGame converts one problem with the importer's own writer
// (pdngame.Game: FEN and GameType as lidraughts reads them, branches as
// variations, marks and comments as comments), so that metz has one PDN
// writer and what it writes its reader reads. Export adds the tags above
// and writes the verified tree when there is one. A printed move that
// cannot be played ends its line: PDN movetext cannot hold it, so its text
// is kept as a comment on the move before it (or on the game).
func PDNGame(it Item) (*pdn.Game, error) {
	r, err := it.Rules()
	if err != nil {
		return nil, err
	}
	pos, ok, err := it.Position()
	if err != nil {
		return nil, err
	}
	p := *it.Problem
	var orphans []string
	if t := it.Tree(English); t != nil && ok {
		p.Solution = &problems.Tree{Start: t.Start, Children: playable(t.Children, &pos, &orphans)}
	}
	if len(orphans) > 0 {
		p.Commentary = strings.TrimSpace(p.Commentary + "\n" + strings.Join(orphans, "\n"))
	}
	g := pdngame.Game(&p)
	tag := func(name, value string) {
		if value != "" {
			g.Tags = append(g.Tags, pdn.Tag{Name: name, Value: value})
		}
	}
	tag(TagRules, r.Name)
	tag(TagSource, p.Source)
	if p.Number > 0 {
		tag(TagNumber, strconv.Itoa(p.Number))
	}
	tag(TagLabel, p.Label)
	tag(TagThemes, strings.Join(themeNames(&p), ", "))
	tag(TagVerdict, string(it.Verdict))
	return g, nil
}

// unresolvedNote is the comment that keeps a move PDN cannot write.
const unresolvedNote = "unresolved: "

// playable copies the alternatives that can be played from pos, each move
// in its shortest unambiguous form ("19x39", as other programs expect); a
// move that cannot be played is dropped with what follows it, and its
// printed text goes to the comment of the move before (orphans at the
// first ply).
func playable(alts []*problems.Node, pos *draughts.Position, orphans *[]string) []*problems.Node {
	var out []*problems.Node
	for _, n := range alts {
		name, next := moveName(n, pos)
		if next == nil {
			printed := strings.TrimSpace(n.Text)
			if printed == "" {
				printed = n.Move
			}
			*orphans = append(*orphans, unresolvedNote+printed)
			continue
		}
		c := *n
		c.Move = name
		var below []string
		c.Children = playable(n.Children, next, &below)
		if len(below) > 0 {
			c.Comment = strings.TrimSpace(c.Comment + " " + strings.Join(below, " "))
		}
		out = append(out, &c)
	}
	return out
}
