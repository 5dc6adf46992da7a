package export

import (
	"fmt"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// Item is one problem to export with what the solver concluded about it.
// The command fills it from the database. With Evidence, the solution
// printed is the verified tree (see Verified), built in each document's
// voice; the stated one stays in the JSON.
type Item struct {
	Problem       *problems.Problem
	Verdict       verdict.Verdict // the problem's current verdict, "" if none
	VerdictDetail string          // its proof or explanation in English words (JSON only)
	Evidence      *verdict.Report // the report of that verdict: what the verification found, nil if none
	Notes         []string        // readers' notes
	Plain         bool            // leave the comments out of the printed solution
	// Copy is the record as an export carries it (db.Copy: the source's
	// record and, in Carried, what metz added), written whole into the
	// PDN and JSON so that importing them gives the record back; nil
	// writes what Problem holds.
	Copy *problems.Problem
}

// Tree is the solution to print in lang: the stated lines merged with the
// evidence (the stated tree alone without it), comments dropped when Plain,
// in French without the English notes of the importer and the solver.
func (it Item) Tree(lang Lang) *problems.Tree {
	t := it.Problem.Solution
	if it.Evidence != nil && it.Problem.HasPosition() {
		t, _ = Verified(it.Problem, it.Evidence, lang)
	}
	if it.Plain {
		t = plainTree(t)
	} else if lang != English {
		t = frenchTree(t)
	}
	return t
}

// plainTree is a copy of t without its comments.
func plainTree(t *problems.Tree) *problems.Tree {
	if t == nil {
		return nil
	}
	t = t.Clone()
	t.Walk(func(n *problems.Node, _ int) { n.Comment = "" })
	return t
}

// verifiedTree is the tree the JSON export gives as "verified", nil
// without evidence.
func (it Item) verifiedTree() *problems.Tree {
	if it.Evidence == nil {
		return nil
	}
	return it.Tree(English)
}

// Rules returns the problem's rule system.
func (it Item) Rules() (*draughts.Rules, error) {
	if it.Problem.Rules == nil {
		return nil, fmt.Errorf("%s: the record names no rule system", it.Where())
	}
	return it.Problem.Rules, nil
}

// Position is the problem's diagram; ok is false when the source gives
// none (the Livre de Metz coups whose diagrams are not transcribed).
func (it Item) Position() (p draughts.Position, ok bool, err error) {
	if !it.Problem.HasPosition() {
		return p, false, nil
	}
	return *it.Problem.Position, true, nil
}

// board is what every renderer reads first: the rule system and the
// position, known or not.
func (it Item) board() (r *draughts.Rules, pos draughts.Position, known bool, err error) {
	if pos, known, err = it.Position(); err != nil {
		return nil, pos, false, err
	}
	r, err = it.Rules()
	return r, pos, known, err
}

// VerdictLine is the verdict as the French documents print it, with what
// the evidence found, "" without a verdict.
func (it Item) VerdictLine() string {
	if it.Verdict == "" {
		return ""
	}
	v := "Verdict : " + French.verdict(it.Verdict)
	if s := summary(it.Evidence, French); s != "" {
		v += " — " + s
	}
	return v
}

// Where names the problem in error messages: its record location when the
// importer kept one, else source and number.
func (it Item) Where() string {
	p := it.Problem
	if p.Location != "" {
		return p.Location
	}
	return Heading(p)
}

// Heading is the title line of a problem: source, number and the source's
// own label ("vantenac n° 76 — Problème VI").
func Heading(p *problems.Problem) string {
	h := p.Source
	if p.Number > 0 {
		h += " n° " + strconv.Itoa(p.Number)
	} else if p.ID > 0 {
		h += " #" + strconv.FormatInt(p.ID, 10)
	}
	if p.Label != "" {
		h += " — " + p.Label
	}
	return h
}

// Byline is the composer and the date of a problem as a document prints
// them under its heading ("Ph. Lallement, 1802"); "" when neither is known.
func Byline(p *problems.Problem) string {
	parts := []string{}
	for _, s := range []string{p.Author, p.Date} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

// Stipulation says in the books' words what is asked, for the side to move.
func Stipulation(p *problems.Problem, turn draughts.Color) string {
	side := "Les Blancs"
	if turn == draughts.Black {
		side = "Les Noirs"
	}
	switch s := p.Stipulation; {
	case s == problems.StipWin:
		return side + " jouent et gagnent."
	case s == problems.StipDraw:
		return side + " jouent et font remise."
	case s == problems.StipLoss:
		return side + " jouent et perdent."
	case s == problems.StipPromote:
		return side + " jouent et vont à dame."
	case s.Kind == problems.GoalGain && s.Within == 0:
		if s.N != 1 {
			return side + " jouent et gagnent " + strconv.Itoa(s.N) + " pions."
		}
		return side + " jouent et gagnent un pion."
	default:
		return side + " jouent : " + s.String() + "."
	}
}

// turnOf is the side to move of a problem, White when the position is
// unknown (the books' problems are White to play unless they say so).
func turnOf(it Item) draughts.Color {
	p, ok, err := it.Position()
	if ok && err == nil {
		return p.Turn
	}
	return draughts.White
}

// themeNames lists a problem's theme names once each, in order.
func themeNames(p *problems.Problem) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range p.Themes {
		if !seen[t.Name] {
			seen[t.Name] = true
			out = append(out, t.Name)
		}
	}
	return out
}

// children returns the first-move alternatives of a tree, nil for none.
func children(t *problems.Tree) []*problems.Node {
	if t == nil {
		return nil
	}
	return t.Children
}
