package bitboard8

// Fuzz test against the generic engine. Run it for a while with
//
//	go test -run '^$' -fuzz FuzzGenerate -fuzztime 60s ./draughts/bitboard8
//
// Without -fuzz, `go test` runs the seeds as ordinary tests.

import (
	"slices"
	"testing"

	"metz/draughts"
)

// positionFromBytes reads a rule system (byte 0, an index into
// supportedRules, Turkish among them), the side to move (byte 1) and one
// byte per square (32 on the diagonal boards, 64 on Turkish's): 0-3 a
// piece, anything else empty, so that random input gives boards a third to
// a half full. Men on their own crowning row are allowed: the engine claims
// to move them as the generic engine does.
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
	// Every rule vector and many-capture position, as bytes (but those of
	// more than MaxMoves captures, slow to compare: TestManyCaptures has them).
	for _, v := range ruleVectors {
		f.Add(bytesFromPosition(f, v.rules, v.fen))
	}
	for _, v := range manyCaptures {
		if v.n <= MaxMoves {
			f.Add(bytesFromPosition(f, v.rules, v.fen))
		}
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

// bytesFromPosition encodes a position as positionFromBytes reads it.
func bytesFromPosition(t testing.TB, r *draughts.Rules, fen string) []byte {
	t.Helper()
	gp, err := draughts.ParseFEN(r, fen)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.Index(supportedRules, r)
	if i < 0 {
		t.Fatalf("%s: not a supported system", r.Name)
	}
	data := []byte{byte(i), byte(gp.Turn)}
	for _, pc := range gp.Board {
		code := byte(7)
		switch pc {
		case draughts.WhiteMan:
			code = 0
		case draughts.BlackMan:
			code = 1
		case draughts.WhiteKing:
			code = 2
		case draughts.BlackKing:
			code = 3
		}
		data = append(data, code)
	}
	if r2, back := positionFromBytes(data); r2 != r || !back.Equal(gp) {
		t.Fatalf("%s %s: bytes read back as %s", r.Name, fen, back.FEN())
	}
	return data
}
