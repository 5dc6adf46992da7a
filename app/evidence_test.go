package app

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"metz/db"
	"metz/solver"
)

// What EncodeEvidence writes, DecodeEvidence reads back whole; the bare
// report older metz stored (version 0) still reads; a newer version and
// foreign JSON are refused with the reason.
func TestEvidenceVersions(t *testing.T) {
	r := &solver.Report{ProblemID: 7, Verdict: solver.Cooked, Rules: "international", Key: "28-23",
		Cooks: []solver.Cook{{Move: "33-29", Plies: 5}}, ProofNodes: 1234, SolverVersion: "test"}
	ev, err := EncodeEvidence(r)
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(ev, &env); err != nil || env.Version != EvidenceVersion {
		t.Fatalf("stored evidence has no version %d: %s", EvidenceVersion, ev)
	}
	back, err := DecodeEvidence(ev)
	if err != nil || !reflect.DeepEqual(back, r) {
		t.Fatalf("round trip: %v\n%+v\n%+v", err, back, r)
	}
	bare, _ := json.Marshal(r)
	if old, err := DecodeEvidence(bare); err != nil || !reflect.DeepEqual(old, r) {
		t.Errorf("version 0: %v %+v", err, old)
	}
	if r, err := DecodeEvidence(nil); r != nil || err != nil {
		t.Errorf("no evidence: %v %v", r, err)
	}
	for raw, want := range map[string]string{
		`{"version": 9, "report": {}}`: "evidence version 9",
		`[1, 2]`:                       "not a solver report",
		`{"note": "by hand"}`:          "no verdict",
		`{"version": 1, "report": 3}`:  "not a solver report",
	} {
		if _, err := DecodeEvidence(json.RawMessage(raw)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", raw, err, want)
		}
	}
}

// StoreVerdict writes the current version, which LatestVerdict reads.
func TestStoreAndReadVerdict(t *testing.T) {
	d := tinyDB(t, 1)
	s, err := Resolve(d, "tiny:1")
	if err != nil {
		t.Fatal(err)
	}
	if l, err := LatestVerdict(d, s.ID); err != nil || l.Verdict != nil {
		t.Fatalf("never verified: %v %+v", err, l)
	}
	r := &solver.Report{ProblemID: s.ID, Verdict: solver.Sound, Rules: "international", Key: "28x19"}
	if err := StoreVerdict(d, r); err != nil {
		t.Fatal(err)
	}
	l, err := LatestVerdict(d, s.ID)
	if err != nil || l.Verdict == nil || l.Verdict.Verdict != solver.Sound || l.Report == nil || l.Report.Key != "28x19" {
		t.Fatalf("%v %+v", err, l)
	}
	if !strings.HasPrefix(string(l.Verdict.Evidence), `{"version":1,`) {
		t.Errorf("stored evidence %s", l.Verdict.Evidence)
	}
	if _, err := d.AddVerdict(s.ID, db.Verdict{Verdict: "sound", Evidence: json.RawMessage(`{"version": 2, "report": {}}`)}); err != nil {
		t.Fatal(err)
	}
	if l, err := LatestVerdict(d, s.ID); err != nil || l.Report != nil || l.Err == nil {
		t.Errorf("a newer version's evidence: %v %+v", err, l)
	}
}
