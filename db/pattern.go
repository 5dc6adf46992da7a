package db

import (
	"errors"
	"fmt"
	"strings"

	"metz/draughts"
)

// Pattern is a set of pieces on squares a position must contain (other
// squares are free), written like a FEN: `W:W28,37:B32`, `WK46:B17`. W28 is a
// white man, WK28 a white king. The side-to-move field is optional and not
// part of the pattern (search by side with Query.Side).
type Pattern struct {
	Rules  *draughts.Rules
	Pieces map[int]draughts.Piece // square index -> piece
}

// ParsePattern reads a pattern under rules r (squares as r numbers them).
func ParsePattern(r *draughts.Rules, s string) (Pattern, error) {
	src := draughts.UnwrapFENTag(s) // a PDN tag pasted whole too
	first, _, _ := strings.Cut(src, ":")
	if f := strings.ToUpper(strings.TrimSpace(first)); f != "W" && f != "B" {
		src = "W:" + src // let ParseFEN read a pattern without a turn field
	}
	pos, err := draughts.ParseFEN(r, src)
	if err != nil {
		var fe *draughts.FENError
		if errors.As(err, &fe) {
			return Pattern{}, fmt.Errorf("pattern %q: %s (expected pieces like W:W28,37:B32 or WK46:B17)", s, fe.Detail)
		}
		return Pattern{}, fmt.Errorf("pattern %q: %v", s, err)
	}
	p := Pattern{Rules: r, Pieces: map[int]draughts.Piece{}}
	for sq, pc := range pos.Board {
		if pc != draughts.Empty {
			p.Pieces[sq] = pc
		}
	}
	if len(p.Pieces) == 0 {
		return Pattern{}, fmt.Errorf("pattern %q names no piece (expected pieces like W:W28,37:B32)", s)
	}
	return p, nil
}

// sameBoard lists the rule systems whose boards are numbered like r's, since
// the occupancy column is indexed by square number.
func sameBoard(r *draughts.Rules) []any {
	var out []any
	for _, o := range draughts.AllRules() {
		if o.Geo == r.Geo {
			out = append(out, o.Name)
		}
	}
	return out
}

// sql returns the WHERE fragment for the pattern over problems p.
func (pt Pattern) sql() (string, []any) {
	var parts []string
	var args []any
	for sq := 0; sq < pt.Rules.Geo.N; sq++ {
		pc, ok := pt.Pieces[sq]
		if !ok {
			continue
		}
		parts = append(parts, `substr(p.occupancy, ?, 1) = ?`)
		args = append(args, sq+1, string(occLetter[pc]))
	}
	names := sameBoard(pt.Rules)
	parts = append(parts, `p.rules IN (`+placeholders(len(names))+`)`)
	args = append(args, names...)
	return strings.Join(parts, " AND "), args
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}
