package export

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"metz/draughts"
)

// WriteBook writes problems as plain text in the style of the old French
// books: heading, the pieces of each side, the stipulation, then the
// solution in two columns BLANCS. / NOIRS. with "X à Y" moves and the "si"
// branches, followed by the verdict and the notes. Every word metz adds is
// French (see Lang); the import's warnings, which are English and which a
// new import finds again, are left to metz show.
func WriteBook(w io.Writer, items []Item) error {
	var b strings.Builder
	for i, it := range items {
		if i > 0 {
			b.WriteString("\n\n")
		}
		if err := bookItem(&b, it); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func bookItem(b *strings.Builder, it Item) error {
	p := it.Problem
	// Every line but the columns is one the transcription reader takes
	// back (booknotation.Parse): the text can be edited and imported.
	b.WriteString(Heading(p) + "\n")
	if p.Title != "" && p.Title != p.Label {
		b.WriteString("Titre : " + p.Title + "\n")
	}
	r, pos, ok, err := it.board()
	if err != nil {
		return err
	}
	if p.Author != "" {
		b.WriteString("Auteur : " + p.Author + "\n")
	}
	if p.Date != "" {
		b.WriteString("Date : " + p.Date + "\n")
	}
	if r != draughts.International {
		b.WriteString("Règles : " + r.Name + "\n")
	}
	turn := draughts.White
	if ok {
		turn = pos.Turn
		b.WriteString(pieceList(pos))
	} else {
		b.WriteString("(position inconnue)\n")
	}
	b.WriteString(Stipulation(p, turn) + "\n\n")
	if t := it.Tree(French); t != nil && len(t.Children) > 0 {
		b.WriteString(bookTree(t, p.Position, r))
	} else if p.SolutionText != "" {
		b.WriteString(p.SolutionText + "\n")
	}
	verdictLines(b, it)
	return nil
}

// pieceList names the squares of each side as the books do: "BLANCS :
// pions 28, 32 ; dame 46."
// plural is word for n pieces ("pion", "pions").
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func pieceList(p draughts.Position) string {
	var b strings.Builder
	for _, c := range []draughts.Color{draughts.White, draughts.Black} {
		name := map[draughts.Color]string{draughts.White: "BLANCS", draughts.Black: "NOIRS"}[c]
		var men, kings []int
		for s, pc := range p.Board {
			switch {
			case pc == draughts.ManOf(c):
				men = append(men, s)
			case pc == draughts.KingOf(c):
				kings = append(kings, s)
			}
		}
		parts := []string{}
		if len(men) > 0 {
			parts = append(parts, plural(len(men), "pion")+" "+squareList(p.Rules, men))
		}
		if len(kings) > 0 {
			parts = append(parts, plural(len(kings), "dame")+" "+squareList(p.Rules, kings))
		}
		if len(parts) == 0 {
			parts = append(parts, "aucune pièce")
		}
		fmt.Fprintf(&b, "%s : %s.\n", name, strings.Join(parts, " ; "))
	}
	return b.String()
}

func squareList(r *draughts.Rules, sq []int) string {
	sort.Ints(sq)
	names := make([]string, len(sq))
	for i, s := range sq {
		names[i] = r.SquareName(s)
	}
	return strings.Join(names, ", ")
}

func verdictLines(b *strings.Builder, it Item) {
	if v := it.VerdictLine(); v != "" {
		b.WriteString("\n" + v + "\n")
	}
	if names := themeNames(it.Problem); len(names) > 0 {
		b.WriteString("Thèmes : " + strings.Join(names, ", ") + "\n")
	}
	for _, n := range it.Notes {
		b.WriteString("Note : " + n + "\n")
	}
}
