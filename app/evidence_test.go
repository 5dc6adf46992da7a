package app

import (
	"encoding/json"
	"strings"
	"testing"

	"metz/db"
	"metz/verdict"
)

// StoreVerdict writes the current version, which LatestVerdict reads.
func TestStoreAndReadVerdict(t *testing.T) {
	d := tinyDB(t, 1)
	s, err := Resolve(d, "tiny:1")
	if err != nil {
		t.Fatal(err)
	}
	if l, err := CurrentVerdict(d, s.ID); err != nil || l.Verdict != nil {
		t.Fatalf("never verified: %v %+v", err, l)
	}
	r := &verdict.Report{ProblemID: s.ID, Verdict: verdict.Sound, Rules: "international", Key: "28x19"}
	if err := StoreVerdict(d, r); err != nil {
		t.Fatal(err)
	}
	l, err := CurrentVerdict(d, s.ID)
	if err != nil || l.Verdict == nil || l.Verdict.Verdict != verdict.Sound || l.Report == nil || l.Report.Key != "28x19" {
		t.Fatalf("%v %+v", err, l)
	}
	if !strings.HasPrefix(string(l.Verdict.Evidence), `{"version":1,`) {
		t.Errorf("stored evidence %s", l.Verdict.Evidence)
	}
	if _, err := d.AddVerdict(s.ID, db.Verdict{Verdict: "sound", Evidence: json.RawMessage(`{"version": 2, "report": {}}`)}); err != nil {
		t.Fatal(err)
	}
	if l, err := CurrentVerdict(d, s.ID); err != nil || l.Report != nil || l.Err == nil {
		t.Errorf("a newer version's evidence: %v %+v", err, l)
	}
}
