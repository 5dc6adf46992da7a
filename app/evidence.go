package app

import (
	"encoding/json"
	"fmt"

	"metz/db"
	"metz/export"
	"metz/solver"
)

// EvidenceVersion is the version of the stored evidence written now. A
// verdict's evidence is the solver's report in an envelope that names its
// version, so that a later metz can read what an older one stored, and an
// older one can say it cannot read a newer one instead of misreading it.
//
// Version 0 (before the envelope) is the bare report; version 1 is
// {"version": 1, "report": {...}}.
const EvidenceVersion = 1

// evidenceEnvelope is the stored shape of version 1 and later.
type evidenceEnvelope struct {
	Version int             `json:"version"`
	Report  json.RawMessage `json:"report"`
}

// EncodeEvidence writes a report as stored evidence, at EvidenceVersion.
func EncodeEvidence(r *solver.Report) (json.RawMessage, error) {
	rep, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	return json.Marshal(evidenceEnvelope{Version: EvidenceVersion, Report: rep})
}

// DecodeEvidence reads stored evidence back into the solver's report,
// whichever version wrote it. Empty evidence is (nil, nil): a verdict
// need not carry any.
func DecodeEvidence(raw json.RawMessage) (*solver.Report, error) {
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
		if *probe.Version < 1 || *probe.Version > EvidenceVersion {
			return nil, fmt.Errorf("evidence version %d: this metz reads versions 0 to %d (a newer metz stored it)", *probe.Version, EvidenceVersion)
		}
		var env evidenceEnvelope
		if err := json.Unmarshal(raw, &env); err != nil {
			return nil, fmt.Errorf("evidence version %d: %w", *probe.Version, err)
		}
		body = env.Report
	}
	var r solver.Report
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("evidence is not a solver report: %w", err)
	}
	if r.Verdict == "" {
		return nil, fmt.Errorf("evidence is not a solver report: no verdict in it")
	}
	return &r, nil
}

// Latest is a problem's newest verdict and its evidence read back.
type Latest struct {
	Verdict *db.Verdict    // nil: never verified
	Report  *solver.Report // nil: no evidence, or evidence this metz cannot read (Err says why)
	Err     error          // why the evidence could not be read
}

// LatestVerdict reads a problem's newest verdict; a verdict whose evidence
// cannot be read is returned with the reason, not as an error, so that one
// odd record does not stop a report.
func LatestVerdict(d *db.DB, id int64) (Latest, error) {
	vs, err := d.Verdicts(id)
	if err != nil || len(vs) == 0 {
		return Latest{}, err
	}
	v := vs[len(vs)-1]
	r, derr := DecodeEvidence(v.Evidence)
	return Latest{Verdict: &v, Report: r, Err: derr}, nil
}

// StoreVerdict records a report in the problem's verdict history, with its
// evidence at EvidenceVersion. An ad hoc problem (no id) is not stored.
func StoreVerdict(d *db.DB, r *solver.Report) error {
	if r.ProblemID == 0 {
		return nil
	}
	ev, err := EncodeEvidence(r)
	if err != nil {
		return err
	}
	_, err = d.AddVerdict(r.ProblemID, db.Verdict{ProblemID: r.ProblemID, Verdict: r.Verdict, Dual: r.Dual,
		Evidence: ev, Rules: r.Rules, SolverVersion: r.SolverVersion, Budget: r.Budget.Nodes,
		ProofNodes: r.ProofNodes, Seconds: r.Seconds})
	return err
}

// EvidenceOf is a solver report as package export reads it: the report's
// JSON is the contract between the two, so export need not import the
// solver.
func EvidenceOf(rep *solver.Report) *export.Evidence {
	if rep == nil {
		return nil
	}
	data, err := json.Marshal(rep)
	if err != nil {
		return nil
	}
	ev, err := export.ReadEvidence(data)
	if err != nil {
		return nil
	}
	return ev
}
