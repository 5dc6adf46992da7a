package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// FENError says what is wrong with a FEN string and where.
type FENError struct {
	FEN    string
	Field  int // 1-based field (":"-separated); 0 for the whole string
	Detail string
}

func (e *FENError) Error() string {
	if e.Field > 0 {
		return fmt.Sprintf("FEN %q, field %d: %s", e.FEN, e.Field, e.Detail)
	}
	return fmt.Sprintf("FEN %q: %s", e.FEN, e.Detail)
}

// ParseFEN reads a PDN FEN such as "W:W31-50:B1-20", "B:WK46,28:B17,K3."
// or "W:Wc3,e3:Bd4". Kings are prefixed with K, ranges of numbered squares
// are allowed, white space and a trailing dot are ignored, lidraughts'
// extra fields (H0, F1) are skipped, and its Frisian king runs (+0+319)
// are read (setRuns).
func ParseFEN(r *Rules, fen string) (Position, error) {
	clean := strings.TrimSuffix(UnwrapFENTag(strings.Join(strings.Fields(fen), "")), ".")
	p := NewPosition(r)
	fail := func(field int, format string, a ...any) (Position, error) {
		return Position{}, &FENError{FEN: fen, Field: field, Detail: fmt.Sprintf(format, a...)}
	}
	if clean == "" {
		return fail(0, "empty (expected something like W:W31-50:B1-20)")
	}
	fields := strings.Split(clean, ":")
	switch strings.ToUpper(fields[0]) {
	case "W":
		p.Turn = White
	case "B":
		p.Turn = Black
	default:
		return fail(1, "side to move %q (expected W or B)", fields[0])
	}
	seen := map[int]bool{}
	runs, runsAt := "", 0
	for i, f := range fields[1:] {
		if f == "" || isClockField(f) {
			continue
		}
		if f[0] == '+' {
			runs, runsAt = f, i+2
			continue
		}
		var c Color
		switch f[0] {
		case 'W', 'w':
			c = White
		case 'B', 'b':
			c = Black
		default:
			return fail(i+2, "%q does not start with W or B", f)
		}
		if err := p.addPieces(f[1:], c, seen); err != nil {
			return fail(i+2, "%v", err)
		}
	}
	if err := p.setRuns(runs); err != nil {
		return fail(runsAt, "%v", err)
	}
	return p, nil
}

// setRuns reads lidraughts' Frisian field of king runs, "+B+W": Black's
// run, then White's, each its length (0 to 3) and, when not 0, the square
// of its king written with two digits ("+0+319": White's king on 19 has
// made three quiet moves in a row). A run of a side without men is none.
func (p *Position) setRuns(field string) error {
	if field == "" {
		return nil
	}
	parts := strings.Split(field[1:], "+")
	if len(parts) != 2 {
		return fmt.Errorf("king runs %q: expected +B+W, like +0+319", field)
	}
	for i, c := range []Color{Black, White} {
		run, err := p.parseRun(parts[i], c)
		if err != nil {
			return fmt.Errorf("king runs %q: %s: %v", field, c, err)
		}
		p.Runs[c] = run
	}
	p.Runs = p.HeldRuns() // a side without men: the limit does not apply
	return nil
}

// parseRun reads one side's run: a digit, then its king's square.
func (p *Position) parseRun(s string, c Color) (KingRun, error) {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return KingRun{}, fmt.Errorf("%q is no run length", s)
	}
	n := int(s[0] - '0')
	if n == 0 {
		return KingRun{}, nil
	}
	if lim := p.Rules.KingMoveLimit; n > lim {
		if lim == 0 {
			return KingRun{}, fmt.Errorf("%s has no limit on a king's moves", p.Rules.Name)
		}
		return KingRun{}, fmt.Errorf("run of %d moves, the limit is %d", n, lim)
	}
	sq := -1
	if s[1:] == "" { // no square: the side's only king
		for q, pc := range p.Board {
			if pc == KingOf(c) {
				if sq >= 0 {
					return KingRun{}, fmt.Errorf("run of %d moves names no king, and there are several", n)
				}
				sq = q
			}
		}
	} else {
		v, err := strconv.Atoi(s[1:])
		if err != nil || v < 1 || v > p.Rules.Geo.N {
			return KingRun{}, fmt.Errorf("%q is not a square of the board", s[1:])
		}
		sq = v - 1
	}
	if sq < 0 || p.Board[sq] != KingOf(c) {
		return KingRun{}, fmt.Errorf("run of %d moves: no %s king on its square", n, strings.ToLower(c.String()))
	}
	return KingRun{Square: uint8(sq), Moves: uint8(n)}, nil
}

