// Package endgameclaims answers the books' claims about endings with the
// endgame tables: the Livre de Metz's rules on three kings against one,
// one king against two, and the like. The importer reads the claims as
// text (livremetz.Claim); this package, above it, reads the tables
// through their one door (package tables) and says whether each claim
// holds, with counts and examples the tables confirm.
package endgameclaims

import (
	"fmt"

	"metz/draughts"
	"metz/draughts/bitboard10"
	"metz/importer/livremetz"
	"metz/tables"
)

// Verdict is the endgame tables' answer to one of the book's claims.
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

// Example is a position of the evidence (FEN, side to move first), with
// its value for the side to move and its distance in plies (0 for a
// draw; nil where the table stores none: the 6-piece tables hold win,
// draw or loss alone).
type Example struct {
	FEN    string `json:"fen"`
	Result string `json:"result"`
	Plies  *int   `json:"plies"`
	Note   string `json:"note"`
}

// Claim is one of the book's claims about an ending, as the text reads it
// (livremetz.Claim), and the endgame tables' answer.
type Claim struct {
	ID       string    `json:"id"`              // the claim's key (livremetz's claimDefs)
	Line     int       `json:"line"`            // first line of the passage in the first part
	Coups    []int     `json:"coups,omitempty"` // coups the passage refers to
	Claim    string    `json:"claim"`           // what the book says, in English
	Quote    string    `json:"quote"`           // the passage as the book prints it
	Material []string  `json:"material"`        // tables read (side to move first)
	Verdict  Verdict   `json:"verdict"`
	Answer   string    `json:"answer"`
	Counts   []Count   `json:"counts"`
	Examples []Example `json:"examples"`
}

// endgameSpec is what a claim of claimDefs says about an ending in
// English, the tables that answer it, and the check that reads them.
type endgameSpec struct {
	id       string
	claim    string
	material []string // table names, side to move first (White to move in Scan)
	check    func(c *Claim, t *tables.System)
}

// endgameSpecs are the claims of the first part the endgame tables can
// answer, by the id of livremetz's claimDefs.
var endgameSpecs = []endgameSpec{
	{"trois-dames-contre-une-ligne-du-milieu-remise",
		"Rule XV: three kings against one is a forced draw as soon as the single king occupies the long diagonal (5-46) and can play along it without leaving it and without being taken.",
		[]string{"KvKKK", "KKKvK"}, checkLoneOnDiagonal},
	{"trois-dames-tenant-la-ligne-du-milieu",
		"Rule XVI: when the three kings hold the long diagonal (the single king is off it) the game is not a sure draw, several coups win it; the three kings may be made to play at most 20 (or 25) moves.",
		[]string{"KKKvK", "KvKKK"}, checkThreeHoldDiagonal},
	{"une-dame-contre-deux-remise",
		"Note to rule 18: one king against two is decidedly a draw.",
		[]string{"KKvK", "KvKK"}, checkTwoKingsOne},
	{"deux-dames-contre-quatre-remise-sauf-trois-coups",
		"Two kings against four is also a draw unless the players are of very unequal strength, though three coups win it (384, 385 [printed 383], 386).",
		[]string{"KKKKvKK", "KKvKKKK"}, checkFourKingsTwo},
	{"dame-contre-trois-pions-et-dame-remise",
		"Coups 283 and 284 show two cases where a single king draws against three men and a king.",
		[]string{"KvKMMM", "KMMMvK"}, checkKingAgainstThreeMen},
	{"deux-dames-contre-cinq-perdue",
		"Two kings against five is lost.",
		[]string{"KKKKKvKK"}, nil},
	{"dame-et-pion-contre-trois-dames-perdue",
		"A king and a man against three kings can be lost (coup 276); the side with the king and the man should give up the man as soon as it can, a single king being much easier to defend.",
		[]string{"KMvKKK", "KvKKK"}, checkKingManAgainstThree},
}

// Material lists the tables the endgame claims read, so that a caller can
// build those it builds on demand first.
func Material() []tables.Sig {
	var out []tables.Sig
	for _, s := range endgameSpecs {
		for _, m := range s.material {
			if sig, err := tables.ParseSig(m); err == nil {
				out = append(out, sig)
			}
		}
	}
	return out
}

