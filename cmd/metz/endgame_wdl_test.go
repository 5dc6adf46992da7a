package main

import (
	"encoding/json"
	"strings"
	"testing"

	"metz/app"
	"metz/tables"
	"metz/tables/intl"
)

// endgame probe on tables stored without distances (as the international
// 6-piece ones are; here three kings against a man, packed, built by the
// builder itself): the value with "distance not stored", each move's
// value, and in JSON a null distance, never a number made up.
func TestEndgameProbeWithoutDistances(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 4-piece tables of three kings against a man")
	}
	dir := t.TempDir()
	if err := intl.BuildPacked(t.Context(), dir, []tables.Sig{{WK: 3, BM: 1}}, 4); err != nil {
		t.Fatal(err)
	}
	out, err := runEndgameCLI(t, "endgame", "probe", "W:WK8,K20,K37:B43", "--tables", dir)
	if err != nil || !strings.HasPrefix(out, "W:WK8,K20,K37:B43: win, distance not stored\n* 8-19     win, distance not stored\n") ||
		strings.Contains(out, " in ") || !strings.Contains(out, "  8-3      draw\n") {
		t.Errorf("probe text: %v\n%s", err, out)
	}
	out, err = runEndgameCLI(t, "endgame", "probe", "W:WK8,K20,K37:B31", "--tables", dir, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep app.Probed
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	// One move, a capture of the last black piece: a win in 1 ply, whose
	// distance the rules give.
	if rep.Result != "win" || rep.Plies != nil || !strings.Contains(out, `"plies":null`) || len(rep.Moves) != 1 ||
		rep.Moves[0].Move != "37x26" || rep.Moves[0].Plies == nil || *rep.Moves[0].Plies != 1 || !rep.Moves[0].Best {
		t.Errorf("probe --json: %s", out)
	}
}
