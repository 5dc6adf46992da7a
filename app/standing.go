package app

import (
	"fmt"

	"metz/db"
	"metz/verdict"
)

// standing says why a run that proved nothing, within budget b (nodes
// spent in seconds), is not the problem's verdict: the proof of an earlier
// run stands (db.CurrentVerdict). The proof's time is written as show
// writes the history's (UTC).
func standing(b verdict.Budget, nodes int64, seconds float64, proof db.Verdict) string {
	return fmt.Sprintf("not proven again within %s; the proof of %s (%s) stands",
		limitReached(b, nodes, seconds), proof.CreatedAt.UTC().Format("2006-01-02 15:04"), proof.Verdict)
}

// limitReached names the limit of b a search that spent nodes in seconds
// ran into ("10s", "15M-nodes"), else both.
func limitReached(b verdict.Budget, nodes int64, seconds float64) string {
	full := b.WithDefaults()
	switch b.Stop(nodes, seconds) {
	case "time":
		return verdict.Budget{Time: full.Time}.String()
	case "nodes":
		return verdict.Budget{Nodes: full.Nodes}.String()
	}
	return verdict.Budget{Time: full.Time, Nodes: full.Nodes}.String()
}

// standingRuns are the runs of a verdict history that proved nothing
// after cur, the proof that stays the problem's verdict, by id, each with
// its standing.
func standingRuns(history []db.Verdict, cur *db.Verdict) map[int64]string {
	if cur == nil || !cur.Verdict.Proven() {
		return nil
	}
	out := map[int64]string{}
	for _, v := range history {
		if !v.Verdict.Proven() && !v.Outdated && v.ID > cur.ID {
			out[v.ID] = runStanding(v, *cur)
		}
	}
	return out
}

// runStanding is standing for a stored run, its budget read from its
// evidence (the node limit alone when the evidence cannot be read).
func runStanding(v, proof db.Verdict) string {
	b := verdict.Budget{Nodes: v.Budget}
	if r, err := verdict.Decode(v.Evidence); err == nil && r != nil {
		b = r.Budget
	}
	return standing(b, v.ProofNodes, v.Seconds, proof)
}
