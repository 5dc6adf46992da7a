package export

import (
	"fmt"
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// Verified merges a problem's stated solution with the evidence of its
// verification into one tree: the source's lines as printed (origin
// "printed"), then the lines the solver had to add (origin "solver", with
// a comment in lang saying what they are) — omitted defences with the
// solver's answers, cooks as other first moves with their proofs, duals,
// the refutation line and the places the budget left unproven. The record
// is not modified. Evidence that does not fit the stated tree (a report
// made on another version of the record) is left out and named in the
// returned notes (in English: they are for the command's log).
func Verified(p *problems.Problem, rep *verdict.Report, lang Lang) (*problems.Tree, []string) {
	t := p.Solution.Clone()
	if t == nil {
		t = &problems.Tree{}
	}
	t = t.StartingAt(p.Position)
	problems.SetOrigin(t.Children, problems.Printed)
	if rep == nil {
		return t, nil
	}
	m, err := newMerger(t, p, lang)
	if err != nil {
		return t, []string{err.Error()}
	}
	m.misprints(rep.Misprints, rep.Repairs)
	m.provenEnds(rep.ProvenLeaves, rep.Goal)
	m.omitted(rep.Omitted)
	m.duals(rep.Duals)
	m.cooks(rep.Cooks)
	m.refutation(rep.Refutation)
	m.unproven(rep.Unproven)
	return t, m.notes
}

// merger adds evidence to a tree, replaying paths from its start.
type merger struct {
	t     *problems.Tree
	start draughts.Position
	lang  Lang
	notes []string
}

// newMerger replays from the tree's start: the record's diagram, or the
// tree's own start when it names another.
func newMerger(t *problems.Tree, p *problems.Problem, lang Lang) (*merger, error) {
	if t.Start == nil {
		return nil, fmt.Errorf("solver evidence left out: the record has no position")
	}
	return &merger{t: t, start: *t.Start, lang: lang}, nil
}

// at finds the place a solver path names and the position there.
func (m *merger) at(path string) (problems.Place, draughts.Position, error) {
	pl, err := m.t.At(path)
	if err != nil {
		return pl, m.start, err
	}
	pos := m.start
	if path == "" {
		return pl, pos, nil
	}
	steps := strings.Split(path, ".")
	for i := range steps {
		step, _ := m.t.At(strings.Join(steps[:i+1], ".")) // a prefix of a path At accepted
		mv, err := draughts.ParseMove(pos, step.Node.Move)
		if err != nil {
			return pl, pos, fmt.Errorf("path %q: stated move %q: %w", path, step.Node.Move, err)
		}
		pos = pos.Play(mv)
	}
	return pl, pos, nil
}

func (m *merger) note(what string, err error) {
	m.notes = append(m.notes, what+" left out: "+err.Error())
}

// solverNode is a move the solver adds at pos, with its continuation.
func solverNode(pos draughts.Position, move, comment string, below *problems.Tree) *problems.Node {
	n := &problems.Node{Move: move, White: pos.Turn == draughts.White, Origin: problems.Solver, Comment: comment}
	if below != nil {
		n.Children = below.Clone().Children
	}
	solverOnly(n)
	return n
}

// solverOnly marks a subtree as the solver's and drops the solver's own
// spelling of its moves, so that every renderer writes them the same way.
func solverOnly(n *problems.Node) {
	n.Origin, n.Text = problems.Solver, ""
	for _, c := range n.Children {
		solverOnly(c)
	}
}

// add puts a solver move, with its continuation, among the alternatives
// at path; what names it in the note when the path is not in the tree.
func (m *merger) add(path, what, move, comment string, below *problems.Tree) {
	pl, pos, err := m.at(path)
	if err != nil {
		m.note(what+" "+move, err)
		return
	}
	*pl.Children = append(*pl.Children, solverNode(pos, move, comment, below))
}

func (m *merger) omitted(os []verdict.Omitted) {
	text := m.lang.remark("defence the source omits; it loses too", "défense que la source omet ; elle perd aussi")
	for _, o := range os {
		m.add(o.Path, "omitted defence", o.Defence, text, o.Answer)
	}
}

func (m *merger) duals(ds []verdict.Dual) {
	for _, d := range ds {
		text := m.lang.remark(fmt.Sprintf("dual — wins as fast as %s (%d plies)", d.Stated, d.Plies),
			fmt.Sprintf("dualité — gagne aussi vite que %s (%d demi-coups)", m.lang.move(d.Stated), d.Plies))
		m.add(d.Path, "dual", d.Alternative, text, nil)
	}
}

func (m *merger) cooks(cs []verdict.Cook) {
	for _, c := range cs {
		text := m.lang.remark("cook — another first move that wins", "démolition — un autre premier coup gagne")
		if c.Plies > 0 {
			text += m.lang.say(fmt.Sprintf(" (in %d plies)", c.Plies), fmt.Sprintf(" (en %d demi-coups)", c.Plies))
		}
		var below *problems.Tree
		if c.Proof != nil && len(c.Proof.Children) == 1 && c.Proof.Children[0].Move == c.Move {
			below = &problems.Tree{Children: c.Proof.Children[0].Children} // the proof starts with the cook itself
		}
		m.t.Children = append(m.t.Children, solverNode(m.start, c.Move, text, below))
	}
}

// misprints say on each stated move that cannot be played why not, and
// what the solver found when it tried a nearby legal move instead.
func (m *merger) misprints(ms []verdict.MisprintPlace, rs []verdict.RepairResult) {
	for _, mp := range ms {
		pl, err := m.t.At(mp.Path)
		if err != nil || pl.Node == nil {
			m.note("misprint "+mp.Text, fmt.Errorf("path %q is not in the stated tree", mp.Path))
			continue
		}
		c := m.lang.remark("misprint — "+mp.Reason,
			"coquille — "+m.lang.solverText(mp.Reason, "le coup imprimé ne peut être joué ici"))
		for _, r := range rs {
			if r.Path == mp.Path {
				c += m.lang.say(fmt.Sprintf("; read as %s: %s", r.Repair, r.Verdict),
					fmt.Sprintf(" ; lu %s : %s", m.lang.move(r.Repair), m.lang.verdict(r.Verdict)))
			}
		}
		addComment(pl.Node, c)
		if pl.Node.Issue == "" {
			pl.Node.Issue = mp.Reason
		}
	}
}

// addComment puts the solver's comment after the node's own.
func addComment(n *problems.Node, c string) {
	if n.Comment == "" {
		n.Comment = c
	} else {
		n.Comment += "; " + c
	}
}

// endMarks are the marks a book ends a line with, by goal.
var endMarks = map[string]string{"win": "gagne", "draw": "remise"}

// provenEnds marks the stated lines' ends the solver proved with the mark
// the book ends a line with ("gagne"), where the source did not print it,
// saying so: the line then reads as the book's do. The proof is the
// solver's; the note says it.
func (m *merger) provenEnds(paths []string, goal string) {
	mark, ok := endMarks[goal]
	if !ok {
		return
	}
	for _, path := range paths {
		pl, err := m.t.At(path)
		if err != nil || pl.Node == nil || len(pl.Node.Children) > 0 || strings.Contains(pl.Node.Mark, mark) {
			continue
		}
		n := pl.Node
		if n.Mark == "" {
			n.Mark = mark
		} else {
			n.Mark += ", " + mark
		}
		addComment(n, m.lang.remark(mark+" proven; the source does not print it", mark+" prouvé ; la source ne l'imprime pas"))
	}
}

// refutation follows the refuting line from the start through the stated
// moves it shares, adds the rest as solver moves and says on its last move
// what it refutes.
func (m *merger) refutation(r *verdict.Refutation) {
	if r == nil {
		return
	}
	c := m.lang.remark("refutation — "+r.Note, "réfutation — "+m.lang.solverText(r.Note, "la ligne donnée est réfutée"))
	if len(r.Line) == 0 {
		m.notes = append(m.notes, c)
		return
	}
	m.line("refutation", r.Line, c)
}

// unproven marks the places the budget left open the same way, so that a
// reader sees which defences or line ends are still in doubt.
func (m *merger) unproven(us []verdict.UnprovenLeaf) {
	for _, u := range us {
		if len(u.Line) > 0 {
			m.line("unproven place", u.Line, m.lang.remark("unproven — "+u.Reason,
				"non prouvé — "+m.lang.solverText(u.Reason, "budget épuisé")))
		}
	}
}

// line follows moves (as printed or in full) from the start through the
// alternatives that play them, adds the missing ones as solver moves and
// comments the last.
func (m *merger) line(what string, moves []string, text string) {
	k, pos := &m.t.Children, m.start
	var last *problems.Node
	for i, mt := range moves {
		mv, err := draughts.ParseMove(pos, mt)
		if err != nil {
			m.note(what, fmt.Errorf("move %d %q: %w", i+1, mt, err))
			return
		}
		next := find(*k, pos, mv)
		if next == nil {
			next = solverNode(pos, pos.Rules.FormatMove(mv, true), "", nil)
			*k = append(*k, next)
		}
		last, pos, k = next, pos.Play(mv), &next.Children
	}
	addComment(last, text)
}

// find returns the alternative that plays mv from pos, nil if none does.
func find(alts []*problems.Node, pos draughts.Position, mv draughts.Move) *problems.Node {
	for _, n := range alts {
		if o, err := draughts.ParseMove(pos, n.Move); err == nil && o.SameEffect(mv) {
			return n
		}
	}
	return nil
}
