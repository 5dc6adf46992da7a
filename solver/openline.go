package solver

import (
	"fmt"
	"strings"

	"metz/draughts"
	"metz/verdict"
)

// maxOpenLine bounds an open line's length in plies: past it the line is
// cut (king endings shuffle in the table's numbers for ever).
const maxOpenLine = 160

// Why an open line ends where it does (verdict.OpenLine.Ends).
const (
	endsUnsearched = "the search stopped before it searched this position"
	endsLength     = "cut at the line's length limit"
	endsSettled    = "every move here is settled; the search stopped before its numbers were brought up"
	endsDecided    = "decided since (by the tables or another search)"
)

// openLine explains why the proof from c (the root of a df-pn proof, or
// a position searched from it) was left open: the most-proving line of
// the table, as prove would have followed it next, and its frontier.
// nodes is what the place cost. It reads the tables (and the closure)
// without building any, and counts no table hit.
func (s *search[P, M]) openLine(c *child[P, M], nodes int64) *verdict.OpenLine {
	hits, values, ro, adv, gone := s.tableHit, s.valueHit, s.readOnly, s.rootAdv, s.smallGone
	s.readOnly, s.rootAdv = true, s.advantage(c.q) // the guesses are prove's from c
	// The signatures this search gave up on (smallGone) depend on which
	// other search built a table first when they run at once: the walk
	// reads every table in memory, so that its line does not depend on
	// the cores.
	s.smallGone = [len(s.smallGone)]bool{}
	defer func() {
		s.tableHit, s.valueHit, s.readOnly, s.rootAdv, s.smallGone = hits, values, ro, adv, gone
	}()
	line, end, why := s.mostProving(c)
	return s.describeOpen(line, end, why, nodes)
}

// mostProving follows the table from c: at the attacker's positions the
// move with the smallest proof number, at the defender's the reply with
// the smallest disproof number (a child not in the table with df-pn's
// first guess, as prove would have entered it). A move back to a
// position of the line is a repetition, a disproof for the search, and
// never followed. It stops at the first position not in the table, one
// settled, or at maxOpenLine plies.
func (s *search[P, M]) mostProving(c *child[P, M]) (line []string, end child[P, M], why string) {
	cur := *c
	onLine := map[uint64]bool{cur.h: true}
	for {
		v, in := s.tableNumbers(cur.h, onLine)
		switch {
		case s.known(&cur) != unknown || (in && (v.pn == 0 || v.dn == 0)):
			return line, cur, endsDecided
		case !in:
			return line, cur, endsUnsearched
		case len(line) >= maxOpenLine:
			return line, cur, endsLength
		}
		cs := s.children(&cur, nil)
		best, ok := s.mostProvingChild(cs, s.isOr(cur.q), onLine)
		if !ok {
			return line, cur, endsSettled
		}
		line = append(line, s.format(cur.q, cs[best].m, true))
		cur = cs[best]
		onLine[cur.h] = true
	}
}

// tableNumbers is h's entry as the walk reads it, on a line through the
// positions onLine: a disproof resting on the repetition of a position
// holds where that position is on the line (as refresh reads it), and is
// no entry elsewhere. Undecided entries are read whichever proof stored
// them (prove reads only its own, see search.rootTag): a first move's
// position met again in another first move's search keeps the numbers of
// the last search that passed, and they are the table's last word on it.
func (s *search[P, M]) tableNumbers(h uint64, onLine map[uint64]bool) (numbers, bool) {
	v, ok := s.tt.get(h)
	if ok && v.repDisproof() {
		if d, dok := s.deps.get(h); dok && onLine[d] {
			return numbers{pn: inf}, true
		}
		return numbers{}, false
	}
	return v, ok
}

