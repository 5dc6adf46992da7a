package importer

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/pdn"
)

// gameTypeNames are the GameType numbers of the variants metz does not
// play (PDN 3.0's, and lidraughts' Breakthrough, whose moves are the
// international ones but whose game the first king ends), so that such a
// game is named rather than played on a board it does not belong to.
var gameTypeNames = map[int]string{41: "Spantsiretti draughts", 50: "Othello",
	96: "Breakthrough (lidraughts: international moves, the first king wins)"}

// lidraughtsGameTypes are the GameType numbers lidraughts writes beyond
// the PDN standard's (scaladraughts' variants): antidraughts is qui perd
// gagne on the international board, Frysk! is Frisian draughts from five
// men a side (its games carry their FEN), and a game "from position" is
// international draughts from the position of its FEN.
var lidraughtsGameTypes = map[int]*draughts.Rules{98: draughts.QuiPerdGagne, 97: draughts.Frisian,
	99: draughts.International}

// variantNames are the Variant tags of the variants metz knows of but
// does not play, as lidraughts and PlayStrategy write them (PlayStrategy
// names Breakthrough "BRKTHRU"; Dameo moves orthogonally too).
var variantNames = map[string]string{"breakthrough": gameTypeNames[96], "brkthru": gameTypeNames[96],
	"dameo": "Dameo (men move straight ahead too, kings fly on lines and files)"}

// unplayedVariant names the variant of a Variant tag metz knows of but
// does not play ("[Variant "BRKTHRU"] is Breakthrough …"), "" for any other.
func unplayedVariant(g *pdn.Game) string {
	v, _ := g.Tag("Variant")
	if name, ok := variantNames[strings.ToLower(strings.TrimSpace(v))]; ok {
		return fmt.Sprintf("[Variant %q] is %s, a variant metz does not play", v, name)
	}
	return ""
}

// unplayedGameType names the variant of a GameType metz knows of but does
// not play ("GameType 40 (Frisian draughts)"), or says it is unknown.
func unplayedGameType(gt string) string {
	first, _, _ := strings.Cut(gt, ",")
	if n, err := strconv.Atoi(strings.TrimSpace(first)); err == nil {
		if name, ok := gameTypeNames[n]; ok {
			return fmt.Sprintf("[GameType %q] is %s, a variant metz does not play", gt, name)
		}
	}
	return fmt.Sprintf("[GameType %q] is no variant metz knows", gt)
}

// inference is the rule system chosen for a game that does not state one,
// and the warning that says how (empty when PDN's default, international,
// was taken with nothing against it).
type inference struct {
	rules *draughts.Rules
	note  string
}

// inferRules chooses the rule system of a game without GameType: the
// notation narrows the candidates (algebraic squares: the 8x8 systems that
// write them; numbers up to 32: the 8x8 numbered systems after PDN's
// default; up to 50: international; beyond: Canadian), then the game is
// replayed under each, and the first under which every move replays is
// taken — or prefer, when it is one of those or the game states neither
// position nor move (prefer: the system the file's other games replay
// under alone, fileRules).
func inferRules(g *pdn.Game, prefer *draughts.Rules) inference {
	t := tryRules(g)
	cands, fit, best := t.cands, t.fit, t.best
	tried := ruleList(cands)
	switch {
	case prefer != nil && !statesAnything(g):
		return inference{prefer, fmt.Sprintf("rules: no GameType tag, position or move; read as %s, the only system under which other games of the file replay", prefer.Name)}
	case len(fit) > 1 && prefer != nil && slices.Contains(fit, prefer):
		return inference{prefer, fmt.Sprintf("rules: no GameType tag and the game replays under several systems (%s); read as %s, the only system under which other games of the file replay", ruleList(fit), prefer.Name)}
	case len(fit) == 1 && fit[0] == draughts.International,
		len(fit) > 1 && fit[0] == draughts.International && !statesAnything(g),
		len(fit) == 0 && len(cands) == 1 && cands[0] == draughts.International:
		// PDN's default: taken without a word (a move that fails says so).
		return inference{rules: draughts.International}
	case len(fit) == 1:
		return inference{fit[0], fmt.Sprintf("rules: no GameType tag; read as %s, the only system under which the game replays (tried %s)", fit[0].Name, tried)}
	case len(fit) > 1:
		return inference{fit[0], fmt.Sprintf("rules: no GameType tag and the game replays under several systems (%s); read as %s, the first of them", ruleList(fit), fit[0].Name)}
	case len(fit) == 0 && prefer != nil:
		return inference{prefer, fmt.Sprintf("rules: no GameType tag and no system replays every move (tried %s); read as %s, the file's", tried, prefer.Name)}
	case best >= 0:
		return inference{cands[best], fmt.Sprintf("rules: no GameType tag and no system replays every move (tried %s); read as %s, under which the fewest fail", tried, cands[best].Name)}
	}
	// The FEN tag reads under none: its own warning says why.
	return inference{rules: draughts.International}
}

