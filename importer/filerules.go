package importer

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
)

// fileVote gathers, game by game, what decides the rule system of the
// games of a file that state none (no MetzRules, Variant or GameType
// tag): the squares they write and, for each system whose notation fits,
// how many of them replay under it and how many of their diagrams it
// finds impossible. The games of a file share a system: one vote decides
// for all of them, and one note says how.
type fileVote struct {
	games   int // games stating no rules
	stating int // those with a position or a move to infer from
	line    int // the first such game's line
	alpha   bool
	maxSq   int
	squares map[int]bool // the numbered squares written
	score   map[*draughts.Rules]*voteScore
}

// voteScore is one system's record over the games tried under it.
type voteScore struct {
	tried, fails, impossible int
}

// add counts one game of the file.
func (v *fileVote) add(g *pdn.Game) {
	if r, unplayed := pdnRules(g, func(string, string) {}); r != nil || unplayed != "" {
		return
	}
	v.games++
	if v.line == 0 {
		v.line = g.Line
	}
	if !statesAnything(g) {
		return // a header alone is any system's start
	}
	v.stating++
	alpha, maxSq := gameSquares(g, func(n int) {
		if v.squares == nil {
			v.squares = map[int]bool{}
		}
		v.squares[n] = true
	})
	v.alpha = v.alpha || alpha
	v.maxSq = max(v.maxSq, maxSq)
	if v.score == nil {
		v.score = map[*draughts.Rules]*voteScore{}
	}
	t := tryRules(g)
	for i, r := range t.cands {
		s := v.score[r]
		if s == nil {
			s = &voteScore{}
			v.score[r] = s
		}
		s.tried++
		if !slices.Contains(t.fit, r) {
			s.fails++
		}
		if t.impossible[i] {
			s.impossible++
		}
	}
}

// fileDecisionOf reads the whole file, game by game (a game that cannot
// be parsed is skipped), holding one game at a time, and decides the rules
// of its games that state none: the one pass over a file that decides for
// all of its games, before they are read again one by one.
func fileDecisionOf(rd *pdn.Reader, file string) fileDecision {
	var v fileVote
	for {
		g, err := rd.Next()
		var se *pdn.SyntaxError
		switch {
		case err == nil:
			v.add(g)
		case errors.As(err, &se):
		default: // io.EOF, or the file cannot be read further
			return v.decide(file)
		}
	}
}

// fileDecision is what the vote decided: the system of the games of the
// file that state none, and the note that says so. When some of them do
// not replay under it (partial), each of those is inferred from itself,
// taking the file's system where it fits (see forGame).
type fileDecision struct {
	rules   *draughts.Rules
	partial bool
	note    *problems.Warning
}

// forGame is the system a game stating none is read under (nil: inferred
// from the game itself, preferring the second result).
func (d fileDecision) forGame(g *pdn.Game) (given, prefer *draughts.Rules) {
	if d.rules == nil || !d.partial || !statesAnything(g) {
		return d.rules, nil
	}
	if fails, _, ok := replayFailures(g, d.rules); ok && fails == 0 {
		return d.rules, nil
	}
	return nil, d.rules
}

// decide takes, among the systems whose notation fits every square of the
// file (an 8x8 board's numbered systems first when no square exceeds 32),
// the one under which the most games replay — all of them, as a rule —
// then the one that finds the fewest diagrams impossible (a man on its
// crowning row), then the first.
func (v *fileVote) decide(file string) fileDecision {
	if v.stating == 0 {
		return fileDecision{}
	}
	cands := fileCandidates(v.alpha, v.maxSq, len(v.squares))
	fails := func(r *draughts.Rules) int {
		s := v.score[r]
		if s == nil {
			return v.stating
		}
		return s.fails + v.stating - s.tried
	}
	impossible := func(r *draughts.Rules) int {
		if s := v.score[r]; s != nil {
			return s.impossible
		}
		return 0
	}
	best := cands[0]
	var fit []*draughts.Rules
	for _, r := range cands {
		if fails(r) < fails(best) || fails(r) == fails(best) && impossible(r) < impossible(best) {
			best = r
		}
		if fails(r) == 0 {
			fit = append(fit, r)
		}
	}
	note := func(text string) *problems.Warning {
		return &problems.Warning{File: file, Line: v.line, Text: text,
			Expected: "a GameType tag naming the rules (or import --rules)"}
	}
	games := fmt.Sprintf("rules: no GameType tag (%s)", plural(v.games, "game"))
	d := fileDecision{rules: best, partial: fails(best) > 0}
	switch {
	case fails(best) == v.stating:
		// No game replays: nothing speaks for one system.
		return fileDecision{note: note(fmt.Sprintf("%s and no system under which any replays (tried %s): each read under the system under which the fewest of its moves fail, named at the game",
			games, ruleList(cands)))}
	case d.partial:
		d.note = note(fmt.Sprintf("%s; read as %s, under which the most replay (tried %s): %d of %d do not, each read under the system it replays under, if any (named at the game)",
			games, best.Name, ruleList(cands), fails(best), v.stating))
	case len(cands) == 1 && best == draughts.International:
		// PDN's default, with nothing against it: nothing was inferred.
	case len(fit) == 1:
		d.note = note(fmt.Sprintf("%s; read as %s, the only system under which every game of the file replays (tried %s)", games, best.Name, ruleList(cands)))
	default:
		d.note = note(games + "; " + fitNote(best, fit, v, impossible))
	}
	return d
}

