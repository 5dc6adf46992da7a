package problems

import (
	"fmt"
	"strconv"
	"strings"
)

// GoalKind is what the side to move at the start (the attacker) must
// achieve.
type GoalKind uint8

const (
	// GoalWin: the opponent is left with no piece or no legal move (under
	// qui perd gagne: the attacker is the one left without a move).
	GoalWin GoalKind = iota
	// GoalDraw: the attacker cannot lose (the opponent has no forced win).
	GoalDraw
	// GoalGain: the attacker is N pieces up on the starting balance at a
	// quiet position (no capture pending), or has won outright.
	GoalGain
	// GoalPromote: the attacker crowns a man, or has won outright.
	GoalPromote
	// GoalLoss: the side to move loses: the other side forces a win
	// against every move (problem books whose Result names the side not
	// to move as the winner).
	GoalLoss
)

// Stipulation is what a problem asks: its goal, N for gain:N, and a bound
// in plies. Its text is "win", "draw", "loss", "promote" or "gain:N", any
// but draw and loss bounded by "/P" ("gain:2/15": two pieces won within
// 15 plies; docs/stipulations.md). The zero value is an unbounded win.
// The solver proves it as it is (solver.Goal is this type).
type Stipulation struct {
	Kind GoalKind
	N    int // pieces to gain, for GoalGain
	// Within bounds the goal: it must be reached within that many plies
	// of the start, against every defence (0: no bound). A bounded goal
	// is a finite question, so every verdict on it is exact: "promote/9"
	// asks for a crowning within 9 plies, as a chess problem's "#3" asks
	// for mate in three moves.
	Within int
}

// The unbounded stipulations without a count.
var (
	StipWin     = Stipulation{Kind: GoalWin}     // les Blancs jouent et gagnent
	StipDraw    = Stipulation{Kind: GoalDraw}    // remise
	StipLoss    = Stipulation{Kind: GoalLoss}    // the side to move loses: the other side wins
	StipPromote = Stipulation{Kind: GoalPromote} // the line ends on a crowning
)

// ParseStipulation reads a stipulation's text: "win", "draw", "loss",
// "promote" or "gain:N" (or the French gagne, remise, perd, promotion),
// each but draw and loss optionally bounded by "/P" plies; "" is win.
func ParseStipulation(s string) (Stipulation, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	base, bound, bounded := strings.Cut(t, "/")
	g, err := parseGoalKind(strings.TrimSpace(base), s)
	if err != nil || !bounded {
		return g, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(bound))
	switch {
	case err != nil || n < 1:
		return Stipulation{}, fmt.Errorf("stipulation %q: expected a bound in plies after the slash, a whole number ≥ 1, like gain:2/15", s)
	case !g.Boundable():
		return Stipulation{}, fmt.Errorf("stipulation %q: a %s cannot be bounded (expected win, promote or gain:N before the slash)", s, g)
	}
	g.Within = n
	return g, nil
}

// parseGoalKind reads a stipulation without its bound; s is the whole
// text, for errors.
func parseGoalKind(t, s string) (Stipulation, error) {
	switch {
	case t == "" || t == "win" || t == "gagne":
		return StipWin, nil
	case t == "draw" || t == "remise":
		return StipDraw, nil
	case t == "loss" || t == "perd":
		return StipLoss, nil
	case t == "promote" || t == "promotion":
		return StipPromote, nil
	case strings.HasPrefix(t, "gain:"):
		n, err := strconv.Atoi(strings.TrimPrefix(t, "gain:"))
		if err != nil || n < 1 {
			return Stipulation{}, fmt.Errorf("stipulation %q: expected gain:N with N a whole number ≥ 1, like gain:2", s)
		}
		return Stipulation{Kind: GoalGain, N: n}, nil
	}
	return Stipulation{}, fmt.Errorf("unknown goal %q (expected a stipulation: win, draw, loss, promote or gain:N)", s)
}

// String writes the stipulation as ParseStipulation reads it.
func (g Stipulation) String() string {
	s := "win"
	switch g.Kind {
	case GoalDraw:
		s = "draw"
	case GoalLoss:
		s = "loss"
	case GoalGain:
		s = "gain:" + strconv.Itoa(g.N)
	case GoalPromote:
		s = "promote"
	}
	if g.Within > 0 {
		s += "/" + strconv.Itoa(g.Within)
	}
	return s
}

// Boundable reports whether the goal takes a bound in plies: a draw or a
// loss is the other side's win failing or succeeding, never bounded.
func (g Stipulation) Boundable() bool { return g.Kind != GoalDraw && g.Kind != GoalLoss }

// WithBound is g bounded by within plies (0: unbounded); a draw or a loss
// is never bounded.
func (g Stipulation) WithBound(within int) Stipulation {
	if g.Boundable() {
		g.Within = within
	}
	return g
}

// Bound is g bounded by within plies, a bound it has already replaced; 0
// leaves it as it is. A negative bound, or one on a draw or a loss, is an
// error (what a --within flag asks).
func (g Stipulation) Bound(within int) (Stipulation, error) {
	if within == 0 {
		return g, nil
	}
	if within < 0 || !g.Boundable() {
		return g, fmt.Errorf("--within %d on the goal %q: expected a number of plies ≥ 1 on win, promote or gain:N", within, g)
	}
	return g.WithBound(within), nil
}

// MarshalText writes the stipulation as its text, in JSON and elsewhere.
func (g Stipulation) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText reads the stipulation's text (ParseStipulation).
func (g *Stipulation) UnmarshalText(b []byte) error {
	s, err := ParseStipulation(string(b))
	if err != nil {
		return err
	}
	*g = s
	return nil
}
