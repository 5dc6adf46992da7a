package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// Verifications are bounded (the queue's worker runs Options.Jobs at
// once; package queue's tests count them): the second request waits in
// the queue with its place shown, and both end with their verdicts.
func TestVerifyJobsBounded(t *testing.T) {
	_, ts := newTestServer(t, Options{Jobs: 1})
	st, body := call(t, ts, "POST", "/api/verify", `{"refs":["vantenac:77","vantenac:71"],"budget":"10m,2M-nodes"}`)
	want(t, "first", st, body, 202, `"state":"running"`)
	var first, second jobStatus
	_ = json.Unmarshal([]byte(body), &first)
	st, body = call(t, ts, "POST", "/api/verify", `{"refs":["vantenac:72"],"budget":"10m,2M-nodes"}`)
	want(t, "second", st, body, 202, `"state":"running"`, `"phase":"queued: `, `problems of other verifications ahead`)
	_ = json.Unmarshal([]byte(body), &second)
	for deadline := time.Now().Add(10 * time.Minute); first.State == jobRunning || second.State == jobRunning; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("still running: %+v %+v", first, second)
		}
		_, body = call(t, ts, "GET", "/api/jobs/"+first.ID, "")
		_ = json.Unmarshal([]byte(body), &first)
		_, body = call(t, ts, "GET", "/api/jobs/"+second.ID, "")
		_ = json.Unmarshal([]byte(body), &second)
	}
	if first.State != jobDone || first.Done != 2 || len(first.Results) != 2 || second.State != jobDone || len(second.Results) != 1 {
		t.Errorf("first %+v\nsecond %+v", first, second)
	}
	if !strings.HasPrefix(first.Results[0].Ref, "vantenac:77") || first.Results[0].Verdict != "sound" {
		t.Errorf("first's results: %+v", first.Results)
	}
}
