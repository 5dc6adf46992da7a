package vantenac

import (
	"fmt"
	"regexp"
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/problems/booknotation"
)

var (
	moveRE  = regexp.MustCompile(`(\d+)\s*à\s*(\d+)`)
	countRE = regexp.MustCompile(`(\d+)\s*p(?:\.|ions\b)`)
	blackRE = regexp.MustCompile(`(?i)\bnoir|\bdame\b`)
	whiteRE = regexp.MustCompile(`(?i)\bblancs?\b`)
)

// solution reads the stated solution (rows when the book prints them, the
// prose otherwise) and keeps the prose as the second witness.
func (pr *problem) solution(rows, prose []line) {
	p := pr.p
	proseText := joinText(prose)
	p.Commentary = proseText
	proseCells := proseMoves(prose)
	if len(rows) == 0 {
		p.SolutionText = proseText
		p.Solution, _ = pr.replay("prose", proseCells, p.Position)
		return
	}
	p.SolutionText = joinText(rows)
	cells := rowCells(rows)
	p.Solution, _ = pr.replay("table", cells, p.Position)
	pr.checkCounts(cells)
	w := problems.Witness{Name: "prose", Text: proseText}
	if len(proseCells) > 0 {
		start, from := alignStart(p.Solution, proseCells)
		w.Tree, _ = pr.replay("prose", proseCells, start)
		w.Disagreements = disagreements(p.Solution, w.Tree, from)
		pr.noteRepairs(w.Tree, from)
	}
	if proseText != "" {
		p.Witnesses = append(p.Witnesses, w)
	}
}

// replay builds a tree and files its warnings on the record, naming the
// problem and the witness.
func (pr *problem) replay(name string, cells []booknotation.Cell, start *draughts.Position) (*problems.Tree, []problems.Warning) {
	t, ws := pr.build(cells, start)
	for _, w := range ws {
		pr.warn(w.Line, name+" move \""+w.Text+"\"", w.Expected, w.Ply)
	}
	return t, ws
}

