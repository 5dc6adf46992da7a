package export

import (
	"fmt"
	"io"
	"strings"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
	"metz/problems/pdngame"
)

// Tags metz adds to the standard ones, so that what the database knows
// travels with the file; other programs ignore them (docs/pdn.md).
const (
	TagSource  = pdngame.TagSource
	TagNumber  = pdngame.TagNumber
	TagLabel   = pdngame.TagLabel
	TagRules   = pdngame.TagRules
	TagThemes  = pdngame.TagThemes
	TagVerdict = pdngame.TagVerdict
	TagRecord  = pdngame.TagRecord
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
// (pdngame.GameWith: FEN and GameType as lidraughts reads them, branches
// as variations, marks and comments as comments, metz's tags), so that
// metz has one PDN writer and what it writes its reader reads. The moves
// are the verified tree when there is one. A printed move that cannot be
// played ends its line: PDN movetext cannot hold it, so its text is kept
// as a comment on the move before it (or on the game). With the item's
// Copy, the game is sealed with the whole record (MetzRecord), which an
// import of the file gives back.
func PDNGame(it Item) (*pdn.Game, error) {
	if _, err := it.Rules(); err != nil {
		return nil, err
	}
	pos, ok, err := it.Position()
	if err != nil {
		return nil, err
	}
	p := *it.Problem
	var tree *problems.Tree
	var orphans []string
	if t := it.Tree(English); t != nil && ok {
		tree = t.WithChildren(playable(t.Children, &pos, &orphans))
	}
	if len(orphans) > 0 {
		p.Commentary = strings.TrimSpace(p.Commentary + "\n" + strings.Join(orphans, "\n"))
	}
	g := pdngame.GameWith(&p, tree)
	if it.Verdict != "" {
		g.Tags = append(g.Tags, pdn.Tag{Name: TagVerdict, Value: string(it.Verdict)})
	}
	if it.Copy != nil {
		if err := pdngame.Seal(g, it.Copy); err != nil {
			return nil, fmt.Errorf("%s: %w", it.Where(), err)
		}
	}
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