// Check answers every endgame claim of ix with the international tables t
// (nil: none): a claim whose tables t lacks is answered NotCovered,
// naming the tables it needs. A claim the text does not hold is left out.
func Check(ix *livremetz.Index, t *tables.System) []Claim {
	var out []Claim
	for _, s := range endgameSpecs {
		cl, ok := ix.Claim(s.id)
		if !ok {
			continue
		}
		c := Claim{ID: s.id, Line: cl.Line, Coups: cl.Coups, Claim: s.claim, Quote: cl.Text, Material: s.material}
		if needTables(&c, t, s.material...) {
			s.check(&c, t)
		}
		out = append(out, c)
	}
	return out
}

// needTables reports whether t holds the named tables; when it does not,
// the claim is marked not covered, naming the piece count it needs (six
// and more pieces are beyond what metz builds).
func needTables(c *Claim, t *tables.System, names ...string) bool {
	for _, n := range names {
		s, err := tables.ParseSig(n)
		if err != nil {
			panic(err) // the names above are constants
		}
		maxPieces := tables.MaxPieces(draughts.International)
		if t != nil && s.Pieces() <= maxPieces && t.Has(s) {
			continue
		}
		c.Verdict = NotCovered
		if s.Pieces() > maxPieces {
			c.Answer = fmt.Sprintf("needs the %d-piece tables, which metz does not build", s.Pieces())
		} else {
			c.Answer = fmt.Sprintf("needs the %d-piece tables (metz endgame build --pieces %d)", s.Pieces(), s.Pieces())
		}
		return false
	}
	return true
}

// scan calls f for every position of the table name, which needTables
// found.
func scan(t *tables.System, name string, f func(p bitboard10.Position, r tables.Result, plies int)) {
	s, _ := tables.ParseSig(name)
	_ = t.ScanBitboard(s, f) // needTables read it: it does not fail
}

// longDiagonal is the long diagonal 5-46 ("la grande ligne", "la ligne du
// milieu"); it is its own image under the 180° rotation.
var longDiagonal = squaresBB(5, 10, 14, 19, 23, 28, 32, 37, 41, 46)

func squaresBB(sq ...int) uint64 {
	var bb uint64
	for _, s := range sq {
		bb |= bitboard10.SquareBit(s)
	}
	return bb
}

// tally accumulates the values of a class of positions with examples: the
// longest win, the longest loss and a draw.
type tally struct {
	wins, draws, losses int64
	longWin, longLoss   Example
	draw                Example
}

