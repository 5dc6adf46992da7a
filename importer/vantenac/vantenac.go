// Package vantenac reads the seven problems of Charles Van Tenac's Traité
// du jeu de dames (Paris, 1868), Problems I–VII (n° 71–77), from the
// digitised text as it is: positions in prose ("les pions noirs occupent
// les cases 4, 7, …") or as lists ("Noirs : (4, dame noire) 6, …"), the
// stated solution from its table or column rows, and the prose commentary
// as a second witness of the solution. Every stated move is resolved on the
// board; a move that cannot be is kept as printed with a warning naming the
// problem, line, ply and text. Nothing is corrected: where the prose repairs
// a misprint in exactly one way, the warning says so and the moves after it
// say how they would read, but the stated tree keeps the book's text.
//
// The prose often names a move only in part: "le pion blanc dame à la case
// 4" (no origin), "prend le pion blanc 22 et s'arrête au delà à volonté"
// (the piece taken, a free landing), "placée soit à 6, soit à 11, soit à
// 17" (the landings of the capture before). Such moves are resolved to the
// legal move that fits (booknotation.Partial), the book's landing order
// deciding a free landing, and the node's comment says what was inferred
// and from which words.
package vantenac

import (
	"fmt"
	"regexp"
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/problems/booknotation"
)

// Key is the source key of the book.
const Key = "vantenac"

// Source describes the book (the checksum is the importer's business: it
// depends on the bytes read).
var Source = problems.Source{Key: Key, Title: "Traité du jeu de dames", Author: "Charles Van Tenac",
	Year: 1868, Edition: "Paris, Passard"}

// line is one source line with its number.
type line struct {
	no   int
	text string
}

// section is the text of one problem.
type section struct {
	number int    // 71–77
	roman  string // "I"–"VII"
	title  string // words after the heading: "Exemple de fermeture", "Lunette"
	lines  []line // from the heading to the line before the next section
}

var headingRE = regexp.MustCompile(`^[#\s]*(\d+)\.\s*—\s*PROBLÈME\s+([IVX]+)\.?(.*)$`)

// Parse reads the problems of the Traité. It fails only when the text holds
// no problem at all; everything else is a warning on the record concerned.
func Parse(data []byte, file string) ([]*problems.Problem, []problems.Warning, error) {
	secs := sections(string(data))
	if len(secs) == 0 {
		return nil, nil, fmt.Errorf("%s: no problem found (expected headings like \"71. — PROBLÈME I.\")", file)
	}
	enPrise := pionEnPriseExamples(string(data))
	var out []*problems.Problem
	var warns []problems.Warning
	for _, s := range secs {
		p := readProblem(s, file, enPrise[s.number])
		out = append(out, p)
		warns = append(warns, p.Warnings...)
	}
	return out, warns, nil
}

// sections cuts the text at the problem headings; the last one ends at the
// next rule ("---") or chapter.
func sections(text string) []section {
	var out []section
	for i, t := range strings.Split(text, "\n") {
		if m := headingRE.FindStringSubmatch(t); m != nil {
			var n int
			fmt.Sscan(m[1], &n)
			out = append(out, section{number: n, roman: m[2], title: cleanTitle(m[3])})
		}
		if len(out) == 0 {
			continue
		}
		if strings.TrimSpace(t) == "---" {
			break
		}
		s := &out[len(out)-1]
		s.lines = append(s.lines, line{no: i + 1, text: t})
	}
	return out
}

// cleanTitle keeps the name a heading gives its problem ("Exemple de
// fermeture", "Lunette"), not the words that open the position.
func cleanTitle(s string) string {
	s = strings.NewReplacer("*", "", "Position des pions :", "", "Position :", "", "Position", "").Replace(s)
	s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), ".:"))
	if strings.HasPrefix(s, "Dans ") || strings.HasPrefix(s, "Ici ") || strings.HasPrefix(s, "Les ") {
		return ""
	}
	return s
}

// problem is the state of one record while it is read.
type problem struct {
	p    *problems.Problem
	file string
	sec  section
}

func (pr *problem) warn(no int, text, expected string, ply int) {
	pr.p.Warnings = append(pr.p.Warnings, problems.Warning{File: pr.file, Line: no,
		Text: "Problème " + pr.sec.roman + ": " + text, Expected: expected, Ply: ply})
}

