package app

import (
	"fmt"
	"regexp"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// AdHocProblem is a problem given on the command line rather than stored:
// a position, a stipulation and a main line (see SolutionMoves), "" for
// none (then the verification asks whether exactly one first move meets
// the goal). A line that holds no move ("Coup 9") is refused: it is a
// mistake in what was typed, not a misprint of a problem. Squares written
// algebraically ("e3-d4", as a FEN may give them) are read as such under
// every rule system, not as the numbers in them.
func AdHocProblem(pos draughts.Position, stipulation, solution string) (*problems.Problem, error) {
	p := &problems.Problem{Label: "ad hoc", Rules: pos.Rules.Name, FEN: pos.FEN(), Stipulation: stipulation}
	if strings.TrimSpace(solution) == "" {
		return p, nil
	}
	moves := solutionMove.FindAllString(solution, -1)
	if len(moves) == 0 {
		return nil, fmt.Errorf("solution %q: no move in it (expected moves such as 32-28 19-23, 1. 32-28 19-23 or 32 à 28 19 à 23)", solution)
	}
	for i, m := range moves {
		var err error
		if moves[i], err = squaresAsRulesName(pos.Rules, m); err != nil {
			return nil, fmt.Errorf("solution %q: move %q: %w", solution, m, err)
		}
	}
	p.Solution = lineTree(pos, moves)
	return p, nil
}

// algebraicSquare is a square written as a column letter and a row.
var algebraicSquare = regexp.MustCompile(`[a-l]\d{1,2}`)

// squaresAsRulesName writes the algebraic squares of a typed move as the
// rules name them (numbers, on the boards that number their squares), so
// that the move reader, which reads letters only where the rules use
// them, does not take "e3" for square 3.
func squaresAsRulesName(r *draughts.Rules, move string) (string, error) {
	var err error
	out := algebraicSquare.ReplaceAllStringFunc(move, func(sq string) string {
		s, serr := r.Geo.ParseSquare(sq)
		if serr != nil {
			err = serr
			return sq
		}
		return r.SquareName(s)
	})
	return out, err
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
	t := &problems.Tree{Start: pos.FEN()}
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