// trial is a game replayed under each candidate system: the candidates,
// those under which every move replays, whether each finds the game's
// diagram impossible (a man on its crowning row), and the index of the
// one under which the fewest fail (-1: the FEN reads under none).
type trial struct {
	cands, fit []*draughts.Rules
	impossible []bool
	best       int
}

func tryRules(g *pdn.Game) trial {
	t := trial{cands: candidateRules(g), best: -1}
	t.impossible = make([]bool, len(t.cands))
	bestFails := 0
	for i, r := range t.cands {
		fails, impossible, ok := replayFailures(g, r)
		if !ok {
			continue
		}
		t.impossible[i] = impossible
		if fails == 0 {
			t.fit = append(t.fit, r)
		}
		if t.best < 0 || fails < bestFails {
			t.best, bestFails = i, fails
		}
	}
	return t
}

func ruleList(rs []*draughts.Rules) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.Name
	}
	return strings.Join(names, ", ")
}

// statesAnything reports whether a game has a position or a move to infer
// its rules from (a header alone is any system's start).
func statesAnything(g *pdn.Game) bool {
	fen, _ := g.Tag("FEN")
	return g.Root.Next != nil || strings.TrimSpace(fen) != ""
}

// candidateRules lists the systems whose notation fits the game's squares,
// most likely first. The count of squares that makes a board 8x8 is the
// file's evidence (fileVote); a game tried alone puts international, PDN's
// default, before the 8x8 systems.
func candidateRules(g *pdn.Game) []*draughts.Rules {
	alpha, maxSq := gameSquares(g, nil)
	return fileCandidates(alpha, maxSq, 0)
}

// walk calls f on every move of the tree, variations included.
func walk(n *pdn.Node, f func(*pdn.Node)) {
	for ; n != nil; n = n.Next {
		f(n)
		for _, v := range n.Variations {
			walk(v, f)
		}
	}
}

// replayFailures counts the moves of the main line that do not replay
// under r (a move after a failed one counts as failed too), and reports
// whether r finds the game's diagram impossible; ok is false when the FEN
// tag does not read under r.
func replayFailures(g *pdn.Game, r *draughts.Rules) (fails int, impossible, ok bool) {
	pos, _, err := startPosition(g, r)
	if err != nil {
		return 0, false, false
	}
	if fen, _ := g.Tag("FEN"); strings.TrimSpace(fen) != "" {
		impossible = len(pos.Validate()) > 0
	}
	for n := g.Root.Next; n != nil; n = n.Next {
		if fails > 0 {
			fails++
			continue
		}
		m, last, _, err := resolvePly(pos, n)
		if err != nil {
			fails++
			continue
		}
		pos = pos.Play(m)
		n = last
	}
	return fails, impossible, true
}

