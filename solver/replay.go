package solver

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// replay plays every stated move and records each one that cannot be
// played where it stands. It reports whether the whole tree replays.
func replay(root draughts.Position, t *problems.Tree, rep *verdict.Report) bool {
	ok := true
	var walk func(q draughts.Position, ns []*problems.Node, path []int)
	walk = func(q draughts.Position, ns []*problems.Node, path []int) {
		for i, n := range ns {
			p := extend(path, i)
			m, mp := resolve(q, n)
			if mp != nil {
				mp.Path, mp.Ply = pathString(p), len(p)
				rep.Misprints = append(rep.Misprints, *mp)
				ok = false
				continue // the line cannot be followed past a misprint
			}
			walk(q.Play(m), n.Children, p)
		}
	}
	walk(root, t.Children, nil)
	return ok
}

// resolve finds the legal move a stated node names in q, or says why not.
func resolve(q draughts.Position, n *problems.Node) (draughts.Move, *verdict.MisprintPlace) {
	mp := &verdict.MisprintPlace{Text: n.Printed(), Line: n.Line}
	side := draughts.Black
	if n.White {
		side = draughts.White
	}
	if side != q.Turn {
		mp.Reason = fmt.Sprintf("printed as %s's move but %s is to move", side, q.Turn)
		return draughts.Move{}, mp
	}
	text := n.Move
	if n.Issue != "" || text == "" {
		// The importer could not resolve this move where it read it (for
		// instance after a misprint it did not replay). Here the line may
		// differ (a repair), so the printed text is read again.
		m, err := draughts.ParseMove(q, mp.Text)
		if err == nil {
			return m, nil
		}
		mp.Reason = "the move could not be read"
		if n.Issue != "" {
			mp.Reason += ": " + n.Issue
		}
		mp.Candidates = candidatesOf(err)
		return draughts.Move{}, mp
	}
	m, err := draughts.ParseMove(q, text)
	if err != nil {
		mp.Reason, mp.Candidates = err.Error(), candidatesOf(err)
		return draughts.Move{}, mp
	}
	return m, nil
}

func candidatesOf(err error) []string {
	var me *draughts.MoveError
	if errors.As(err, &me) {
		return me.Candidates
	}
	return nil
}

var squareToken = regexp.MustCompile(`[a-l]?\d+`)

// nearMoves lists the legal moves of q whose notation is close to the
// printed text: the same origin, the same destination, or both squares
// within one changed or swapped digit of the printed ones.
func nearMoves(q draughts.Position, text string) []draughts.Move {
	toks := squareToken.FindAllString(strings.ToLower(text), -1)
	if len(toks) < 2 {
		return nil
	}
	pf, pt := toks[0], toks[len(toks)-1]
	var out []draughts.Move
	for _, m := range q.Moves() {
		f, t := q.Rules.SquareName(m.From()), q.Rules.SquareName(m.To())
		if f == pf || t == pt || (nearName(f, pf) && nearName(t, pt)) {
			out = append(out, m)
		}
	}
	return out
}

// nearName: equal, one character changed, or two adjacent characters swapped.
func nearName(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	var diff []int
	for i := range a {
		if a[i] != b[i] {
			diff = append(diff, i)
		}
	}
	switch len(diff) {
	case 0, 1:
		return true
	case 2:
		i, j := diff[0], diff[1]
		return j == i+1 && a[i] == b[j] && a[j] == b[i]
	}
	return false
}

// maxRepairs bounds the repairs tried per misprint.
const maxRepairs = 8

// repairs re-verifies the problem with each misprinted move replaced by
// each nearby legal move, on a copy of the record.
func (v *verifier[P, M]) repairs(p *problems.Problem) {
	for _, mp := range v.rep.Misprints {
		q, node, ok := v.placeOf(p.Solution, mp.Path)
		if !ok {
			continue
		}
		cands := nearMoves(q, mp.Text)
		if len(cands) > maxRepairs {
			cands = cands[:maxRepairs]
		}
		if len(cands) == 0 {
			v.rep.Notes = append(v.rep.Notes, fmt.Sprintf("misprint at %s: no legal move close to %q", mp.Path, mp.Text))
		}
		for _, m := range cands {
			v.rep.Repairs = append(v.rep.Repairs, v.tryRepair(p, mp, node, q.Rules.FormatMove(m, true), len(cands)))
		}
	}
}

func (v *verifier[P, M]) tryRepair(p *problems.Problem, mp verdict.MisprintPlace, node *problems.Node, move string, n int) verdict.RepairResult {
	fixed := *p
	fixed.Solution = cloneReplacing(p.Solution, node, move)
	var sub *verdict.Report
	v.s.share(n+1, func() {
		sub = &verdict.Report{Budget: v.rep.Budget}
		verify(&fixed, v.repairOptions(), sub, v.s.lim)
		sub.Verdict = orDefault(sub.Verdict)
	})
	rr := verdict.RepairResult{Path: mp.Path, Ply: mp.Ply, Printed: mp.Text, Repair: move, Verdict: sub.Verdict, Dual: sub.Dual}
	if len(sub.Misprints) > 0 {
		rr.Note = fmt.Sprintf("then %q at %s: %s", sub.Misprints[0].Text, sub.Misprints[0].Path, sub.Misprints[0].Reason)
	}
	return rr
}

func orDefault(s verdict.Verdict) verdict.Verdict {
	if s == "" {
		return verdict.Unproven
	}
	return s
}

// placeOf finds the node at a path and the position before it.
func (v *verifier[P, M]) placeOf(t *problems.Tree, path string) (draughts.Position, *problems.Node, bool) {
	q, ns := v.root, t.Children
	parts := strings.Split(path, ".")
	for i, part := range parts {
		var k int
		if _, err := fmt.Sscan(part, &k); err != nil || k < 1 || k > len(ns) {
			return q, nil, false
		}
		n := ns[k-1]
		if i == len(parts)-1 {
			return q, n, true
		}
		m, mp := resolve(q, n)
		if mp != nil {
			return q, nil, false
		}
		q, ns = q.Play(m), n.Children
	}
	return q, nil, false
}

// cloneReplacing deep-copies a tree, giving the node target the move move.
func cloneReplacing(t *problems.Tree, target *problems.Node, move string) *problems.Tree {
	var cp func(ns []*problems.Node) []*problems.Node
	cp = func(ns []*problems.Node) []*problems.Node {
		out := make([]*problems.Node, len(ns))
		for i, n := range ns {
			c := *n
			if n == target {
				c.Move, c.Issue = move, ""
				c.Comment = strings.TrimSpace(c.Comment + " [repair of " + n.Printed() + "]")
			}
			c.Children = cp(n.Children)
			out[i] = &c
		}
		return out
	}
	return t.WithChildren(cp(t.Children))
}

// repairOptions are the options a repair is verified with: the problem's
// own tables, budget and cores, for the verdict alone.
func (v *verifier[P, M]) repairOptions() Options {
	o := v.opt
	o.Budget, o.NoRepairs, o.VerdictOnly = v.rep.Budget, true, true
	return o
}
