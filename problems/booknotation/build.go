package booknotation

import (
	"fmt"
	"strings"
	"unicode"

	"metz/draughts"
	"metz/problems"
)

// Cell is one move of an execution as read from a source, in reading order,
// before it is placed in the tree. Readers of other layouts (Van Tenac's
// tables, his prose) produce cells and let Build do the placing and the
// replay, so that every source is resolved the same way.
type Cell struct {
	Line    int    // source line
	White   bool   // the column it is printed in
	Si      int    // 0: none; 1: "si"; 2: "deuxième si"; …
	Text    string // the move as printed, without "si" and marks: "28 à 23"
	Mark    string // "gagne", "ou non", …
	Comment string
	// Loose says that the squares between the first and the last are only
	// descriptive (prose naming squares a king passes over): if the full
	// text names no legal move, origin and destination alone are tried.
	Loose bool
	// MarkApart says a mark came on a row of its own below the move. The
	// writer prints the "ou non" of a branch's first way so, to tell it from
	// the idiom "si X ou non" on one row (a move the side may play or not,
	// which opens no branch).
	MarkApart bool
	// Partial, when set, is what the source names of a move it does not
	// print whole (prose); Build resolves it instead of Text.
	Partial *Partial
}

// state is a point of a line: the node last placed (nil at the root) and
// the position after it.
type state struct {
	node   *problems.Node
	pos    draughts.Position
	ok     bool // pos is known
	broken int  // line of the unresolved move that stopped the replay, 0 if none
}

type builder struct {
	file   string
	rules  *draughts.Rules
	tree   *problems.Tree
	cur    state
	points []state // open branch points, index = level-1
	warns  []problems.Warning
	ply    map[*problems.Node]int
}

// Build places cells in a solution tree and resolves every move on the
// board from start (nil when the position is unknown, in which case the
// tree only has the book's structure); the tree starts from it. A move that cannot be resolved is
// kept with Node.Issue set and a warning; the moves after it on the same
// line are kept too, their Issue saying they were not replayed (they get no
// warning of their own: the misprint is the move that broke the line).
func Build(file string, cells []Cell, r *draughts.Rules, start *draughts.Position) (*problems.Tree, []problems.Warning) {
	b := &builder{file: file, rules: r, tree: &problems.Tree{}, ply: map[*problems.Node]int{}}
	if start != nil {
		p := *start
		b.cur = state{pos: p, ok: true}
		b.tree.Start = &p
	}
	for _, c := range cells {
		b.add(c)
	}
	return b.tree, b.warns
}

func (b *builder) warn(line int, text, expected string, ply int) {
	b.warns = append(b.warns, problems.Warning{File: b.file, Line: line, Text: text, Expected: expected, Ply: ply})
}

// add places one cell: a "si" of level k reopens the branch point of level
// k if one is open (usage note 6°: the execution restarts where the first
// "si" of that level stood), else opens it here.
func (b *builder) add(c Cell) {
	if k := c.Si; k > 0 {
		switch {
		case k <= len(b.points):
			b.cur = b.points[k-1]
			b.points = b.points[:k]
		case strings.Contains(c.Mark, MarkOuNon) && !c.MarkApart:
			// "si 35 40 ou non": the defender may play it or not; no branch.
		default:
			if k > len(b.points)+1 {
				b.warn(c.Line, siWord(k)+" "+c.Text, fmt.Sprintf("%s inside a branch of level %d", siWord(k), k-1), 0)
			}
			for len(b.points) < k {
				b.points = append(b.points, b.cur)
			}
		}
	}
	n := &problems.Node{Text: c.Text, White: c.White, Mark: c.Mark, Comment: c.Comment, Line: c.Line}
	ply := 1
	if b.cur.node != nil {
		ply = b.ply[b.cur.node] + 1
		b.cur.node.Children = append(b.cur.node.Children, n)
	} else {
		b.tree.Children = append(b.tree.Children, n)
	}
	b.ply[n] = ply
	b.cur = b.resolve(n, c, ply)
}

// resolve finds the move of n on the board and returns the state after it.
func (b *builder) resolve(n *problems.Node, c Cell, ply int) state {
	prev := b.cur
	next := state{node: n}
	switch {
	case b.tree.Start == nil:
		return next
	case !prev.ok:
		// Not a misprint of its own: the warning is on the move that broke the line.
		n.Issue = fmt.Sprintf("not replayed: it follows the unresolved move on line %d", prev.broken)
		next.broken = prev.broken
		return next
	}
	m, note, err := b.find(prev.pos, c)
	if err != nil {
		n.Issue = err.Error()
		b.warn(c.Line, c.Text, expectedMove(prev.pos, err), ply)
		next.broken = c.Line
		return next
	}
	if note != "" {
		n.Comment = joinNote(n.Comment, note)
	}
	n.Move = b.rules.FormatMove(m, true)
	next.pos, next.ok = prev.pos.Play(m), true
	return next
}

// find resolves c's text in p, falling back to origin and destination for
// loose cells; a partial cell is resolved from what it names. The note says
// what was inferred ("" when the text named the move).
func (b *builder) find(p draughts.Position, c Cell) (draughts.Move, string, error) {
	if c.Partial != nil {
		return resolvePartial(p, c.Partial)
	}
	c.Text, _ = SplitCount(c.Text)
	m, err := draughts.ParseMove(p, c.Text)
	if err == nil || !c.Loose {
		return m, "", err
	}
	sq := squaresOf(c.Text)
	if len(sq) <= 2 {
		return m, "", err
	}
	short := sq[0] + " à " + sq[len(sq)-1]
	m2, err2 := draughts.ParseMove(p, short)
	if err2 != nil {
		return m, "", err
	}
	return m2, fmt.Sprintf("read as %s (origin and destination only): the squares between in %q are not the move's landings", short, c.Text), nil
}

// joinNote adds an importer's note to a node's comment.
func joinNote(comment, note string) string {
	if comment == "" {
		return note
	}
	return comment + "; " + note
}

// expectedMove says what a warning expected: a legal move for the side to
// move, with the candidates the engine offers.
func expectedMove(p draughts.Position, err error) string {
	s := "a legal move for " + strings.ToLower(p.Turn.String())
	if me, ok := err.(*draughts.MoveError); ok {
		s += " (" + me.Reason + ")"
		if len(me.Candidates) > 0 {
			s += "; candidates: " + strings.Join(me.Candidates, ", ")
		}
	} else if err != nil {
		s += " (" + err.Error() + ")"
	}
	return s
}

// squaresOf lists the squares s names: its digit runs, and the squares
// named by column and row ("c3": a letter, one digit, then no letter or
// digit).
func squaresOf(s string) []string {
	var out []string
	cur := ""
	rs := []rune(s + " ")
	for i, r := range rs {
		if r >= '0' && r <= '9' {
			cur += string(r)
			continue
		}
		if cur != "" {
			out = append(out, cur)
			cur = ""
		}
		if i+2 < len(rs) && isAlgebraic(string(rs[i:i+2])) && (i == 0 || !unicode.IsLetter(rs[i-1])) &&
			!unicode.IsLetter(rs[i+2]) && !unicode.IsDigit(rs[i+2]) {
			out = append(out, string(rs[i:i+2]))
			rs[i+1] = ' ' // its digit is read
		}
	}
	return out
}
