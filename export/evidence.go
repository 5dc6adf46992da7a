package export

import (
	"fmt"
	"strings"

	"metz/verdict"
)

// summary says in a few words what the evidence found, for the verdict
// line: the cooks, the omitted defences, the duals, the misprints with
// what their repairs gave, the refutation and the places left unproven.
func summary(ev *verdict.Report, l Lang) string {
	if ev == nil {
		return ""
	}
	var parts []string
	if n := len(ev.Cooks); n > 0 {
		moves := make([]string, n)
		for i, c := range ev.Cooks {
			moves[i] = c.Move
		}
		parts = append(parts, l.count(n, "other winning first move", "other winning first moves",
			"autre premier coup gagnant", "autres premiers coups gagnants")+l.say(": ", " : ")+l.moves(moves))
	}
	if n := len(ev.Omitted); n > 0 {
		parts = append(parts, l.count(n, "defence the source omits", "defences the source omits",
			"défense omise par la source", "défenses omises par la source"))
	}
	if n := len(ev.Duals); n > 0 {
		parts = append(parts, l.count(n, "dual", "duals", "dualité", "dualités"))
	}
	for _, mp := range ev.Misprints {
		s := l.say("misprint ", "coquille ") + l.say(fmt.Sprintf("%q", mp.Text), "« "+mp.Text+" »")
		for _, r := range ev.Repairs {
			if r.Path == mp.Path {
				s += l.say(fmt.Sprintf(", read as %s: %s", r.Repair, r.Verdict),
					fmt.Sprintf(", lu %s : %s", l.move(r.Repair), l.verdict(r.Verdict)))
			}
		}
		parts = append(parts, s)
	}
	if r := ev.Refutation; r != nil {
		parts = append(parts, l.say("refutation: "+r.Note, "réfutation : "+l.solverText(r.Note, "la ligne donnée est réfutée")))
	}
	if n := len(ev.Unproven); n > 0 {
		parts = append(parts, l.count(n, "place left unproven", "places left unproven", "point non prouvé", "points non prouvés"))
	}
	return strings.Join(parts, l.say("; ", " ; "))
}
