package problems

import "encoding/json"

// Carried is what metz added to a record after reading it from its source,
// as an export carries it so that importing the export gives a database
// the same record back: the readers' tags and notes, the detected themes,
// the verdict history, and the times that tie each to the version of the
// record it was made for. The importer passes it through; the database
// stores it beside the record (it never decides a verdict).
type Carried struct {
	// Source describes the record's source, so that a database that has
	// never seen it can create it as it was. An export writes it with the
	// first record of each source.
	Source *CarriedSource `json:"source,omitempty"`
	// ChangedAt is when an import last changed the record's position or
	// stated solution (RFC 3339; "" never): notes and tags older than it
	// are read as the earlier version's.
	ChangedAt string           `json:"changed_at,omitempty"`
	Themes    []CarriedTheme   `json:"themes,omitempty"`   // user tags and detected themes
	Notes     []CarriedNote    `json:"notes,omitempty"`    // oldest first
	Verdicts  []CarriedVerdict `json:"verdicts,omitempty"` // the whole history, oldest first
	// Warnings are those metz itself attached to the record ("not
	// verified since it changed"), which no reading of the source gives.
	Warnings []Warning `json:"warnings,omitempty"`
}

// CarriedSource is a source as the database describes it, with the
// warnings about it as a whole and the passages kept from it.
type CarriedSource struct {
	Source
	Warnings []Warning    `json:"warnings,omitempty"`
	Texts    []SourceText `json:"texts,omitempty"`
}

// CarriedTheme is a theme a reader or the detector added, with when.
type CarriedTheme struct {
	Theme
	CreatedAt string `json:"created_at,omitempty"`
}

// CarriedNote is a reader's note with when it was written.
type CarriedNote struct {
	Text      string `json:"text"`
	CreatedAt string `json:"created_at"`
}

// CarriedVerdict is one row of a record's verdict history as stored:
// VerifyKey names the version of the record (position, rules, stipulation,
// stated moves) it was given for, so that a verdict of an earlier version
// never reads as the current one's.
type CarriedVerdict struct {
	Verdict       string          `json:"verdict"`
	Dual          bool            `json:"dual,omitempty"`
	Evidence      json.RawMessage `json:"evidence,omitempty"`
	Rules         string          `json:"rules,omitempty"`
	SolverVersion string          `json:"solver_version,omitempty"`
	Budget        int64           `json:"budget,omitempty"`
	ProofNodes    int64           `json:"proof_nodes,omitempty"`
	Seconds       float64         `json:"seconds,omitempty"`
	CreatedAt     string          `json:"created_at"`
	VerifyKey     string          `json:"verify_key"`
}

// Empty reports whether c carries nothing.
func (c *Carried) Empty() bool {
	return c == nil || c.Source == nil && c.ChangedAt == "" && len(c.Themes) == 0 && len(c.Notes) == 0 &&
		len(c.Verdicts) == 0 && len(c.Warnings) == 0
}