// fitNote says why best was taken among several systems under which
// every game of the file replays.
func fitNote(best *draughts.Rules, fit []*draughts.Rules, v *fileVote, impossible func(*draughts.Rules) int) string {
	numbered := !v.alpha && v.maxSq <= 32
	why := fmt.Sprintf("read as %s: every game of the file replays under %s", best.Name, ruleList(fit))
	switch {
	case numbered && len(v.squares) >= eightByEight:
		why = fmt.Sprintf("read as %s: the %d squares written all lie within 1–32 (an 8x8 board's numbering) and every game replays under %s", best.Name, len(v.squares), ruleList(fit))
	case numbered && best == draughts.International:
		return fmt.Sprintf("read as international, PDN's default: every game replays under %s, and %d different squares, none beyond 32, are too few to call the board 8x8 (--rules says otherwise)", ruleList(fit), len(v.squares))
	}
	if best != fit[0] {
		return why + fmt.Sprintf("; %s finds %s impossible (a man on its crowning row), %s none", fit[0].Name, plural(impossible(fit[0]), "diagram"), best.Name)
	}
	return why + ", " + best.Name + " first"
}

// eightByEight is how many different squares a file must write, none
// beyond 32, to be read as an 8x8 board's: half of one. Fewer (a diagram
// or two of a few pieces) fit the corner of a 10x10 board as well, and
// PDN's default, international draughts, comes first.
const eightByEight = 16

// fileCandidates lists the systems whose notation fits every square of a
// file, most likely first. A file whose squares all lie within 1–32, and
// enough of them (eightByEight), is an 8x8 board's: English checkers (PDN's
// GameType 21, and the problem books without GameType) before the others,
// international last.
func fileCandidates(alpha bool, maxSq, distinct int) []*draughts.Rules {
	switch {
	case alpha:
		return []*draughts.Rules{draughts.Russian, draughts.Brazilian, draughts.Czech, draughts.Turkish}
	case maxSq <= 32 && distinct >= eightByEight:
		return []*draughts.Rules{draughts.English, draughts.Italian, draughts.Spanish, draughts.Pool, draughts.Thai, draughts.International}
	case maxSq <= 32:
		return []*draughts.Rules{draughts.International, draughts.English, draughts.Italian, draughts.Spanish, draughts.Pool, draughts.Thai}
	case maxSq <= 50:
		return []*draughts.Rules{draughts.International}
	}
	return []*draughts.Rules{draughts.Canadian}
}

// gameSquares reports whether a game writes algebraic squares, and the
// highest numbered square it writes, in its moves and its FEN; each
// numbered square is given to each (when not nil).
func gameSquares(g *pdn.Game, each func(int)) (alpha bool, maxSq int) {
	look := func(sq string) {
		switch {
		case sq == "":
		case sq[0] >= 'a' && sq[0] <= 'z':
			alpha = true
		default:
			if n, err := strconv.Atoi(sq); err == nil {
				maxSq = max(maxSq, n)
				if each != nil {
					each(n)
				}
			}
		}
	}
	walk(g.Root.Next, func(n *pdn.Node) {
		for _, s := range n.Squares {
			look(s)
		}
	})
	if fen, ok := g.Tag("FEN"); ok {
		for _, f := range strings.FieldsFunc(fen, func(r rune) bool { return strings.ContainsRune(":,-.", r) }) {
			look(strings.TrimLeft(strings.TrimSpace(f), "WBK?"))
		}
	}
	return alpha, maxSq
}

// plural writes "1 game", "3 games".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
