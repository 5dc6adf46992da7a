package export

import (
	"strconv"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// block is one line of play as the books print it: the main line, or a
// "si" branch that replaces one move of an earlier line.
type block struct {
	Intro string // "" for the main line; "si 14 à 20 (au lieu de 13 à 24)"
	Depth int    // 0 for the main line, 1 for its branches, ...
	Rows  []row
}

// row is one move pair; an empty side is a move of the other line.
type row struct {
	Num          int
	White, Black string
	Notes        []string // comments printed with these moves
}

// blocks lays a tree out as the book does: the main line first, then each
// branch in order of play, numbered "si", "deuxième si", ...
func blocks(t *problems.Tree, r *draughts.Rules, first draughts.Color) []block {
	if t == nil || len(t.Children) == 0 {
		return nil
	}
	var out []block
	count := 0
	var walk func(alts []*problems.Node, ply, depth int, intro string)
	walk = func(alts []*problems.Node, ply, depth int, intro string) {
		b := block{Intro: intro, Depth: depth}
		var branches []func()
		for n, k := alts, ply; len(n) > 0; n, k = n[0].Children, k+1 {
			main := n[0]
			if intro == "" || k > ply {
				addPly(&b, main, k, r, first)
			}
			for _, alt := range n[1:] {
				branches = append(branches, func() {
					count++
					in := siWord(count) + " " + moveText(alt, r) + " (au lieu de " + moveText(main, r) + ")"
					walk([]*problems.Node{alt}, k, depth+1, in)
				})
			}
		}
		out = append(out, b)
		for _, f := range branches {
			f()
		}
	}
	walk(t.Children, 1, 0, "")
	return out
}

// addPly puts one move into its row: ply 1 is the side to move.
func addPly(b *block, n *problems.Node, ply int, r *draughts.Rules, first draughts.Color) {
	idx := ply - 1
	if first == draughts.Black {
		idx++ // Black's first move sits in the right-hand column of row 1
	}
	num, white := idx/2+1, idx%2 == 0
	if len(b.Rows) == 0 || b.Rows[len(b.Rows)-1].Num != num {
		b.Rows = append(b.Rows, row{Num: num})
	}
	rw := &b.Rows[len(b.Rows)-1]
	text := moveText(n, r)
	if n.Mark != "" {
		text += " " + n.Mark
	}
	if white {
		rw.White = text
	} else {
		rw.Black = text
	}
	if n.Comment != "" {
		rw.Notes = append(rw.Notes, n.Comment)
	}
}

// moveText writes a move as the book does, "28 à 23", origin and
// destination only, captures included; an unresolved move as printed.
func moveText(n *problems.Node, r *draughts.Rules) string {
	if n.Move == "" {
		return strings.TrimSpace(n.Text)
	}
	parts := strings.FieldsFunc(n.Move, func(c rune) bool { return c == '-' || c == 'x' || c == ':' })
	if len(parts) < 2 {
		return n.Move
	}
	return parts[0] + " à " + parts[len(parts)-1]
}

var ordinals = []string{"", "deuxième", "troisième", "quatrième", "cinquième", "sixième", "septième",
	"huitième", "neuvième", "dixième"}

// siWord is the book's name of the n-th branch: "si", "deuxième si", ...
func siWord(n int) string {
	switch {
	case n <= 1:
		return "si"
	case n <= len(ordinals):
		return ordinals[n-1] + " si"
	}
	return strconv.Itoa(n) + "e si"
}

// bookTree renders a tree as plain text in the book's style. It is the
// single place to switch to problems/booknotation once that package lands.
func bookTree(t *problems.Tree, r *draughts.Rules, first draughts.Color) string {
	var b strings.Builder
	for i, bl := range blocks(t, r, first) {
		ind := strings.Repeat("    ", bl.Depth)
		if i == 0 {
			b.WriteString(ind + pad("", 5) + pad("BLANCS.", 18) + "NOIRS.\n")
		} else {
			b.WriteString(ind + bl.Intro + "\n")
		}
		for _, rw := range bl.Rows {
			w := rw.White
			if w == "" {
				w = "…"
			}
			line := ind + pad(strconv.Itoa(rw.Num)+".", 5) + pad(w, 18) + rw.Black
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			for _, note := range rw.Notes {
				b.WriteString(ind + "     (" + note + ")\n")
			}
		}
	}
	return b.String()
}

func pad(s string, n int) string {
	if l := len([]rune(s)); l < n {
		return s + strings.Repeat(" ", n-l)
	}
	return s + " "
}
