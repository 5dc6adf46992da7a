package verdict

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// What Encode writes, Decode reads back whole; the bare
// report older metz stored (version 0) still reads; a newer version and
// foreign JSON are refused with the reason.
func TestStoredVersions(t *testing.T) {
	r := &Report{ProblemID: 7, Verdict: Cooked, Rules: "international", Key: "28-23",
		Cooks: []Cook{{Move: "33-29", Plies: 5}}, ProofNodes: 1234, SolverVersion: "test"}
	ev, err := Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(ev, &env); err != nil || env.Version != StoredVersion {
		t.Fatalf("stored evidence has no version %d: %s", StoredVersion, ev)
	}
	back, err := Decode(ev)
	if err != nil || !reflect.DeepEqual(back, r) {
		t.Fatalf("round trip: %v\n%+v\n%+v", err, back, r)
	}
	bare, _ := json.Marshal(r)
	if old, err := Decode(bare); err != nil || !reflect.DeepEqual(old, r) {
		t.Errorf("version 0: %v %+v", err, old)
	}
	if r, err := Decode(nil); r != nil || err != nil {
		t.Errorf("no evidence: %v %v", r, err)
	}
	for raw, want := range map[string]string{
		`{"version": 9, "report": {}}`: "evidence version 9",
		`[1, 2]`:                       "not a solver report",
		`{"note": "by hand"}`:          "no verdict",
		`{"version": 1, "report": 3}`:  "not a solver report",
	} {
		if _, err := Decode(json.RawMessage(raw)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", raw, err, want)
		}
	}
}
