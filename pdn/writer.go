package pdn

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// lineWidth is where movetext lines are wrapped; tag lines are never split.
const lineWidth = 80

// Write writes games as PDN: each game's tag pairs one per line, a blank
// line, then the movetext wrapped at 80 columns, games separated by a blank
// line. Move numbers, move strengths and NAGs are written as stored, so that
// parsing the output gives the same games back; comments are written in
// braces (or after ";" when they contain "}", which braces cannot hold).
func Write(w io.Writer, games []*Game) error {
	bw := bufio.NewWriter(w)
	for i, g := range games {
		if i > 0 {
			bw.WriteByte('\n')
		}
		writeGame(bw, g)
	}
	return bw.Flush() // bufio keeps the first write error
}

var tagEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ")

func writeGame(bw *bufio.Writer, g *Game) {
	for _, t := range g.Tags {
		bw.WriteString("[" + t.Name + ` "` + tagEscaper.Replace(t.Value) + "\"]\n")
	}
	var m movetext
	for _, c := range g.Comments {
		m.comment(c)
	}
	if g.Root != nil {
		m.line(g.Root.Next)
	}
	if g.Result != "" {
		m.add(g.Result, false)
	}
	if len(m.pieces) == 0 {
		return
	}
	if len(g.Tags) > 0 {
		bw.WriteByte('\n')
	}
	m.wrap(bw)
}

// piece is a unit the wrapper never splits; eol forces a line break after
// it (a ";" comment runs to the end of its line).
type piece struct {
	s      string
	closes int // ")" written after s; counted, as deep nesting would make appending quadratic
	eol    bool
}

type movetext struct {
	pieces []piece
	prefix string // "(" waiting for the first piece of a variation
}

func (m *movetext) add(s string, eol bool) {
	m.pieces = append(m.pieces, piece{s: m.prefix + s, eol: eol})
	m.prefix = ""
}

// line writes a line of play starting at n, with its variations.
func (m *movetext) line(n *Node) {
	for ; n != nil; n = n.Next {
		m.node(n)
		for _, v := range n.Variations {
			if v == nil {
				continue
			}
			m.prefix += "("
			m.line(v)
			m.closeParen()
		}
	}
}

func (m *movetext) closeParen() {
	last := &m.pieces[len(m.pieces)-1]
	if last.eol {
		m.add(")", false)
		return
	}
	last.closes++
}

func (m *movetext) node(n *Node) {
	for _, c := range n.CommentsBefore {
		m.comment(c)
	}
	move, nags := n.Move, n.NAGs
	if len(nags) > 0 && glued(n, nags[0]) {
		move += nags[0]
		nags = nags[1:]
	}
	if num := moveNumberText(n); num != "" {
		move = num + " " + move // one piece: never split a number from its move
	}
	m.add(move, false)
	for _, nag := range nags {
		m.add(nag, false)
	}
	for _, c := range n.Comments {
		m.comment(c)
	}
}

func moveNumberText(n *Node) string {
	switch {
	case n.MoveNumber > 0 && n.BlackToMove:
		return strconv.Itoa(n.MoveNumber) + "..."
	case n.MoveNumber > 0:
		return strconv.Itoa(n.MoveNumber) + "."
	case n.BlackToMove:
		return "..."
	}
	return ""
}

// glued reports whether a move strength is written against its move, as
// PDN 3.0 asks. "*" must be: on its own it would end the game. A strength
// in parentheses can always be glued, since "(" ends a word; the others
// only to a move that was understood, or the word would change meaning.
func glued(n *Node, nag string) bool {
	if strings.HasPrefix(nag, "(") {
		return true
	}
	return n.Squares != nil && nag != "" && strings.Trim(nag, "!?*") == ""
}

func (m *movetext) comment(c string) {
	words := strings.FieldsFunc(c, isSpace)
	if strings.Contains(c, "}") {
		m.add("; "+strings.Join(words, " "), true)
		return
	}
	if len(words) == 0 {
		m.add("{}", false)
		return
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for _, w := range words {
		m.add(w, false)
	}
}

func (m *movetext) wrap(bw *bufio.Writer) {
	col := 0
	for _, p := range m.pieces {
		n := utf8.RuneCountInString(p.s) + p.closes
		if col > 0 && col+1+n > lineWidth {
			bw.WriteByte('\n')
			col = 0
		}
		// A line starting with % is an escape line for readers, so such a
		// piece is indented.
		if col > 0 || strings.HasPrefix(p.s, "%") {
			bw.WriteByte(' ')
			col++
		}
		bw.WriteString(p.s)
		for range p.closes {
			bw.WriteByte(')')
		}
		col += n
		if p.eol {
			bw.WriteByte('\n')
			col = 0
		}
	}
	if col > 0 {
		bw.WriteByte('\n')
	}
}