// UnwrapFENTag returns the FEN of a PDN tag pasted whole ([FEN "W:W28:B19"]
// gives W:W28:B19), else s without the quotes and brackets around it.
func UnwrapFENTag(s string) string {
	s = strings.Trim(strings.TrimSpace(s), `"[]`)
	if len(s) > 3 && strings.EqualFold(s[:3], "FEN") {
		s = strings.Trim(strings.TrimSpace(s[3:]), `"`)
	}
	return s
}

// isClockField recognises lidraughts' move counters ("H0", "F12").
func isClockField(f string) bool {
	if len(f) < 2 || (f[0] != 'H' && f[0] != 'F') {
		return false
	}
	_, err := strconv.Atoi(f[1:])
	return err == nil
}

func (p *Position) addPieces(list string, c Color, seen map[int]bool) error {
	if list == "" {
		return nil
	}
	for _, item := range strings.Split(list, ",") {
		if item == "" {
			continue
		}
		// A lower-case k is a king too where no column is named k (boards
		// of ten columns or fewer): "k46" as some programs write it.
		king := item[0] == 'K' || item[0] == 'k' && p.Rules.Geo.Width <= 10
		if king {
			item = item[1:]
		}
		squares, err := p.Rules.Geo.parseRange(item)
		if err != nil {
			return err
		}
		for _, s := range squares {
			if seen[s] {
				return fmt.Errorf("square %s is given twice", p.Rules.SquareName(s))
			}
			seen[s] = true
			p.Board[s] = ManOf(c)
			if king {
				p.Board[s] = KingOf(c)
			}
		}
	}
	return nil
}

// parseRange reads "31", "c3" or "31-35".
func (g *Geometry) parseRange(item string) ([]int, error) {
	if a, b, ok := strings.Cut(item, "-"); ok {
		lo, err := g.ParseSquare(a)
		if err != nil {
			return nil, err
		}
		hi, err := g.ParseSquare(b)
		if err != nil {
			return nil, err
		}
		if hi < lo {
			return nil, fmt.Errorf("range %q runs backwards", item)
		}
		var out []int
		for s := lo; s <= hi; s++ {
			out = append(out, s)
		}
		return out, nil
	}
	s, err := g.ParseSquare(item)
	if err != nil {
		return nil, err
	}
	return []int{s}, nil
}

// FEN writes the position as a PDN FEN, squares in the rules' notation.
func (p Position) FEN() string {
	var b strings.Builder
	b.Grow(4 * len(p.Board))
	b.WriteString(colorLetter(p.Turn))
	for _, c := range []Color{White, Black} {
		b.WriteString(":" + colorLetter(c))
		first := true
		for s, pc := range p.Board {
			if !pc.Belongs(c) {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			if pc.IsKing() {
				b.WriteByte('K')
			}
			b.WriteString(p.Rules.SquareName(s))
		}
	}
	if p.Runs != [2]KingRun{} {
		b.WriteString(":" + runField(p.Runs))
	}
	return b.String()
}

// colorLetter is a colour's letter in a FEN.
func colorLetter(c Color) string {
	if c == Black {
		return "B"
	}
	return "W"
}

// runField writes the king runs as lidraughts does: "+B+W", each run's
// length and, when not 0, its king's square number in two digits.
func runField(runs [2]KingRun) string {
	var b strings.Builder
	for _, c := range []Color{Black, White} {
		fmt.Fprintf(&b, "+%d", runs[c].Moves)
		if runs[c].Moves > 0 {
			fmt.Fprintf(&b, "%02d", int(runs[c].Square)+1)
		}
	}
	return b.String()
}

// SquareName writes square s as the rules write it ("32" or "c3").
func (r *Rules) SquareName(s int) string {
	if r.Algebraic {
		return r.Geo.Algebraic(s)
	}
	return strconv.Itoa(s + 1)
}

// Validate lists what makes a position impossible in a game (it is still
// usable for analysis): men on their own crowning row, no piece at all.
func (p Position) Validate() []string {
	var out []string
	for s, pc := range p.Board {
		if pc.IsMan() && p.Rules.PromotionRow(s, pc.Color()) {
			out = append(out, fmt.Sprintf("%s man on %s, its crowning row", pc.Color(), p.Rules.SquareName(s)))
		}
	}
	return out
}

// Crowned is p with every man on its crowning row made a king: the
// position a game can reach that a diagram showing such a man most likely
// means (a man there is crowned as it arrives).
func (p Position) Crowned() Position {
	q := p.Clone()
	for s, pc := range q.Board {
		if pc.IsMan() && q.Rules.PromotionRow(s, pc.Color()) {
			q.Board[s] = pc.Crowned()
		}
	}
	return q
}

// MarshalText writes the position as its FEN, so that a record carrying a
// position writes it as text (JSON, database). Reading it back needs its
// rules: ParseFEN.
func (p *Position) MarshalText() ([]byte, error) { return []byte(p.FEN()), nil }
