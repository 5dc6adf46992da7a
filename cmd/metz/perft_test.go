package main

import (
	"encoding/json"
	"testing"

	"metz/app"

	"metz/draughts"
)

// metz perft counts as the generic engine does (itself checked against the
// published tables) in every rule system, whichever generator serves it:
// the 8x8 and 12x12 bitboards in drop mode, the generic one in keep mode.
func TestPerftCommandAgreesWithGeneric(t *testing.T) {
	const depth = 5
	for _, r := range draughts.AllRules() {
		for _, count := range []string{"drop", "keep"} {
			out, err := runEndgameCLI(t, "perft", "start", "5", "--rules", r.Name, "--count", count, "--json")
			if err != nil {
				t.Fatalf("%s %s: %v", r.Name, count, err)
			}
			var res app.PerftResult
			if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Depths) != depth {
				t.Fatalf("%s %s: not one document of %d depths (%v):\n%s", r.Name, count, depth, err, out)
			}
			mode := draughts.Drop
			if count == "keep" {
				mode = draughts.Keep
			}
			for d, got := range res.Depths {
				if want := draughts.Perft(draughts.Start(r), d+1, mode); got.Nodes != want {
					t.Errorf("%s %s depth %d: %d, generic %d", r.Name, count, d+1, got.Nodes, want)
				}
			}
		}
	}
}
