package bitboard

import "testing"

func TestParseFEN(t *testing.T) {
	good := map[string]string{
		"W:W31-50:B1-20":        Start().FEN(),
		" B:WK46,28:B17 ":       "B:W28,K46:B17",
		"W:W31,K32-K34:BK1-3,5": "W:W31,K32,K33,K34:BK1,K2,K3,5",
		"W:W31:B1:H0:F1":        "W:W31:B1",
		"B:B1-20:W31-50":        "B:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
		"W:W:B":                 "W:W:B",
		"W":                     "W:W:B",
		"w:w10 , k11:b 12":      "W:W10,K11:B12",
	}
	good["W:WK46:B37,28."] = "W:WK46:B28,37"
	for in, want := range good {
		p, err := ParseFEN(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if p.FEN() != want {
			t.Errorf("%q: FEN %q, want %q", in, p.FEN(), want)
		}
	}
	for _, in := range []string{"", "X:W1", "W:W0", "W:W51", "W:W1:B1", "W:W1:W2", "W:W5-3", "W:W1,,x", "W:Q1", "W:W1-", "W:H"} {
		if _, err := ParseFEN(in); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

// FuzzParseFEN: ParseFEN never panics, accepts only valid positions, and
// FEN() round-trips.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "B:WK46,28:B17", "W:W31,K32-K34:BK1-3,5", "W:W31:B1:H0:F1", "W:W:B", "W:WK46:B37,28."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		if !p.Valid() {
			t.Fatalf("%q: invalid position %+v", s, p)
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q: round trip %q -> %+v, %v", s, p.FEN(), q, err)
		}
		var ml MoveList
		p.Generate(&ml)
		if p.CountMoves() != ml.N {
			t.Fatalf("%q: count", s)
		}
	})
}