// readProblem reads one section into a record.
func readProblem(s section, file string, enPrise bool) *problems.Problem {
	p := &problems.Problem{Source: Key, Number: s.number, Label: "Problème " + s.roman, Title: s.title,
		Rules: draughts.International, Stipulation: problems.StipWin, Location: fmt.Sprintf("%s:%d", file, s.lines[0].no)}
	pr := &problem{p: p, file: file, sec: s}
	head, rows, prose := split(s)
	if fen := pr.position(head); fen != "" {
		var err error
		if p.Position, err = problems.ParsePosition(draughts.International, fen); err != nil {
			pr.warn(s.lines[0].no, fen, "a diagram the rules engine reads ("+err.Error()+")", 0)
		}
	}
	pr.material(head)
	pr.solution(rows, prose)
	pr.themes(enPrise)
	return p
}

// split cuts a section into the text before "Solution", the solution rows
// (the first block of lines after it, when they hold moves) and the prose.
func split(s section) (head, rows, prose []line) {
	i := 0
	for ; i < len(s.lines); i++ {
		if strings.HasPrefix(strings.TrimSpace(s.lines[i].text), "*Solution") {
			break
		}
		head = append(head, s.lines[i])
	}
	if i == len(s.lines) {
		return head, nil, nil
	}
	if rest := solutionRest(s.lines[i].text); rest != "" {
		prose = append(prose, line{s.lines[i].no, rest})
	}
	i++
	for i < len(s.lines) && strings.TrimSpace(s.lines[i].text) == "" {
		i++
	}
	if len(prose) == 0 && i < len(s.lines) && isRow(s.lines[i].text) {
		for ; i < len(s.lines) && strings.TrimSpace(s.lines[i].text) != ""; i++ {
			rows = append(rows, s.lines[i])
		}
	}
	for ; i < len(s.lines); i++ {
		prose = append(prose, s.lines[i])
	}
	return head, rows, prose
}

// isRow tells a solution row (a table row, or a line holding a move) from
// the prose that follows the rows.
func isRow(t string) bool {
	return strings.HasPrefix(strings.TrimSpace(t), "|") || moveRE.MatchString(t)
}

// solutionRest returns what follows "*Solution.*" on its line.
func solutionRest(t string) string {
	t = strings.TrimSpace(t)
	t = strings.TrimPrefix(t, "*Solution.*")
	t = strings.TrimPrefix(t, "*Solution*")
	if strings.HasPrefix(t, "*Solution") {
		return ""
	}
	return strings.TrimSpace(t)
}

var enPriseRE = regexp.MustCompile(`exemple du pion en prise dans les tableaux \(n(?:<sup>)?os?(?:</sup>)?\s*([\d,\s et]+)\)`)

// pionEnPriseExamples reads the glossary's pointer to the problems that show
// a pion en prise ("dans les tableaux (nos 70, 71, 72)").
func pionEnPriseExamples(text string) map[int]bool {
	out := map[int]bool{}
	if m := enPriseRE.FindStringSubmatch(text); m != nil {
		for _, n := range regexp.MustCompile(`\d+`).FindAllString(m[1], -1) {
			var v int
			fmt.Sscan(n, &v)
			out[v] = true
		}
	}
	return out
}

// themes records the themes the book itself names for a problem: in its
// heading (fermeture, lunette), in its solution (coup de repos), or in the
// glossary's pointer to examples of the pion en prise.
func (pr *problem) themes(enPrise bool) {
	add := func(name, label string) {
		pr.p.Themes = append(pr.p.Themes, problems.Theme{Name: name, Label: label, Origin: problems.OriginBook})
	}
	title := strings.ToLower(pr.sec.title)
	switch {
	case strings.Contains(title, "fermeture"):
		add("fermeture", pr.sec.title)
	case strings.Contains(title, "lunette"):
		add("lunette", pr.sec.title)
	}
	if strings.Contains(pr.p.Commentary, "coup de repos") {
		add("coup-de-repos", "coup de repos")
	}
	if enPrise {
		add("pion-en-prise", "pion en prise")
	}
}

// build places cells in a tree and resolves them from start.
func (pr *problem) build(cells []booknotation.Cell, start *draughts.Position) (*problems.Tree, []problems.Warning) {
	return booknotation.Build(pr.file, cells, draughts.International, start)
}