// startPosition is the game's position under r: its FEN tag, else the
// start. A FEN whose side to move is "?" (PDN 3.0 allows it) takes the
// side whose first move the game plays, which settles it; with no move to
// settle it, the side that opens the game under r, and the note says so.
func startPosition(g *pdn.Game, r *draughts.Rules) (draughts.Position, string, error) {
	fen, ok := g.Tag("FEN")
	if !ok || strings.TrimSpace(fen) == "" {
		return draughts.Start(r), "", nil
	}
	t := strings.TrimSpace(fen)
	if !strings.HasPrefix(t, "?") {
		pos, err := draughts.ParseFEN(r, fen)
		return pos, "", err
	}
	var sides []draughts.Position
	for _, side := range []string{"W", "B"} {
		pos, err := draughts.ParseFEN(r, side+t[1:])
		if err != nil {
			return pos, "", err
		}
		if first := g.Root.Next; first != nil {
			if _, _, _, err := resolvePly(pos, first); err == nil {
				sides = append(sides, pos)
			}
		}
	}
	if len(sides) == 1 {
		return sides[0], "", nil
	}
	side := "W"
	if r.FirstMover == draughts.Black {
		side = "B"
	}
	pos, err := draughts.ParseFEN(r, side+t[1:])
	return pos, fmt.Sprintf("the FEN tag leaves the side to move open (?) and no move settles it: %s, who opens the game in %s, is taken", strings.ToLower(r.FirstMover.String()), r.Name), err
}

// resolveMove finds the legal move a PDN move names. Two slips of real
// files are read as the standard's notation determines them: a plain move
// written with "x" (only one move joins its squares), and a capture
// written from its two ends where several paths take different pieces,
// when the moves that follow replay after one path only. Only a capture
// that nothing after it settles gets a note, naming the path taken.
func resolveMove(pos draughts.Position, n *pdn.Node) (draughts.Move, string, error) {
	m, err := draughts.ParseMove(pos, n.Move)
	var me *draughts.MoveError
	if err == nil || !errors.As(err, &me) || len(me.Candidates) == 0 {
		return m, "", err
	}
	switch {
	case strings.HasPrefix(me.Reason, "written as a capture"):
		if len(me.Candidates) == 1 {
			if m, err2 := draughts.ParseMove(pos, me.Candidates[0]); err2 == nil {
				return m, "", nil
			}
		}
	case strings.HasPrefix(me.Reason, "ambiguous"):
		if m, name, ok := settleByLookahead(pos, n, me.Candidates); ok {
			if n.Next != nil {
				return m, "", nil
			}
			return m, fmt.Sprintf("%s could take different pieces and nothing follows to tell them apart: read as %s, the first of %s", n.Move, name, strings.Join(me.Candidates, ", ")), nil
		}
	}
	return m, "", err
}

// lookahead bounds how many of the following moves settle an ambiguous
// capture.
const lookahead = 20

// settleByLookahead picks, among the capture paths a move could mean, the
// one after which most of the following moves replay, if one does better
// than the others.
func settleByLookahead(pos draughts.Position, n *pdn.Node, cands []string) (draughts.Move, string, bool) {
	best, bestN, tie := -1, -1, false
	var moves []draughts.Move
	for i, c := range cands {
		cm, err := draughts.ParseMove(pos, c)
		if err != nil {
			return draughts.Move{}, "", false
		}
		moves = append(moves, cm)
		k := replayCount(pos.Play(cm), n.Next)
		switch {
		case k > bestN:
			best, bestN, tie = i, k, false
		case k == bestN:
			tie = true
		}
	}
	if best < 0 || tie && n.Next != nil {
		return draughts.Move{}, "", false
	}
	// Nothing follows the last move of a line to settle it: the first
	// path is as good as the others, and the note names them all.
	return moves[best], cands[best], true
}

// replayCount counts the moves of the line from n that replay from pos, up
// to lookahead; an ambiguous move counts and ends the count.
func replayCount(pos draughts.Position, n *pdn.Node) int {
	k := 0
	for ; n != nil && k < lookahead; n = n.Next {
		m, err := draughts.ParseMove(pos, n.Move)
		if err != nil {
			var me *draughts.MoveError
			if errors.As(err, &me) && strings.HasPrefix(me.Reason, "ambiguous") {
				k++
				break
			}
			sm, last, ok := splitCapture(pos, n)
			if !ok {
				break
			}
			m, n = sm, last
		}
		pos = pos.Play(m)
		k++
	}
	return k
}
