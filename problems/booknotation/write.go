package booknotation

import (
	"strings"
	"unicode/utf8"

	"metz/draughts"
	"metz/problems"
)

// colWidth is where the NOIRS column starts in written executions.
const colWidth = 16

// Write prints a solution tree in the book's style: a BLANCS / NOIRS
// heading, one row per move pair, "X à Y" moves, the alternatives of a
// branch point each introduced by "si" (a branch inside a branch by
// "deuxième si", and so on), "si … ou non" and "gagne." marks, and comments
// in braces. Reading the output with ParseExecution gives the tree back.
func Write(t *problems.Tree, r *draughts.Rules) string {
	w := &writer{rules: r}
	if t != nil {
		pos := t.Start // nil: the moves are written as printed
		w.walk(t.Children, 0, pos)
	}
	return w.layout()
}

// wcell is one cell to print.
type wcell struct {
	white   bool
	si      int
	text    string
	markRow bool // marks alone, on a row of their own in the move's column
	comment bool // text ends with a comment in braces
}

type writer struct {
	rules *draughts.Rules
	cells []wcell
}

// walk emits the alternatives at one point: a single move as the line's
// continuation, several as the branches of a new level.
func (w *writer) walk(children []*problems.Node, level int, pos *draughts.Position) {
	if len(children) == 1 {
		w.walk(children[0].Children, level, w.emit(children[0], 0, level, pos, false))
		return
	}
	for i, c := range children {
		apart := i == 0 && strings.Contains(c.Mark, MarkOuNon)
		next := w.emit(c, level+1, level+1, pos, apart)
		if apart {
			w.cells = append(w.cells, wcell{white: c.White, markRow: true, text: strings.TrimSpace(marksText(c.Mark))})
		}
		w.walk(c.Children, level+1, next)
	}
}

// emit adds the cell of n and returns the position after it, if known.
// An "ou non" move that is no alternative is written "si … ou non" with the
// level after the open ones, so that it cannot be read as a restart. With
// apart, the marks are left out: the caller writes them on a row of their
// own (the "ou non" of a branch's first way, which "si X ou non" on one row
// would turn into the idiom and lose the branch).
func (w *writer) emit(n *problems.Node, si, level int, pos *draughts.Position, apart bool) *draughts.Position {
	var next *draughts.Position
	var m draughts.Move
	resolved := false
	if pos != nil && n.Move != "" {
		if mv, err := draughts.ParseMove(*pos, n.Move); err == nil {
			m, resolved = mv, true
			p := pos.Play(mv)
			next = &p
		}
	}
	text := w.moveText(n, pos, m, resolved)
	var b strings.Builder
	if si > 0 {
		b.WriteString(siWord(si) + " ")
	} else if strings.Contains(n.Mark, MarkOuNon) {
		b.WriteString(siWord(level+1) + " ")
	}
	b.WriteString(text)
	if !apart {
		b.WriteString(marksText(n.Mark))
	}
	if n.Comment != "" {
		b.WriteString(" {" + strings.NewReplacer("{", "(", "}", ")", "\n", " ").Replace(n.Comment) + "}")
	}
	w.cells = append(w.cells, wcell{white: n.White, si: si, text: b.String(), comment: n.Comment != ""})
	return next
}

// marksText writes marks after a move: " gagne.", " ou non", " +".
func marksText(mark string) string {
	var b strings.Builder
	for _, mk := range strings.Split(mark, ", ") {
		switch mk {
		case "":
		case MarkGagne:
			b.WriteString(" gagne.")
		default:
			b.WriteString(" " + mk)
		}
	}
	return b.String()
}

// moveText keeps the printed text when it reads as a move (with a capture
// count after it or not) and, the move being resolved, as that move: a
// text the importer read loosely ("50 à 17 à 22", whose 17 is no landing,
// read as 50 à 22) would read back as another move or none. Otherwise it
// writes the resolved move as the book would, "X à Y", naming the landing
// squares between only when "X à Y" alone would be ambiguous.
func (w *writer) moveText(n *problems.Node, pos *draughts.Position, m draughts.Move, resolved bool) string {
	move, count := SplitCount(n.Text)
	// Numbers only: a move named by column and row ("c3:e5", as PDN has
	// it) is written the book's way below, "c3 à e5".
	if toks := tokenize(move, false); len(toks) > 0 {
		if txt, k := readMove(toks, 0); txt != "" && k == len(toks) && (!resolved || reads(pos, txt, m)) {
			if count > 0 {
				return strings.TrimSpace(n.Text) // the reader takes the count back as a comment
			}
			return txt
		}
	}
	if !resolved {
		if sq := squaresOf(n.Move); len(sq) >= 2 {
			return strings.Join(sq, " à ")
		}
		return "?? à ??" // never read back as a move: the parser will warn
	}
	short := w.rules.SquareName(m.From()) + " à " + w.rules.SquareName(m.To())
	if mv, err := draughts.ParseMove(*pos, short); err == nil && mv.SameEffect(m) {
		return short
	}
	parts := make([]string, len(m.Path))
	for i, s := range m.Path {
		parts[i] = w.rules.SquareName(s)
	}
	return strings.Join(parts, " à ")
}

// reads reports whether txt names exactly m in pos.
func reads(pos *draughts.Position, txt string, m draughts.Move) bool {
	mv, err := draughts.ParseMove(*pos, txt)
	return err == nil && mv.SameEffect(m)
}

// layout puts the cells in two columns: a Black move that continues the
// White move before it shares its row, unless that move has a comment (a
// row's comment belongs to its last move when it is read); every other
// cell starts a row.
func (w *writer) layout() string {
	var b strings.Builder
	b.WriteString(pad("BLANCS.") + "NOIRS.\n")
	open := "" // a White cell waiting for its Black partner
	flush := func() {
		if open != "" {
			b.WriteString(strings.TrimRight(open, " ") + "\n")
			open = ""
		}
	}
	for _, c := range w.cells {
		switch {
		case c.markRow && c.white:
			flush()
			b.WriteString(c.text + "\n")
		case c.white:
			flush()
			if c.si > 0 || c.comment {
				b.WriteString(c.text + "\n")
				continue
			}
			open = c.text
		case open != "" && c.si == 0 && !c.markRow:
			b.WriteString(pad(open) + c.text + "\n")
			open = ""
		default:
			flush()
			b.WriteString(strings.Repeat(" ", colWidth) + c.text + "\n")
		}
	}
	flush()
	return b.String()
}

// pad fills s to the NOIRS column, keeping at least two blanks.
func pad(s string) string {
	n := colWidth - utf8.RuneCountInString(s)
	if n < 2 {
		n = 2
	}
	return s + strings.Repeat(" ", n)
}
