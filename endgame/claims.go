package endgame

import (
	"fmt"
	"regexp"
	"strings"

	"metz/draughts/bitboard"
	"metz/sources"
)

// Verdict is the tables' answer to a claim.
type Verdict string

// The verdicts.
const (
	True       Verdict = "true"
	False      Verdict = "false"
	PartlyTrue Verdict = "partly true"
	NotCovered Verdict = "not covered"
)

// Count is one figure of the evidence.
type Count struct {
	Label string `json:"label"`
	N     int64  `json:"n"`
}

// Example is a position of the evidence, with its value for the side to
// move.
type Example struct {
	FEN    string `json:"fen"`
	Result string `json:"result"`
	Plies  int    `json:"plies"`
	Note   string `json:"note"`
}

// Claim is one endgame claim of a bundled text and the tables' answer.
type Claim struct {
	Key      string    `json:"key"`
	Source   string    `json:"source"`          // bundled file
	Lines    [2]int    `json:"lines"`           // first and last line of the passage
	Coups    []int     `json:"coups,omitempty"` // coups the passage refers to
	Claim    string    `json:"claim"`           // what the book says, in English
	Excerpt  string    `json:"excerpt"`         // the passage, letter-spacing removed
	Material []string  `json:"material"`        // tables used
	Verdict  Verdict   `json:"verdict"`
	Answer   string    `json:"answer"`
	Counts   []Count   `json:"counts"`
	Examples []Example `json:"examples"`
}

// longDiagonal is the long diagonal 5-46 ("la grande ligne", "la ligne du
// milieu"); it is its own image under the 180° rotation.
var longDiagonal = squaresBB(5, 10, 14, 19, 23, 28, 32, 37, 41, 46)

func squaresBB(sq ...int) uint64 {
	var bb uint64
	for _, s := range sq {
		bb |= bitboard.SquareBit(s)
	}
	return bb
}

// claimSpec describes a claim; check computes the answer from the tables.
type claimSpec struct {
	key      string
	lines    [2]int
	coups    []int
	claim    string
	material []string
	check    func(c *Claim, t *Tables) error
}

var claimSpecs = []claimSpec{
	{"3K-v-1K-on-diagonal", [2]int{484, 494}, nil,
		"Rule XV: three kings against one is a forced draw as soon as the single king occupies the long diagonal (5-46) and can play along it without leaving it and without being taken.",
		[]string{"KvKKK", "KKKvK"}, checkLoneOnDiagonal},
	{"3K-v-1K-off-diagonal", [2]int{496, 508}, []int{373, 374, 375, 376, 377, 378, 379, 380, 381, 382, 383},
		"Rule XVI and the note to rule 18: when the three kings hold the long diagonal (the single king is off it) the game is not a sure draw, several coups win it (eleven in the book, coups 373-383); the three kings may be made to play at most 20 (or 25) moves.",
		[]string{"KKKvK", "KvKKK"}, checkThreeHoldDiagonal},
	{"2K-v-1K", [2]int{1061, 1067}, nil,
		"Note to rule 18: one king against two is decidedly a draw.",
		[]string{"KKvK", "KvKK"}, checkTwoKingsOne},
	{"2K-v-4K", [2]int{1069, 1079}, []int{384, 385, 386},
		"Two kings against four is also a draw unless the players are of very unequal strength, though three coups win it (384, 385 [printed 383], 386).",
		[]string{"KKKKvKK"}, notCovered(6)},
	{"1K-v-3M1K", [2]int{1081, 1085}, []int{283, 284},
		"Coups 283 and 284 show two cases where a single king draws against three men and a king.",
		[]string{"KvKMMM", "KMMMvK"}, checkKingAgainstThreeMen},
	{"2K-v-5K", [2]int{1095, 1097}, []int{387, 388},
		"Two kings against five is lost.",
		[]string{"KKKKKvKK"}, notCovered(7)},
	{"1K1M-v-3K", [2]int{1099, 1108}, []int{276},
		"A king and a man against three kings can be lost (coup 276); the side with the king and the man should give up the man as soon as it can, a single king being much easier to defend.",
		[]string{"KMvKKK", "KvKKK"}, checkKingManAgainstThree},
}

