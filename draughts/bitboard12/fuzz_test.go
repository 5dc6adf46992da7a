package bitboard12

// Fuzz test against the generic engine. Run it for a while with
//
//	go test -run '^$' -fuzz FuzzGenerate -fuzztime 60s ./draughts/bitboard12
//
// Without -fuzz, `go test` runs the seeds as ordinary tests.

import (
	"testing"

	"metz/draughts"
)

// positionFromBytes reads a Canadian position: the side to move (byte 0)
// and one byte per square (72): 0-3 a piece, anything else empty, so that
// random input gives boards about half full. Men on their own crowning
// row are allowed: the engine claims to move them as the generic engine
// does.
func positionFromBytes(data []byte) draughts.Position {
	get := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0xFF
	}
	gp := draughts.NewPosition(draughts.Canadian)
	gp.Turn = draughts.Color(get(0) & 1)
	for s := range gp.Board {
		if b := get(1 + s); b%8 < 4 {
			gp.Board[s] = fuzzPieces[b%8]
		}
	}
	return gp
}

var fuzzPieces = [4]draughts.Piece{draughts.WhiteMan, draughts.BlackMan, draughts.WhiteKing, draughts.BlackKing}

// bytesFromPosition encodes a position as positionFromBytes reads it.
func bytesFromPosition(t testing.TB, fen string) []byte {
	t.Helper()
	gp, err := draughts.ParseFEN(draughts.Canadian, fen)
	if err != nil {
		t.Fatal(err)
	}
	data := []byte{byte(gp.Turn)}
	for _, pc := range gp.Board {
		code := byte(7)
		for i, fp := range fuzzPieces {
			if pc == fp {
				code = byte(i)
			}
		}
		data = append(data, code)
	}
	if back := positionFromBytes(data); !back.Equal(gp) {
		t.Fatalf("%s: bytes read back as %s", fen, back.FEN())
	}
	return data
}

func FuzzGenerate(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 7, 7, 7, 7, 7, 2, 7, 7, 7, 1, 1, 1, 7, 7, 7, 7, 7, 1, 7, 7, 7, 1, 1})
	f.Add([]byte{1, 0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 4, 4, 4, 4, 0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1})
	f.Add(bytesFromPosition(f, "W:W43-72:B1-30"))
	f.Add(bytesFromPosition(f, "B:W43-72:B1-30"))
	for _, v := range ruleVectors {
		f.Add(bytesFromPosition(f, v.fen))
	}
	// The many-capture positions up to MaxMoves (the longer ones are slow
	// to compare: TestManyCaptures has them).
	for _, v := range manyCaptures {
		if v.n <= MaxMoves {
			f.Add(bytesFromPosition(f, v.fen))
		}
	}
	e := mustNew(f, draughts.Canadian)
	f.Fuzz(func(t *testing.T, data []byte) {
		compare(t, e, positionFromBytes(data))
	})
}
