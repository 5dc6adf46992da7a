package export

import (
	"encoding/json"
	"fmt"
	"strings"

	"metz/problems"
)

// Evidence is what a verification found, reduced to what a document shows:
// the moves and remarks it places on the stated tree and the few facts the
// verdict line summarises. export defines it so that it depends on no
// solver: the caller fills it in. Its JSON names are those of the report
// metz stores as a verdict's evidence, so that a stored report decodes
// into it (ReadEvidence) and the fields it does not need are skipped.
type Evidence struct {
	Goal         string      `json:"goal"`                    // "win", "draw", … : the mark a proven end gets
	Dual         bool        `json:"dual"`                    // duals were found (a flag on the verdict)
	ProvenLeaves []string    `json:"proven_leaves,omitempty"` // the stated lines' ends proven, by path
	Omitted      []Omitted   `json:"omitted,omitempty"`
	Duals        []Dual      `json:"duals,omitempty"`
	Cooks        []Cook      `json:"cooks,omitempty"`
	Misprints    []Misprint  `json:"misprints,omitempty"`
	Repairs      []Repair    `json:"repairs,omitempty"`
	Refutation   *Refutation `json:"refutation,omitempty"`
	Unproven     []Unproven  `json:"unproven,omitempty"`
}

// Omitted is a defence the source does not give that still loses, with the
// winning answer; Path names the defender's node where it is missing.
type Omitted struct {
	Path    string         `json:"path"`
	Defence string         `json:"defence"`
	Answer  *problems.Tree `json:"answer,omitempty"`
}

// Dual is another attacker move at Path that wins as fast as the stated one.
type Dual struct {
	Path        string `json:"path"`
	Stated      string `json:"stated"`
	Alternative string `json:"alternative"`
	Plies       int    `json:"plies"`
}

// Cook is another first move that meets the goal, with its proof when
// known (a tree whose first move is the cook itself).
type Cook struct {
	Move  string         `json:"move"`
	Plies int            `json:"plies,omitempty"` // shortest win counting the move, 0 when unknown
	Proof *problems.Tree `json:"proof,omitempty"`
}

// Misprint is a stated move at Path that cannot be played; Text is the
// move as printed, Reason why not (in English: the solver's words).
type Misprint struct {
	Path   string `json:"path"`
	Text   string `json:"text"`
	Reason string `json:"reason"`
}

// Repair is the verdict of the problem with the misprint at Path replaced
// by a nearby legal move.
type Repair struct {
	Path    string `json:"path"`
	Repair  string `json:"repair"`
	Verdict string `json:"verdict"`
}

// Refutation is the line from the start that defeats the stated solution
// (empty when no first move meets the goal), and the solver's note on it.
type Refutation struct {
	Line []string `json:"line"`
	Note string   `json:"note"`
}

// Unproven is a place the budget left open: the line that reaches it and why.
type Unproven struct {
	Line   []string `json:"line"`
	Reason string   `json:"reason"`
}

// ReadEvidence decodes a stored verification report.
func ReadEvidence(data []byte) (*Evidence, error) {
	var ev Evidence
	if err := json.Unmarshal(data, &ev); err != nil {
		return nil, fmt.Errorf("evidence: %w", err)
	}
	return &ev, nil
}

// summary says in a few words what the evidence found, for the verdict
// line: the cooks, the omitted defences, the duals, the misprints with
// what their repairs gave, the refutation and the places left unproven.
func (ev *Evidence) summary(l Lang) string {
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
