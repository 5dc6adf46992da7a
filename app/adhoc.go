package app

import (
	"fmt"
	"regexp"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// AdHocProblem is a problem given on the command line rather than stored:
// a position, a stipulation (as --goal reads it: ParseGoal) and a main
// line (see SolutionMoves), "" for none. A line that holds no move is refused, not verified as a misprint;
// squares written as on a chessboard ("e3-d4") are read as such whatever
// the notation of the rules, as the position's FEN may be.
func AdHocProblem(pos draughts.Position, stipulation, solution string) (*problems.Problem, error) {
	stip, err := problems.ParseStipulation(stipulation)
	if err != nil {
		return nil, err
	}
	p := &problems.Problem{Label: "ad hoc", Rules: pos.Rules, Position: &pos, Stipulation: stip}
	if strings.TrimSpace(solution) == "" {
		return p, nil
	}
	moves := solutionMove.FindAllString(solution, -1)
	if len(moves) == 0 {
		return nil, fmt.Errorf("solution %q holds no move (expected a main line like 32-28 19-23, 1. 32-28 19-23 or 32 à 28 19 à 23)", solution)
	}
	for i, m := range moves {
		moves[i] = squareNumbers(pos.Rules, m)
	}
	p.Solution = lineTree(pos, moves)
	return p, nil
}

// chessSquare is a square named as on a chessboard: "c3".
var chessSquare = regexp.MustCompile(`[a-l]\d{1,2}`)

// squareNumbers writes the squares of move named as on a chessboard by
// their numbers when the rules number their squares (the move reader
// would read "e3" as 3); a name off the board's dark squares is kept, for
// the verdict to name.
func squareNumbers(r *draughts.Rules, move string) string {
	if r.Algebraic {
		return move
	}
	return chessSquare.ReplaceAllStringFunc(move, func(name string) string {
		s, err := r.Geo.ParseSquare(name)
		if err != nil {
			return name
		}
		return fmt.Sprint(r.Geo.Number(s))
	})
}

// solutionMove is one move of a typed main line: squares (numbers, or c3)
// joined by -, x, :, × or the books' "à" ("32-28", "33x22x13", "c3:e5",
// "28 à 23").
var solutionMove = regexp.MustCompile(`(?:\d{1,2}|[a-l]\d{1,2})(?:(?:\s*[-x:×]\s*|\s+a\s+|\s*à\s*)(?:\d{1,2}|[a-l]\d{1,2}))+`)

// SolutionMoves reads the moves of a main line written as PDN
// ("1. 32-28 19-23 2. 28x19"), plainly ("32-28 19-23") or as the books
// write them ("32 à 28 19 à 23"): move numbers and marks are left out.
// A line with no move in it is split at blanks, so that the verdict names
// what could not be read.
func SolutionMoves(line string) []string {
	ms := solutionMove.FindAllString(line, -1)
	if len(ms) == 0 {
		return strings.Fields(line)
	}
	return ms
}

// lineTree turns a main line into a stated tree, sides alternating from
// the side to move.
func lineTree(pos draughts.Position, moves []string) *problems.Tree {
	t := &problems.Tree{Start: &pos}
	white := pos.Turn == draughts.White
	ns := &t.Children
	for _, m := range moves {
		n := &problems.Node{Text: m, Move: m, White: white, Origin: problems.Printed}
		*ns = append(*ns, n)
		ns, white = &n.Children, !white
	}
	return t
}

// ParsePosition reads a position given on the command line: "start" (or
// "initial") or a FEN, under the named rules.
func ParsePosition(rulesName, arg string) (draughts.Position, error) {
	r, err := draughts.RulesByName(rulesName)
	if err != nil {
		return draughts.Position{}, err
	}
	if arg == "start" || arg == "initial" {
		return draughts.Start(r), nil
	}
	return draughts.ParseFEN(r, arg)
}

// NotEmpty refuses a board without a piece: there is nothing to solve (it
// was once reported won for the side to move).
func NotEmpty(p draughts.Position, fen string) error {
	if wm, wk, bm, bk := p.Material(); wm+wk+bm+bk == 0 {
		return fmt.Errorf("FEN %q: no piece on the board (expected a position such as W:W28:B19)", fen)
	}
	return nil
}
