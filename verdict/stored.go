package verdict

import (
	"encoding/json"
	"fmt"
)

// StoredVersion is the version of the stored report written now. A
// verdict's evidence is its report in an envelope that names the version,
// so that a later metz can read what an older one stored, and an older
// one can say it cannot read a newer one instead of misreading it.
//
// Version 0 (before the envelope) is the bare report; version 1 is
// {"version": 1, "report": {...}}.
const StoredVersion = 1

// envelope is the stored shape of version 1 and later.
type envelope struct {
	Version int             `json:"version"`
	Report  json.RawMessage `json:"report"`
}

// Encode writes a report as stored evidence, at StoredVersion.
func Encode(r *Report) (json.RawMessage, error) {
	rep, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	return json.Marshal(envelope{Version: StoredVersion, Report: rep})
}

// Decode reads stored evidence back into a report, whichever version
// wrote it. Empty evidence is (nil, nil): a verdict need not carry any.
func Decode(raw json.RawMessage) (*Report, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var probe struct {
		Version *int `json:"version"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		return nil, fmt.Errorf("evidence is not a solver report: %w", err)
	}
	body := raw // version 0: the report itself
	if probe.Version != nil {
		if *probe.Version < 1 || *probe.Version > StoredVersion {
			return nil, fmt.Errorf("evidence version %d: this metz reads versions 0 to %d (a newer metz stored it)", *probe.Version, StoredVersion)
		}
		var env envelope
		if err := json.Unmarshal(raw, &env); err != nil {
			return nil, fmt.Errorf("evidence version %d: %w", *probe.Version, err)
		}
		body = env.Report
	}
	var r Report
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("evidence is not a solver report: %w", err)
	}
	if r.Verdict == "" {
		return nil, fmt.Errorf("evidence is not a solver report: no verdict in it")
	}
	return &r, nil
}
