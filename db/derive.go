package db

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// derived holds the columns computed from a FEN at import, so that material
// and pattern searches are plain SQL.
type derived struct {
	side                                       string
	whiteMen, whiteKings, blackMen, blackKings int
	occupancy                                  string
}

// occupancy letters, one per square index.
var occLetter = map[draughts.Piece]byte{
	draughts.Empty: '.', draughts.WhiteMan: 'w', draughts.WhiteKing: 'W',
	draughts.BlackMan: 'b', draughts.BlackKing: 'B',
}

func derivePosition(rulesName, fen string) (derived, error) {
	r, err := draughts.RulesByName(rulesName)
	if err != nil {
		return derived{}, err
	}
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return derived{}, err
	}
	return deriveFrom(p), nil
}

func deriveFrom(p draughts.Position) derived {
	var d derived
	d.side = "white"
	if p.Turn == draughts.Black {
		d.side = "black"
	}
	d.whiteMen, d.whiteKings = p.Count(draughts.White)
	d.blackMen, d.blackKings = p.Count(draughts.Black)
	var b strings.Builder
	for _, pc := range p.Board {
		b.WriteByte(occLetter[pc])
	}
	d.occupancy = b.String()
	return d
}

// contentHash fingerprints everything an import writes for one record, so a
// re-import can tell unchanged records from changed ones without comparing
// column by column. The database id is not part of the content, nor is
// what an export carries beside it (see problems.Carried).
func contentHash(p *problems.Problem) string {
	c := *p
	c.ID, c.Carried = 0, nil
	b, _ := json.Marshal(&c) // a Problem has only marshalable fields
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func hashOf(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// jsonOrNull encodes v, or returns nil (SQL NULL) for an empty value.
func jsonOrNull(v any, empty bool) any {
	if empty {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return string(b)
}