func (y *tally) add(p bitboard10.Position, r tables.Result, plies int) {
	ex := Example{FEN: p.FEN(), Result: r.String(), Plies: &plies}
	switch r {
	case tables.Win:
		y.wins++
		if y.wins == 1 || plies > *y.longWin.Plies {
			y.longWin = ex
		}
	case tables.Loss:
		y.losses++
		if y.losses == 1 || plies > *y.longLoss.Plies {
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

// safeDiagonalMove reports whether the side to move has a legal move ending
// on the long diagonal after which the opponent cannot capture.
func safeDiagonalMove(p bitboard10.Position) bool {
	var ml bitboard10.MoveList
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

func checkLoneOnDiagonal(c *Claim, t *tables.System) {
	if !needTables(c, t, "KvKKK", "KKKvK") {
		return
	}
	// book: the single king alone on the diagonal, to move, with a safe move
	// along it; shared: the same but a king of the three on the diagonal too;
	// unsafe: the single king on the diagonal without a safe move along it.
	var book, shared, unsafe, strong tally
	scan(t, "KvKKK", func(p bitboard10.Position, v tables.Result, plies int) {
		switch {
		case p.White&longDiagonal == 0:
		case !safeDiagonalMove(p):
			unsafe.add(p, v, plies)
		case p.Black&longDiagonal != 0:
			shared.add(p, v, plies)
		default:
			book.add(p, v, plies)
		}
	})
	scan(t, "KKKvK", func(p bitboard10.Position, v tables.Result, plies int) {
		if p.Black&longDiagonal != 0 && p.White&longDiagonal == 0 {
			strong.add(p, v, plies)
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
		return
	}
	c.Verdict = PartlyTrue
	c.Answer = fmt.Sprintf("%d of %d positions meeting the book's condition are draws; %d are lost for the single king", book.draws, book.draws+book.losses+book.wins, book.losses)
}

func note(e Example, s string) Example {
	e.Note = s
	return e
}

func checkThreeHoldDiagonal(c *Claim, t *tables.System) {
	if !needTables(c, t, "KKKvK", "KvKKK") {
		return
	}
	var hold, off tally
	beyond := [2]int64{} // wins needing more than 20 / 25 moves of the three kings
	scan(t, "KKKvK", func(p bitboard10.Position, v tables.Result, plies int) {
		if p.Black&longDiagonal != 0 {
			return
		}
		off.add(p, v, plies)
		if p.White&longDiagonal == 0 {
			return
		}
		hold.add(p, v, plies)
		if v == tables.Win {
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
	scan(t, "KvKKK", func(p bitboard10.Position, v tables.Result, plies int) {
		if p.White&longDiagonal == 0 && p.Black&longDiagonal != 0 {
			lone.add(p, v, plies)
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
		return
	}
	c.Verdict = True
	c.Answer = fmt.Sprintf("%d of %d positions with the three kings to move holding the diagonal are won (longest %d plies, i.e. %d moves of the three kings); the tables cannot count the book's eleven coups, only that wins exist", hold.wins, hold.wins+hold.draws+hold.losses, *hold.longWin.Plies, (*hold.longWin.Plies+1)/2)
}

func checkTwoKingsOne(c *Claim, t *tables.System) {
	if !needTables(c, t, "KKvK", "KvKK") {
		return
	}
	var two, one tally
	scan(t, "KKvK", func(p bitboard10.Position, v tables.Result, plies int) { two.add(p, v, plies) })
	scan(t, "KvKK", func(p bitboard10.Position, v tables.Result, plies int) { one.add(p, v, plies) })
	var deep int64
	scan(t, "KKvK", func(p bitboard10.Position, v tables.Result, plies int) {
		if v == tables.Win && plies > 1 && !p.HasCapture() {
			deep++
		}
	})
	c.Counts = append(two.counts("two kings to move"), one.counts("single king to move")...)
	c.Counts = append(c.Counts, Count{"two kings to move win, not by an immediate capture", deep})
	c.Examples = []Example{note(two.draw, "drawn"), note(two.longWin, "longest win of the two kings"), note(one.longLoss, "longest loss of the single king to move")}
	c.Verdict = PartlyTrue
	c.Answer = fmt.Sprintf("drawn in general (%d of %d with two kings to move, %d of %d with one), but the two kings win where the single king is caught: %d wins with two kings to move, the longest in %d plies", two.draws, two.wins+two.draws+two.losses, one.draws, one.wins+one.draws+one.losses, two.wins, *two.longWin.Plies)
}

func checkKingAgainstThreeMen(c *Claim, t *tables.System) {
	if !needTables(c, t, "KvKMMM", "KMMMvK") {
		return
	}
	var lone, strong tally
	scan(t, "KvKMMM", func(p bitboard10.Position, v tables.Result, plies int) { lone.add(p, v, plies) })
	scan(t, "KMMMvK", func(p bitboard10.Position, v tables.Result, plies int) { strong.add(p, v, plies) })
	c.Counts = append(lone.counts("single king to move"), strong.counts("king and three men to move")...)
	c.Examples = []Example{note(lone.draw, "single king to move: drawn"), note(strong.draw, "king and three men to move: drawn"), note(strong.longWin, "longest win of the king and three men")}
	if lone.draws+strong.draws == 0 {
		c.Verdict = False
		c.Answer = "no position is drawn"
		return
	}
	c.Verdict = True
	c.Answer = fmt.Sprintf("the single king draws %d of %d positions with it to move and %d of %d with the other side to move", lone.draws, lone.wins+lone.draws+lone.losses, strong.draws, strong.wins+strong.draws+strong.losses)
}

func checkKingManAgainstThree(c *Claim, t *tables.System) {
	if !needTables(c, t, "KMvKKK", "KvKKK") {
		return
	}
	var km, k tally
	scan(t, "KMvKKK", func(p bitboard10.Position, v tables.Result, plies int) { km.add(p, v, plies) })
	scan(t, "KvKKK", func(p bitboard10.Position, v tables.Result, plies int) { k.add(p, v, plies) })
	c.Counts = append(km.counts("king and man to move against three kings"), k.counts("single king to move against three kings")...)
	c.Examples = []Example{note(km.longLoss, "king and man to move: longest loss")}
	if km.losses == 0 {
		c.Verdict = False
		c.Answer = "no position of a king and a man to move against three kings is lost"
		return
	}
	kmRate := float64(km.draws) / float64(km.wins+km.draws+km.losses)
	kRate := float64(k.draws) / float64(k.wins+k.draws+k.losses)
	c.Answer = fmt.Sprintf("%d of %d positions with the king and man to move are lost (longest %d plies); drawn: %.1f%% with a king and a man, %.1f%% with a single king", km.losses, km.wins+km.draws+km.losses, *km.longLoss.Plies, 100*kmRate, 100*kRate)
	// "Much easier" is read as at least 5 points more draws for the single
	// king over all positions (a crude measure, stated in the answer).
	c.Verdict = True
	if kRate-kmRate < 0.05 {
		c.Verdict = PartlyTrue
		c.Answer += "; the first half is true, but over all positions a single king is not much easier to defend (less than 5 points more draws)"
	}
}

// checkFourKingsTwo answers the claim on two kings against four from the
// 6-piece tables, which hold win, draw or loss without distances.
func checkFourKingsTwo(c *Claim, t *tables.System) {
	kingsAgainstKings(c, t, "KKKKvKK", "KKvKKKK", "four kings", "two kings")
}

// kingsAgainstKings answers a claim that strong kings against weak ones
// (the tables named so, side to move first) is drawn in general but won
// in some positions: the values with either side to move, those where the
// strong side to move has no capture apart, a drawn and a won position
// as examples. It reads the values alone (the tables of six pieces hold
// no distance; an example's distance is given where its table has one).
func kingsAgainstKings(c *Claim, t *tables.System, strong, weak, strongName, weakName string) {
	if !needTables(c, t, strong, weak) {
		return
	}
	var all, quiet, other tally
	var won, drawn, lost Example
	scan(t, strong, func(p bitboard10.Position, v tables.Result, _ int) {
		all.count(v)
		if !p.HasCapture() {
			quiet.count(v)
			switch {
			case v == tables.Win && won.FEN == "":
				won = example(t, p, v, "the "+strongName+" to move win, without a capture to make")
			case v == tables.Draw && drawn.FEN == "":
				drawn = example(t, p, v, "the "+strongName+" to move, no capture to make: drawn")
			}
		}
	})
	scan(t, weak, func(p bitboard10.Position, v tables.Result, _ int) {
		other.count(v)
		if v == tables.Loss && !p.HasCapture() && lost.FEN == "" {
			lost = example(t, p, v, "the "+weakName+" to move lose, without a capture to make")
		}
	})
	c.Counts = append(all.counts(strongName+" to move"), quiet.counts(strongName+" to move, no capture to make")...)
	c.Counts = append(c.Counts, other.counts(weakName+" to move")...)
	for _, e := range []Example{drawn, won, lost} {
		if e.FEN != "" {
			c.Examples = append(c.Examples, e)
		}
	}
	n := quiet.wins + quiet.draws + quiet.losses
	switch {
	case quiet.wins == 0:
		c.Verdict = PartlyTrue
		c.Answer = fmt.Sprintf("drawn, but no position of the %s to move without a capture is won (%d drawn of %d): the wins the book shows are not there", strongName, quiet.draws, n)
	case quiet.draws >= quiet.wins:
		c.Verdict = True
		c.Answer = fmt.Sprintf("drawn in general: with the %s to move and no capture to make, %d of %d positions are drawn, %d won", strongName, quiet.draws, n, quiet.wins)
	default:
		c.Verdict = False
		c.Answer = fmt.Sprintf("not a draw in general: with the %s to move and no capture to make, they win %d of %d positions (%d drawn)", strongName, quiet.wins, n, quiet.draws)
	}
}

// count adds a value to y without an example.
func (y *tally) count(v tables.Result) {
	switch v {
	case tables.Win:
		y.wins++
	case tables.Loss:
		y.losses++
	default:
		y.draws++
	}
}

// example is p (value v) as an example, with its distance where its table
// stores one (the 6-piece tables do not: Plies nil).
func example(t *tables.System, p bitboard10.Position, v tables.Result, note string) Example {
	e := Example{FEN: p.FEN(), Result: v.String(), Note: note}
	if q, err := draughts.ParseFEN(draughts.International, e.FEN); err == nil {
		if r, plies, ok, _ := t.Probe(q); ok && r == v {
			e.Plies = &plies
		}
	}
	return e
}