func joinText(ls []line) string {
	var parts []string
	for _, l := range ls {
		if t := strings.TrimSpace(l.text); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n")
}

// rowCells reads the moves of solution rows. In a row the moves alternate,
// White first, unless the row opens with the Black side's words; the
// capture count printed with a move ("2 p.", "3 pions") is its comment and
// "gagnent" after the last move its mark.
func rowCells(rows []line) []booknotation.Cell {
	var cells []booknotation.Cell
	for _, r := range rows {
		t := r.text
		if strings.HasPrefix(strings.TrimSpace(t), "|--") {
			continue
		}
		ms := moveRE.FindAllStringSubmatchIndex(t, -1)
		if len(ms) == 0 {
			continue
		}
		white := !(blackRE.MatchString(t[:ms[0][0]]) && !whiteRE.MatchString(t[:ms[0][0]]))
		for i, m := range ms {
			c := booknotation.Cell{Line: r.no, White: white, Text: t[m[2]:m[3]] + " à " + t[m[4]:m[5]]}
			end := len(t)
			if i+1 < len(ms) {
				end = ms[i+1][0]
			}
			after, before := t[m[1]:end], ""
			if i == 0 {
				before = t[:m[0]]
			} else {
				before = t[ms[i-1][1]:m[0]]
			}
			c.Comment = countOf(after, before)
			if strings.Contains(after, "gagn") {
				c.Mark = booknotation.MarkGagne
			}
			cells = append(cells, c)
			white = !white
		}
	}
	return cells
}

// countOf finds the number of pieces the book says a move takes: after the
// move, or before it when the words there say "prennent".
func countOf(after, before string) string {
	if m := countRE.FindString(after); m != "" {
		return "prend " + m
	}
	if strings.Contains(before, "prennent") {
		if ms := countRE.FindAllString(before, -1); len(ms) > 0 {
			return "prend " + ms[len(ms)-1]
		}
	}
	return ""
}

// checkCounts compares the printed capture counts with what the resolved
// moves take.
func (pr *problem) checkCounts(cells []booknotation.Cell) {
	if pr.p.Solution == nil || pr.p.Position == nil {
		return
	}
	pos := *pr.p.Position
	for i, n := range pr.p.Solution.MainLine() {
		if n.Move == "" {
			return
		}
		m, err := draughts.ParseMove(pos, n.Move)
		if err != nil {
			return
		}
		var stated int
		fmt.Sscanf(strings.TrimPrefix(n.Comment, "prend "), "%d", &stated)
		if stated > 0 && stated != len(m.Captured) {
			pr.warn(n.Line, fmt.Sprintf("table move %q is printed as taking %d", n.Text, stated),
				fmt.Sprintf("the count the move takes on the board: %d", len(m.Captured)), i+1)
		}
		pos = pos.Play(m)
	}
}

// alignStart finds where a partial prose witness starts: the first ply of
// the stated main line whose printed squares equal the prose's first move,
// or, when the prose names that move only in part, the first ply where it
// resolves to the stated move. It returns the position before that ply and
// the ply (0-based); the tree's start and 0 when it finds none.
func alignStart(t *problems.Tree, prose []booknotation.Cell) (*draughts.Position, int) {
	first := squaresKey(prose[0].Text)
	line := t.MainLine()
	if t.Start == nil {
		return nil, 0
	}
	pos := *t.Start
	for k, n := range line {
		if squaresKey(n.Text) == first || (prose[0].Partial != nil && n.Move != "" && resolvesTo(prose[0], pos, n.Move)) {
			return &pos, k
		}
		m, err := draughts.ParseMove(pos, n.Move)
		if n.Move == "" || err != nil {
			return t.Start, 0
		}
		pos = pos.Play(m)
	}
	return t.Start, 0
}

// resolvesTo reports whether cell c, read in pos, is the move move.
func resolvesTo(c booknotation.Cell, pos draughts.Position, move string) bool {
	if c.White != (pos.Turn == draughts.White) {
		return false
	}
	t, _ := booknotation.Build("", []booknotation.Cell{c}, draughts.International, &pos)
	return len(t.Children) == 1 && t.Children[0].Move == move
}

// same says whether a prose move and a stated one are the same: the same
// printed squares, or, when both resolve, the same move.
func same(prose, stated *problems.Node) bool {
	return squaresKey(prose.Text) == squaresKey(stated.Text) || (prose.Move != "" && prose.Move == stated.Move)
}

// squaresKey is "from-to" of a printed move.
func squaresKey(text string) string {
	nums := regexp.MustCompile(`\d+`).FindAllString(text, -1)
	if len(nums) < 2 {
		return text
	}
	return nums[0] + "-" + nums[len(nums)-1]
}

// disagreements walks the main line of the stated solution beside the
// prose from ply from on, comparing printed origin and destination. Where
// the prose gives several ways (its "Si …" sentences) the one matching the
// table is followed, and the others are listed as defences the table omits.
func disagreements(stated, prose *problems.Tree, from int) []string {
	var out []string
	a := stated.MainLine()
	if from > len(a) {
		from = len(a)
	}
	a = a[from:]
	cands := prose.Children
	for i := 0; i < len(a) || len(cands) > 0; i++ {
		ply := from + i + 1
		if i >= len(a) {
			out = append(out, fmt.Sprintf("ply %d: the prose gives %q (line %d); the table ends before", ply, cands[0].Text, cands[0].Line))
			cands = cands[0].Children
			continue
		}
		if len(cands) == 0 {
			out = append(out, fmt.Sprintf("ply %d: the table gives %q (line %d); the prose says no more", ply, a[i].Text, a[i].Line))
			continue
		}
		pick := 0
		for j, c := range cands {
			if same(c, a[i]) {
				pick = j
				break
			}
			if j == len(cands)-1 {
				out = append(out, fmt.Sprintf("ply %d: the table prints %q (line %d), the prose %q (line %d)", ply, a[i].Text, a[i].Line, cands[0].Text, cands[0].Line))
			}
		}
		for j, c := range cands {
			if j != pick {
				out = append(out, fmt.Sprintf("ply %d: the prose also gives %q (line %d), which the table does not", ply, c.Text, c.Line))
			}
		}
		cands = cands[pick].Children
	}
	return out
}

// noteRepairs looks at each misprint of the stated main line: when the prose
// (which starts at ply from+1) follows the same moves up to it and gives
// exactly one resolved move there, the misprint's warning says so, and the
// stated moves after it, which stay unreplayed, say whether they read with
// that repair. The stated tree itself is not changed.
func (pr *problem) noteRepairs(prose *problems.Tree, from int) {
	stated := pr.p.Solution
	if stated == nil || prose == nil || stated.Start == nil {
		return
	}
	line := stated.MainLine()
	pos := *stated.Start
	alts := prose.Children
	for k, n := range line {
		if k >= from && n.Move == "" && !strings.HasPrefix(n.Issue, "not replayed") {
			if fix := onlyResolved(alts); fix != nil {
				pr.noteRepair(n, k+1, fix, pos, line[k+1:])
			}
			return
		}
		if n.Move == "" {
			return
		}
		m, err := draughts.ParseMove(pos, n.Move)
		if err != nil {
			return
		}
		pos = pos.Play(m)
		if k >= from {
			alts = childMatching(alts, n.Move)
		}
	}
}

// onlyResolved returns the one alternative that resolved, if there is exactly one.
func onlyResolved(alts []*problems.Node) *problems.Node {
	var fix *problems.Node
	for _, a := range alts {
		if a.Move == "" {
			continue
		}
		if fix != nil {
			return nil
		}
		fix = a
	}
	return fix
}

// childMatching returns the continuations of the alternative that plays move.
func childMatching(alts []*problems.Node, move string) []*problems.Node {
	for _, a := range alts {
		if a.Move == move {
			return a.Children
		}
	}
	return nil
}

// noteRepair adds the prose's reading to the misprint's warning, then
// replays the stated moves after it on a copy of the position with that
// repair, saying on each whether it reads.
func (pr *problem) noteRepair(bad *problems.Node, ply int, fix *problems.Node, pos draughts.Position, after []*problems.Node) {
	says := fmt.Sprintf("the prose says %q (%s, line %d)", fix.Text, fix.Move, fix.Line)
	for i := range pr.p.Warnings {
		w := &pr.p.Warnings[i]
		if w.Line == bad.Line && w.Ply == ply && strings.Contains(w.Text, bad.Text) {
			w.Expected += "; " + says
		}
	}
	bad.Issue += "; " + says
	m, err := draughts.ParseMove(pos, fix.Move)
	if err != nil {
		return
	}
	pos = pos.Play(m)
	for _, n := range after {
		text, _ := booknotation.SplitCount(n.Text)
		m, err := draughts.ParseMove(pos, text)
		if err != nil {
			n.Issue += fmt.Sprintf("; with the prose's %s at ply %d it does not read either: %v", fix.Move, ply, err)
			return
		}
		n.Issue += fmt.Sprintf("; with the prose's %s at ply %d it reads as %s", fix.Move, ply, draughts.International.FormatMove(m, true))
		pos = pos.Play(m)
	}
}
