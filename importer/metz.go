package importer

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"metz/draughts"
	"metz/importer/livremetz"
	"metz/problems"
	"metz/problems/booknotation"
	"metz/sources"
)

// MetzKey is the source key of the Livre de Metz.
const MetzKey = "metz"

// metzSource describes the book; the first part is what the text holds.
var metzSource = problems.Source{Key: MetzKey, Title: "Livre de Metz", Author: "Lallement; revised and enlarged by Grégoire",
	Year: 1802, Edition: "revised edition, first part (the index of the 415 coups)"}

func readMetz(name string, data []byte) (Batch, error) {
	file := filepath.Base(name)
	ix, err := livremetz.Parse(data, file)
	if err != nil {
		return Batch{}, fmt.Errorf("%s: %w", file, err)
	}
	b := Batch{Source: metzSource, Problems: MetzProblems(ix), Texts: ruleTexts(ix)}
	for _, w := range ix.Warnings {
		b.Warnings = append(b.Warnings, problems.Warning{File: file, Line: w.Line, Text: w.Text, Expected: w.Expected})
	}
	return b, nil
}

// MetzProblems maps the index of the Livre de Metz to one record per coup:
// no position (the diagrams are not in the text), the class, every theme
// list the coup is in (origin "book", the book's words as label), the
// cross references, the remarks and the claims that cite it as commentary,
// and the one execution of the first part as the solution of its coup.
func MetzProblems(ix *livremetz.Index) []*problems.Problem {
	out := make([]*problems.Problem, 0, len(ix.Coups))
	for _, c := range ix.Coups {
		p := metzProblem(ix.File, c, derivedRefs(ix.ThemeLists, c.Number))
		if notes := coupNotes(c, ix.Claims); len(notes) > 0 {
			p.Commentary = strings.Join(notes, "\n\n")
		}
		if ix.Execution != nil && ix.Execution.Coup == c.Number {
			attachExecution(p, ix.File, ix.Execution)
		}
		out = append(out, p)
	}
	return out
}

// coupNotes lists a coup's remarks, each once. The index already files the
// text of every claim that cites a coup among its remarks; such a remark
// gets the claim's line, and a citing claim missing from the remarks is
// added, so that no claim is lost and none is printed twice.
func coupNotes(c livremetz.Coup, claims []livremetz.Claim) []string {
	lineOf := map[string]int{}
	var citing []livremetz.Claim
	for _, cl := range claims {
		if slices.Contains(cl.Coups, c.Number) {
			citing = append(citing, cl)
			lineOf[cl.Text] = cl.Line
		}
	}
	var notes []string
	seen := map[string]bool{}
	add := func(text string) {
		if seen[text] {
			return
		}
		seen[text] = true
		if no, ok := lineOf[text]; ok {
			text = fmt.Sprintf("%s (line %d)", text, no)
		}
		notes = append(notes, text)
	}
	for _, r := range c.Remarks {
		add(r)
	}
	for _, cl := range citing {
		add(cl.Text)
	}
	return notes
}

func metzProblem(file string, c livremetz.Coup, derived []livremetz.ThemeRef) *problems.Problem {
	p := &problems.Problem{Source: MetzKey, Number: c.Number, Label: fmt.Sprintf("Coup nº %d", c.Number),
		Class: c.Class.Key, Title: c.Class.Label, Rules: draughts.International, Stipulation: problems.StipWin}
	if c.QuiPerdGagne {
		p.Rules = draughts.QuiPerdGagne
	}
	p.Themes = bookThemes(append(slices.Clip(c.Themes), derived...), file)
	for _, r := range c.Refs {
		p.Refs = append(p.Refs, problems.Ref{Source: MetzKey, Number: r.Coup, Kind: r.Kind, Note: r.Note})
	}
	return p
}

// attachExecution gives a coup the execution printed in the chapter "Du
// coup de repos": as book-style text always, and as a resolved tree when
// the coup has a position (the bundled text gives none, so a transcription
// of the diagram is needed for that).
func attachExecution(p *problems.Problem, file string, ex *livremetz.Execution) {
	rows, nos := executionRows(ex)
	p.SolutionText = strings.Join(rows, "\n")
	p.Location = fmt.Sprintf("%s:%d", file, ex.Line)
	for _, m := range ex.Moves {
		if !m.Certain || m.Column == "" {
			p.Warnings = append(p.Warnings, problems.Warning{File: file, Line: m.Line, Text: m.Raw,
				Expected: "a move of the execution read with certainty; kept as " + fmt.Sprintf("%q", m.Text)})
		}
	}
	if p.Position == nil {
		return
	}
	cells, ws := booknotation.ReadCells(file, 0, rows)
	for i := range cells {
		cells[i].Line = nos[cells[i].Line]
	}
	for i := range ws {
		ws[i].Line = nos[ws[i].Line]
	}
	tree, ws2 := booknotation.Build(file, cells, p.Rules, p.Position)
	p.Solution = tree
	p.Warnings = append(p.Warnings, append(ws, ws2...)...)
}

