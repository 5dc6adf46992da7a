package draughts

import "testing"

// Crowned makes a king of every man on its crowning row, and only of
// those; the position it came from is left as it was.
func TestCrowned(t *testing.T) {
	p, err := ParseFEN(English, "W:W18,K15,1:B2,32")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Crowned().FEN(), "W:WK1,K15,18:B2,K32"; got != want {
		t.Errorf("crowned %s, want %s", got, want)
	}
	if got := p.FEN(); got != "W:W1,K15,18:B2,32" {
		t.Errorf("the original became %s", got)
	}
	q, err := ParseFEN(English, "W:W18,K15:B2")
	if err != nil {
		t.Fatal(err)
	}
	if q.Crowned().FEN() != q.FEN() || len(q.Validate()) != 0 {
		t.Errorf("a reachable position changed: %s", q.Crowned().FEN())
	}
}
