package bitboard8

// Fuzz test against the generic engine. Run it for a while with
//
//	go test -run '^$' -fuzz FuzzGenerate -fuzztime 60s ./draughts/bitboard8
//
// Without -fuzz, `go test` runs the seeds as ordinary tests.

import (
	"testing"

	"metz/draughts"
)

// positionFromBytes reads a rule system (byte 0), the side to move (byte 1)
// and one byte per square: 0-3 a piece, anything else empty, so that
// random input gives boards a third to a half full. Men on their own
// crowning row are allowed: the engine claims to move them as the generic
// engine does.
func positionFromBytes(data []byte) (*draughts.Rules, draughts.Position) {
	get := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0xFF
	}
	r := supportedRules[int(get(0))%len(supportedRules)]
	gp := draughts.NewPosition(r)
	gp.Turn = draughts.Color(get(1) & 1)
	pieces := [4]draughts.Piece{draughts.WhiteMan, draughts.BlackMan, draughts.WhiteKing, draughts.BlackKing}
	for s := range gp.Board {
		if b := get(2 + s); b%8 < 4 {
			gp.Board[s] = pieces[b%8]
		}
	}
	return r, gp
}

func FuzzGenerate(f *testing.F) {
	for i := range supportedRules {
		f.Add([]byte{byte(i), 0})
		f.Add([]byte{byte(i), 1, 7, 7, 7, 7, 7, 2, 7, 7, 7, 1, 1, 1, 7, 7, 7, 7, 7, 1, 7, 7, 7, 1, 1})
		f.Add([]byte{byte(i), 1, 0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 4, 4, 4, 4, 0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1})
		f.Add([]byte{byte(i), 0, 3, 7, 7, 7, 7, 1, 7, 1, 7, 7, 7, 7, 1, 7, 1, 7, 7, 7, 7, 1, 7, 7, 7, 2, 7, 7, 7, 7})
	}
	engines := map[*draughts.Rules]*Engine{}
	for _, r := range supportedRules {
		engines[r] = mustNew(f, r)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, gp := positionFromBytes(data)
		compare(t, engines[r], gp)
	})
}