// executionRows writes the execution in the transcription format (heading,
// NOIRS column), one move a row, and returns the source line of each row.
func executionRows(ex *livremetz.Execution) ([]string, []int) {
	rows := []string{"BLANCS.         NOIRS."}
	nos := []int{ex.Line}
	for _, m := range ex.Moves {
		row := m.Text
		if m.Column == "NOIRS" {
			row = strings.Repeat(" ", 16) + row
		}
		rows = append(rows, row)
		nos = append(nos, m.Line)
	}
	return rows, nos
}

// RuleTexts returns the 22 rules of the game à la polonaise as the bundled
// Livre de Metz prints them (number, text, footnotes, source line). The
// records of the coups do not carry them: they are the book's, not any
// coup's, and are kept for a command that prints the rules.
func RuleTexts() ([]livremetz.RuleText, error) {
	ix, err := bundledMetz()
	if err != nil {
		return nil, err
	}
	return ix.Rules, nil
}

// BundledRuleTexts is RuleTexts as the import stores them (footnotes
// joined to their rule), for reading them without a database.
func BundledRuleTexts() ([]problems.SourceText, error) {
	ix, err := bundledMetz()
	if err != nil {
		return nil, err
	}
	return ruleTexts(ix), nil
}

// Claims returns the endgame and related claims of the bundled Livre de
// Metz. Those that cite coups are also in the commentary of each coup they
// cite; those that cite none (three kings against one on the main diagonal,
// a king is worth three men, …) are only here.
func Claims() ([]livremetz.Claim, error) {
	ix, err := bundledMetz()
	if err != nil {
		return nil, err
	}
	return ix.Claims, nil
}

func bundledMetz() (*livremetz.Index, error) {
	data, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		return nil, fmt.Errorf("bundled source %s: %w", sources.LivreDeMetz, err)
	}
	ix, err := livremetz.Parse(data, sources.LivreDeMetz)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sources.LivreDeMetz, err)
	}
	return ix, nil
}

// bookThemes files a coup under each list that cites it (coup-de-repos-dame,
// pion-en-prise-pion, …) and under the list's general theme (coup-de-repos,
// pion-en-prise, …), once per name, so that a search finds the book's own
// lists as printed and the general theme as their union.
func bookThemes(refs []livremetz.ThemeRef, file string) []problems.Theme {
	var out []problems.Theme
	seen := map[string]bool{}
	add := func(name string, t livremetz.ThemeRef) {
		if name == "" || seen[name] {
			return
		}
		seen[name] = true
		out = append(out, problems.Theme{Name: name, Label: t.Label, Origin: problems.OriginBook,
			Note: fmt.Sprintf("list %s, %s:%d", t.List, file, t.Line)})
	}
	for _, t := range refs {
		add(t.List, t)
	}
	for _, t := range refs {
		add(t.Theme, t)
	}
	return out
}

// derivedRefs files a coup in the tables the book tells the reader to build
// from its lists (the table of every position with men or kings en prise):
// the index keeps them apart from the printed lists, the database searches them alike.
func derivedRefs(lists []livremetz.ThemeList, n int) []livremetz.ThemeRef {
	var out []livremetz.ThemeRef
	for _, l := range lists {
		if l.Derived && slices.Contains(l.Numbers, n) {
			line := 0
			if len(l.Lines) > 0 {
				line = l.Lines[0]
			}
			out = append(out, livremetz.ThemeRef{Theme: l.Theme, List: l.Key, Label: l.Label, Line: line})
		}
	}
	return out
}

// ruleTexts keeps the rules of the game the book prints, footnotes included.
func ruleTexts(ix *livremetz.Index) []problems.SourceText {
	out := []problems.SourceText{}
	for _, r := range ix.Rules {
		text := r.Text
		for _, n := range r.Notes {
			text += "\n\n" + n
		}
		out = append(out, problems.SourceText{Kind: "rule", Number: r.Number, Text: text, Line: r.Line})
	}
	return out
}