// Claims checks every claim against the tables. Claims whose tables are not
// built are answered NotCovered.
func Claims(t *Tables) ([]Claim, error) {
	text, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(text), "\n")
	var out []Claim
	for _, s := range claimSpecs {
		c := Claim{Key: s.key, Source: sources.LivreDeMetz, Lines: s.lines, Coups: s.coups,
			Claim: s.claim, Material: s.material, Excerpt: excerpt(lines, s.lines)}
		if err := s.check(&c, t); err != nil {
			return nil, fmt.Errorf("claim %s: %w", s.key, err)
		}
		out = append(out, c)
	}
	return out, nil
}

var pageMarker = regexp.MustCompile(`<\|[^|]*\|>`)

// excerpt joins lines[from..to] (1-based) with the letter-spacing of the
// scan removed (the scan lost the word gaps, so words run together).
func excerpt(lines []string, r [2]int) string {
	var sb strings.Builder
	for n := r[0]; n <= r[1] && n <= len(lines); n++ {
		l := pageMarker.ReplaceAllString(lines[n-1], "")
		l = strings.ReplaceAll(l, " ", "")
		if l == "" {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(l)
	}
	return sb.String()
}

// needTables loads the named tables; ok is false (and the claim is marked
// NotCovered) when one is not built.
func needTables(c *Claim, t *Tables, names ...string) (map[string][]byte, bool, error) {
	out := map[string][]byte{}
	for _, n := range names {
		s, err := ParseSig(n)
		if err != nil {
			return nil, false, err
		}
		tab, err := t.Table(s)
		if err != nil {
			return nil, false, err
		}
		if tab == nil {
			c.Verdict = NotCovered
			c.Answer = fmt.Sprintf("the %s table is not built (metz endgame build --pieces %d)", n, s.Pieces())
			return nil, false, nil
		}
		out[n] = tab
	}
	return out, true, nil
}

func notCovered(pieces int) func(*Claim, *Tables) error {
	return func(c *Claim, _ *Tables) error {
		c.Verdict = NotCovered
		c.Answer = fmt.Sprintf("needs %d-piece tables; the builder stops at %d pieces (6 pieces would take about 59 GB)", pieces, MaxPieces)
		return nil
	}
}

// tally accumulates the values of a class of positions with examples: the
// longest win, the longest loss and a draw.
type tally struct {
	wins, draws, losses int64
	longWin, longLoss   Example
	draw                Example
}

func (y *tally) add(p bitboard.Position, v byte) {
	r, plies, ok := decode(v)
	if !ok {
		return
	}
	ex := Example{FEN: p.FEN(), Result: r.String(), Plies: plies}
	switch r {
	case Win:
		y.wins++
		if y.wins == 1 || plies > y.longWin.Plies {
			y.longWin = ex
		}
	case Loss:
		y.losses++
		if y.losses == 1 || plies > y.longLoss.Plies {
			y.longLoss = ex
		}
	default:
		y.draws++
		if y.draws == 1 {
			y.draw = ex
		}
	}
}

// counts returns the tally as counts labelled with prefix.
func (y *tally) counts(prefix string) []Count {
	return []Count{{prefix + ": positions", y.wins + y.draws + y.losses},
		{prefix + ": won by the side to move", y.wins},
		{prefix + ": drawn", y.draws},
		{prefix + ": lost by the side to move", y.losses}}
}

// scan calls f for every position (White to move, normalised) of table tab
// of signature name.
func scan(name string, tab []byte, f func(p bitboard.Position, v byte)) {
	s, _ := ParseSig(name)
	for i, v := range tab {
		if v == vInvalid {
			continue
		}
		p, _ := s.Position(int64(i))
		f(p, v)
	}
}

// safeDiagonalMove reports whether the side to move has a legal move ending
// on the long diagonal after which the opponent cannot capture.
func safeDiagonalMove(p bitboard.Position) bool {
	var ml bitboard.MoveList
	p.Generate(&ml)
	for _, m := range ml.Moves[:ml.N] {
		if longDiagonal>>m.To&1 == 0 {
			continue
		}
		q := p.Play(m)
		if !q.HasCapture() {
			return true
		}
	}
	return false
}

func checkLoneOnDiagonal(c *Claim, t *Tables) error {
	tabs, ok, err := needTables(c, t, "KvKKK", "KKKvK")
	if !ok || err != nil {
		return err
	}
	// book: the single king alone on the diagonal, to move, with a safe move
	// along it; shared: the same but a king of the three on the diagonal too;
	// unsafe: the single king on the diagonal without a safe move along it.
	var book, shared, unsafe, strong tally
	scan("KvKKK", tabs["KvKKK"], func(p bitboard.Position, v byte) {
		switch {
		case p.White&longDiagonal == 0:
		case !safeDiagonalMove(p):
			unsafe.add(p, v)
		case p.Black&longDiagonal != 0:
			shared.add(p, v)
		default:
			book.add(p, v)
		}
	})
	scan("KKKvK", tabs["KKKvK"], func(p bitboard.Position, v byte) {
		if p.Black&longDiagonal != 0 && p.White&longDiagonal == 0 {
			strong.add(p, v)
		}
	})
	c.Counts = append(book.counts("single king alone on the diagonal, to move, with a safe move along it (the book's condition)"),
		shared.counts("the same, but one of the three kings is on the diagonal too")...)
	c.Counts = append(c.Counts, unsafe.counts("single king on the diagonal, to move, without a safe move along it")...)
	c.Counts = append(c.Counts, strong.counts("single king alone on the diagonal, three kings to move")...)
	c.Examples = []Example{note(book.draw, "the book's condition: drawn")}
	if book.losses > 0 {
		c.Examples = append(c.Examples, note(book.longLoss, "the book's condition holds, yet the single king loses (longest such loss)"))
	}
	if shared.losses > 0 {
		c.Examples = append(c.Examples, note(shared.longLoss, "a king of the three shares the diagonal: the single king loses (longest)"))
	}
	if unsafe.losses > 0 {
		c.Examples = append(c.Examples, note(unsafe.longLoss, "the single king cannot stay on the diagonal safely: lost (longest)"))
	}
	if strong.wins > 0 {
		c.Examples = append(c.Examples, note(strong.longWin, "three kings to move win although the single king holds the diagonal (longest)"))
	}
	if book.losses == 0 {
		c.Verdict = True
		c.Answer = fmt.Sprintf("all %d positions where the single king alone holds the long diagonal, is to move and can move along it without being taken are draws (or wins for it); it loses %d of %d when a king of the three shares the diagonal", book.draws+book.wins, shared.losses, shared.wins+shared.draws+shared.losses)
		return nil
	}
	c.Verdict = PartlyTrue
	c.Answer = fmt.Sprintf("%d of %d positions meeting the book's condition are draws; %d are lost for the single king", book.draws, book.draws+book.losses+book.wins, book.losses)
	return nil
}

func note(e Example, s string) Example {
	e.Note = s
	return e
}

func checkThreeHoldDiagonal(c *Claim, t *Tables) error {
	tabs, ok, err := needTables(c, t, "KKKvK", "KvKKK")
	if !ok || err != nil {
		return err
	}
	var hold, off tally
	beyond := [2]int64{} // wins needing more than 20 / 25 moves of the three kings
	scan("KKKvK", tabs["KKKvK"], func(p bitboard.Position, v byte) {
		if p.Black&longDiagonal != 0 {
			return
		}
		off.add(p, v)
		if p.White&longDiagonal == 0 {
			return
		}
		hold.add(p, v)
		if r, plies, _ := decode(v); r == Win {
			moves := (plies + 1) / 2
			if moves > 20 {
				beyond[0]++
			}
			if moves > 25 {
				beyond[1]++
			}
		}
	})
	var lone tally
	scan("KvKKK", tabs["KvKKK"], func(p bitboard.Position, v byte) {
		if p.White&longDiagonal == 0 && p.Black&longDiagonal != 0 {
			lone.add(p, v)
		}
	})
	c.Counts = append(hold.counts("three kings to move, one of them on the diagonal, single king off it"), off.counts("three kings to move, single king off the diagonal")...)
	c.Counts = append(c.Counts, lone.counts("single king to move, off the diagonal, a king of the three on it")...)
	c.Counts = append(c.Counts, Count{"wins of the three kings needing more than 20 of their moves", beyond[0]},
		Count{"wins of the three kings needing more than 25 of their moves", beyond[1]})
	c.Examples = []Example{note(hold.longWin, "longest win of the three kings holding the diagonal")}
	if hold.draws > 0 {
		c.Examples = append(c.Examples, note(hold.draw, "three kings holding the diagonal, yet drawn"))
	}
	if hold.wins == 0 {
		c.Verdict = False
		c.Answer = "no position with the three kings holding the diagonal is won"
		return nil
	}
	c.Verdict = True
	c.Answer = fmt.Sprintf("%d of %d positions with the three kings to move holding the diagonal are won (longest %d plies, i.e. %d moves of the three kings); the tables cannot count the book's eleven coups, only that wins exist", hold.wins, hold.wins+hold.draws+hold.losses, hold.longWin.Plies, (hold.longWin.Plies+1)/2)
	return nil
}

func checkTwoKingsOne(c *Claim, t *Tables) error {
	tabs, ok, err := needTables(c, t, "KKvK", "KvKK")
	if !ok || err != nil {
		return err
	}
	var two, one tally
	scan("KKvK", tabs["KKvK"], func(p bitboard.Position, v byte) { two.add(p, v) })
	scan("KvKK", tabs["KvKK"], func(p bitboard.Position, v byte) { one.add(p, v) })
	var deep int64
	scan("KKvK", tabs["KKvK"], func(p bitboard.Position, v byte) {
		if r, plies, _ := decode(v); r == Win && plies > 1 && !p.HasCapture() {
			deep++
		}
	})
	c.Counts = append(two.counts("two kings to move"), one.counts("single king to move")...)
	c.Counts = append(c.Counts, Count{"two kings to move win, not by an immediate capture", deep})
	c.Examples = []Example{note(two.draw, "drawn"), note(two.longWin, "longest win of the two kings"), note(one.longLoss, "longest loss of the single king to move")}
	c.Verdict = PartlyTrue
	c.Answer = fmt.Sprintf("drawn in general (%d of %d with two kings to move, %d of %d with one), but the two kings win where the single king is caught: %d wins with two kings to move, the longest in %d plies", two.draws, two.wins+two.draws+two.losses, one.draws, one.wins+one.draws+one.losses, two.wins, two.longWin.Plies)
	return nil
}

func checkKingAgainstThreeMen(c *Claim, t *Tables) error {
	tabs, ok, err := needTables(c, t, "KvKMMM", "KMMMvK")
	if !ok || err != nil {
		return err
	}
	var lone, strong tally
	scan("KvKMMM", tabs["KvKMMM"], func(p bitboard.Position, v byte) { lone.add(p, v) })
	scan("KMMMvK", tabs["KMMMvK"], func(p bitboard.Position, v byte) { strong.add(p, v) })
	c.Counts = append(lone.counts("single king to move"), strong.counts("king and three men to move")...)
	c.Examples = []Example{note(lone.draw, "single king to move: drawn"), note(strong.draw, "king and three men to move: drawn"), note(strong.longWin, "longest win of the king and three men")}
	if lone.draws+strong.draws == 0 {
		c.Verdict = False
		c.Answer = "no position is drawn"
		return nil
	}
	c.Verdict = True
	c.Answer = fmt.Sprintf("the single king draws %d of %d positions with it to move and %d of %d with the other side to move", lone.draws, lone.wins+lone.draws+lone.losses, strong.draws, strong.wins+strong.draws+strong.losses)
	return nil
}

func checkKingManAgainstThree(c *Claim, t *Tables) error {
	tabs, ok, err := needTables(c, t, "KMvKKK", "KvKKK")
	if !ok || err != nil {
		return err
	}
	var km, k tally
	scan("KMvKKK", tabs["KMvKKK"], func(p bitboard.Position, v byte) { km.add(p, v) })
	scan("KvKKK", tabs["KvKKK"], func(p bitboard.Position, v byte) { k.add(p, v) })
	c.Counts = append(km.counts("king and man to move against three kings"), k.counts("single king to move against three kings")...)
	c.Examples = []Example{note(km.longLoss, "king and man to move: longest loss")}
	if km.losses == 0 {
		c.Verdict = False
		c.Answer = "no position of a king and a man to move against three kings is lost"
		return nil
	}
	kmRate := float64(km.draws) / float64(km.wins+km.draws+km.losses)
	kRate := float64(k.draws) / float64(k.wins+k.draws+k.losses)
	c.Answer = fmt.Sprintf("%d of %d positions with the king and man to move are lost (longest %d plies); drawn: %.1f%% with a king and a man, %.1f%% with a single king", km.losses, km.wins+km.draws+km.losses, km.longLoss.Plies, 100*kmRate, 100*kRate)
	// "Much easier" is read as at least 5 points more draws for the single
	// king over all positions (a crude measure, stated in the answer).
	c.Verdict = True
	if kRate-kmRate < 0.05 {
		c.Verdict = PartlyTrue
		c.Answer += "; the first half is true, but over all positions a single king is not much easier to defend (less than 5 points more draws)"
	}
	return nil
}
