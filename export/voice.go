package export

import (
	"fmt"
	"strings"

	"metz/problems"
	"metz/verdict"
)

// Lang is the voice of a document: the language of every word metz adds
// and the notation of the moves those words name. The book's style is
// French with moves "32 à 28" (book, HTML, PDF); PDN, JSON and the modern
// notation are English with moves "32-28". The French documents' line in
// modern notation is FrenchModern: French words, modern moves.
type Lang int

const (
	English Lang = iota
	French
	FrenchModern
)

// move names a move the solver wrote ("32-28", "19x30x39") in the voice's
// notation: the book writes its two ends, "32 à 28", "19 à 39".
func (l Lang) move(m string) string {
	if l != French {
		return m
	}
	sq := strings.FieldsFunc(m, func(r rune) bool { return r == '-' || r == 'x' || r == ' ' || r == 'à' })
	if len(sq) < 2 {
		return m
	}
	return sq[0] + " à " + sq[len(sq)-1]
}

// moves names a line of moves, separated by commas.
func (l Lang) moves(ms []string) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = l.move(m)
	}
	return strings.Join(out, ", ")
}

// say picks the English or the French of a remark.
func (l Lang) say(en, fr string) string {
	if l != English {
		return fr
	}
	return en
}

// remark is a comment metz puts on a move: "metz: …" (French typography
// puts a space before the colon).
func (l Lang) remark(en, fr string) string {
	return l.say("metz: "+en, "metz : "+fr)
}

// verdictNames are the verdicts in the French of the problem books.
var verdictNames = map[verdict.Verdict]string{
	verdict.Sound:           "juste",
	verdict.SoundIncomplete: "juste, solution incomplète",
	verdict.Cooked:          "démoli",
	verdict.Unsound:         "faux",
	verdict.Misprint:        "coquille",
	verdict.Unproven:        "non prouvé",
	verdict.NoPosition:      "sans position",
}

// verdict names a verdict in the voice; a name French does not know is
// kept as stored.
func (l Lang) verdict(v verdict.Verdict) string {
	if fr, ok := verdictNames[v]; ok && l != English {
		return fr
	}
	return string(v)
}

// solverPhrases are the solver's fixed remarks and their French, matched
// by prefix; what follows the prefix (a position, a move) is kept, a move
// renamed in the book's notation.
var solverPhrases = []struct{ en, fr string }{
	{"the opponent forces a win here", "l'adversaire force le gain ici"},
	{"the stated line ends in a position where the goal is not forced", "la ligne donnée finit sur une position où le but n'est pas forcé"},
	{"this defence escapes", "cette défense échappe"},
	{"no first move meets the goal", "aucun premier coup n'atteint le but"},
	{"budget exhausted before the draw was proven", "budget épuisé avant la preuve de la remise"},
	{"budget exhausted before the end of the line was proven", "budget épuisé avant la preuve de la fin de la ligne"},
	{"budget exhausted on an omitted defence", "budget épuisé sur une défense omise"},
	{"budget exhausted", "budget épuisé avant une preuve ou une réfutation"},
	{"printed as White's move but Black is to move", "imprimé comme coup des Blancs, mais les Noirs ont le trait"},
	{"printed as Black's move but White is to move", "imprimé comme coup des Noirs, mais les Blancs ont le trait"},
}

// solverText says a remark of the solver's in the voice. In French a
// remark it has no words for gets fallback, so that no English slips
// into a French page (the English stays in the PDN and JSON exports).
func (l Lang) solverText(s, fallback string) string {
	if l == English {
		return s
	}
	for _, p := range solverPhrases {
		if rest, ok := strings.CutPrefix(s, p.en); ok {
			if rest = strings.TrimPrefix(rest, ": "); rest != "" && strings.IndexFunc(rest, isLetterNotSquare) < 0 {
				return p.fr + " : " + l.move(rest)
			}
			if rest != "" {
				return p.fr + " : " + rest // a position (FEN)
			}
			return p.fr
		}
	}
	return fallback
}

// isLetterNotSquare tells a FEN or a word from a move such as "6-11" or
// "19x39" (whose only letter is the capture's x).
func isLetterNotSquare(r rune) bool {
	return (r >= 'A' && r <= 'Z') || (r >= 'a' && r <= 'w') || r == 'y' || r == 'z'
}

// plural counts n things in the voice: "2 cooks", "2 démolitions".
func (l Lang) count(n int, en, enMany, fr, frMany string) string {
	if n == 1 {
		return "1 " + l.say(en, fr)
	}
	return fmt.Sprintf("%d %s", n, l.say(enMany, frMany))
}

// otherPhrases are English remarks stored in trees by other parts of metz
// (the solver's answer trees), with their French.
var otherPhrases = []struct{ en, fr string }{
	{"endgame tables: won in ", "tables de finales : gain en "},
	{"endgame tables: won (distance not stored)", "tables de finales : gain (distance non conservée)"},
	{"proof continues (not printed: tree size limit)", "la preuve continue (non imprimée : limite de taille de l'arbre)"},
	{" plies", " demi-coups"},
	{"[repair of ", "[réparation de "},
}

// frenchTree is a copy of t whose comments say nothing in English: the
// importer's notes on how it read a printed move ("read as …", which the
// book's move written beside them makes plain) are left out, and the
// solver's fixed remarks are translated. The book's own comments are kept.
func frenchTree(t *problems.Tree) *problems.Tree {
	if t == nil {
		return nil
	}
	t = t.Clone()
	t.Walk(func(n *problems.Node, _ int) { n.Comment = frenchComment(n.Comment) })
	return t
}

func frenchComment(c string) string {
	if c == "" {
		return c
	}
	var kept []string
	reading := false // inside an importer's note, which may hold "; " itself
	for _, seg := range strings.Split(c, "; ") {
		switch {
		case strings.HasPrefix(seg, "read as "):
			reading = true
			continue
		case reading && !strings.HasPrefix(seg, "metz"):
			continue
		}
		reading = false
		for _, p := range otherPhrases {
			seg = strings.ReplaceAll(seg, p.en, p.fr)
		}
		kept = append(kept, seg)
	}
	return strings.Join(kept, "; ")
}