// mostProvingChild picks, of cs, the open child with the smallest proof
// number (or, at the defender's, disproof number), as mid's pick does; a
// child not in the table counts with df-pn's first guess (the first of
// equals wins, as in pick). ok is false
// when every child is settled.
func (s *search[P, M]) mostProvingChild(cs []child[P, M], or bool, onLine map[uint64]bool) (best int, ok bool) {
	best, bv := -1, inf
	for i := range cs {
		c := &cs[i]
		if onLine[c.h] || s.known(c) != unknown {
			continue // a repetition is a disproof, a settled child no longer open
		}
		pn, dn := s.firstNumbers(c)
		if v, ok := s.tableNumbers(c.h, onLine); ok {
			pn, dn = v.pn, v.dn
		}
		if pn == 0 || dn == 0 {
			continue // settled on this line
		}
		v := pn
		if !or {
			v = dn
		}
		if v < bv {
			best, bv = i, v
		}
	}
	return best, best >= 0
}

// firstNumbers are the numbers expand gives c before the search enters
// it: the guess, scaled at the attacker's positions by its mobility (for
// the disproof number) and at the defender's by its replies (for the
// proof number).
func (s *search[P, M]) firstNumbers(c *child[P, M]) (pn, dn uint32) {
	hp, hd := s.guess(c.q)
	if s.isOr(c.q) {
		return hp, mobilityDn(hd, s.g, c.q)
	}
	return uint32(c.n) * hp, hd
}

// describeOpen writes the open line for the report: the frontier's
// material and what the tables say of it.
func (s *search[P, M]) describeOpen(line []string, end child[P, M], why string, nodes int64) *verdict.OpenLine {
	q := s.g.ToGeneric(end.q)
	sig := material(s.g, end.q)
	o := &verdict.OpenLine{Line: line, FEN: q.FEN(), Pieces: sig.Pieces(), Ends: why, Nodes: nodes,
		Material: s.materialText(end.q, q),
		Tables:   verdict.TablesNone}
	switch {
	case s.tables == nil:
	case len(q.Validate()) > 0:
		// A position no game reaches (a man on its crowning row, as in a
		// misprinted diagram) is in no table, built or not: its
		// material's table says nothing of it, and building helps none.
		return o
	case s.tables.Saved(sig):
		o.Tables = verdict.TablesSaved
	case s.tables.Has(sig):
		o.Tables = verdict.TablesInMemory
	}
	if o.Tables == verdict.TablesNone && s.tables != nil {
		if _, positions, _, mem := s.tables.Plan(q); positions > 0 {
			o.PlanBuild(q.Rules.Name, positions, mem)
		}
	}
	return o
}

// materialText is q's material, the attacker's first: "4 v 3 men", or
// with kings "4 v 3: 1 man and 3 kings v 1 man and 2 kings" (g is q in
// the generic form).
func (s *search[P, M]) materialText(q P, g draughts.Position) string {
	words := materialWords(g, s.attacker)
	if strings.HasSuffix(words, " men") && !strings.Contains(words, "king") {
		return words
	}
	return fmt.Sprintf("%d v %d: %s", s.sideCount(q, s.attacker), s.sideCount(q, s.attacker.Opponent()), words)
}

// sideCount is colour c's pieces in q.
func (s *search[P, M]) sideCount(q P, c draughts.Color) int {
	men, kings := sideOf(material(s.g, q), c)
	return men + kings
}

// explainUnproven gives every place the report leaves unproven its open
// line, read from s, the search that holds what the verification
// learnt; places already explained keep theirs.
func (s *search[P, M]) explainUnproven(rep *verdict.Report) {
	for i := range rep.Unproven {
		u := &rep.Unproven[i]
		if u.Open != nil {
			continue
		}
		q, err := draughts.ParseFEN(s.r, u.FEN)
		if err != nil {
			continue // not reached: the FEN is the solver's own
		}
		c := s.atGeneric(q, false) // a place reached by a crowning that meets the goal is never open
		u.Open = s.openLine(&c, u.Nodes)
	}
}

// explainKey is the open line of an undecided first move m of the root,
// on which nodes were spent: the line starts with m.
func (v *verifier[P, M]) explainKey(k openKey) verdict.OpenLine {
	c := v.childOf(v.root, k.m)
	o := v.s.openLine(&c, k.nodes)
	o.Move = v.root.Rules.FormatMove(k.m, true)
	o.Line = append([]string{o.Move}, o.Line...)
	return *o
}
