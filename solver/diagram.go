package solver

import (
	"fmt"

	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// A printed move that cannot be played may be right while the diagram is
// wrong: a piece drawn one square off. Van Tenac's Problem VI plays "43 à 39"
// with no white piece on 43; moving the diagram's man from 45 to 43 makes all
// seventeen printed plies legal. So besides nearby moves, the verifier tries
// every diagram with one piece moved to another empty square, keeps those on
// which the whole stated solution replays, and verifies each of them.

// relocation is one diagram repair: the piece on From drawn on To instead.
type relocation struct {
	From, To int
	Pos      draughts.Position
}

func (r relocation) describe(rules *draughts.Rules, pc draughts.Piece) string {
	kind := "man"
	if pc.IsKing() {
		kind = "king"
	}
	return fmt.Sprintf("diagram: the %s %s on %s, not %s", pc.Color(), kind,
		rules.SquareName(r.To), rules.SquareName(r.From))
}

// relocations lists the one-piece changes of the diagram on which every
// stated move of t replays, in board order.
func relocations(pos draughts.Position, t *problems.Tree) []relocation {
	var out []relocation
	for from, pc := range pos.Board {
		if pc == draughts.Empty {
			continue
		}
		for to, there := range pos.Board {
			if there != draughts.Empty || (pc.IsMan() && pos.Rules.PromotionRow(to, pc.Color())) {
				continue
			}
			q := pos.Clone()
			q.Board[from], q.Board[to] = draughts.Empty, pc
			if replay(q, t, &verdict.Report{}) {
				out = append(out, relocation{From: from, To: to, Pos: q})
			}
		}
	}
	return out
}

// diagramRepairs re-verifies the problem on each diagram that makes the
// whole stated solution playable (at most maxRepairs of them).
func (v *verifier[P, M]) diagramRepairs(p *problems.Problem) {
	cands := relocations(v.root, p.Solution)
	if len(cands) > maxRepairs {
		v.rep.Notes = append(v.rep.Notes, fmt.Sprintf("%d diagram repairs replay the solution; the first %d were verified", len(cands), maxRepairs))
		cands = cands[:maxRepairs]
	}
	for _, c := range cands {
		fixed := *p
		fixed.Position = &c.Pos
		var sub *verdict.Report
		v.s.share(len(cands)+1, func() {
			sub = &verdict.Report{Budget: v.rep.Budget}
			verify(&fixed, v.repairOptions(), sub, v.s.lim)
			sub.Verdict = orDefault(sub.Verdict)
		})
		v.rep.Repairs = append(v.rep.Repairs, verdict.RepairResult{Printed: v.root.FEN(),
			Repair: c.describe(v.root.Rules, v.root.Board[c.From]), Verdict: sub.Verdict, Dual: sub.Dual,
			Note: "diagram " + c.Pos.FEN()})
	}
}
