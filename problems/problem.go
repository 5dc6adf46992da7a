// Package problems is metz's model of a draughts problem as a source states
// it: position, rule system, stipulation, the solution as printed and parsed,
// themes, cross references and the warnings met while reading it. It holds
// what the sources say; verdicts are the solver's business.
package problems

import (
	"strconv"
	"strings"

	"metz/draughts"
)

// Origins of a theme.
const (
	OriginBook     = "book"     // the source's own index or text
	OriginUser     = "user"     // added by a reader
	OriginDetected = "detected" // found by the theme detector
)

// Problem is one record of a source.
type Problem struct {
	ID     int64  `json:"id"`
	Source string `json:"source"`           // source key: "metz", "vantenac", or a file's base name
	Number int    `json:"number"`           // number in the source, 0 if none
	Label  string `json:"label,omitempty"`  // as the source names it: "Problème VI"
	Class  string `json:"class,omitempty"`  // class key within the source
	Title  string `json:"title,omitempty"`  // class or title as printed
	Author string `json:"author,omitempty"` // the composer, as the source names them
	Date   string `json:"date,omitempty"`   // when it was composed or first printed, as written
	// Rules is the rule system, the canonical value (draughts.RulesByName
	// reads its key where a record comes in); JSON and the database hold
	// its key.
	Rules *draughts.Rules `json:"rules"`
	// Position is the diagram, read under Rules (its own Rules is the
	// same); nil when the source gives none. JSON and the database hold
	// its FEN.
	Position     *draughts.Position `json:"fen,omitempty"`
	Stipulation  Stipulation        `json:"stipulation"`             // what is asked (JSON: its text)
	SolutionText string             `json:"solution_text,omitempty"` // verbatim
	Solution     *Tree              `json:"solution,omitempty"`      // the stated solution, parsed
	Witnesses    []Witness          `json:"witnesses,omitempty"`     // other transcriptions of the solution
	Commentary   string             `json:"commentary,omitempty"`
	Result       string             `json:"result,omitempty"` // the PDN result as written ("2-0", "1/2-1/2"); "" for none or "*"
	Tags         []Tag              `json:"tags,omitempty"`   // the source's PDN tags metz has no field for (Site, Round, White …), in order
	Themes       []Theme            `json:"themes,omitempty"`
	Refs         []Ref              `json:"refs,omitempty"`
	Warnings     []Warning          `json:"warnings,omitempty"`
	Location     string             `json:"location,omitempty"` // file:line of the record
	// Carried is what an export of metz's carries besides the source's
	// record (readers' notes and tags, detected themes, verdicts); nil
	// for a record read from a source. It is not part of the record's
	// content: see Carried.
	Carried *Carried `json:"metz,omitempty"`
}

// Tag is a PDN tag pair kept as the source wrote it.
type Tag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Place reads Location ("file:line") back into its parts; the line is 0
// when there is none.
func (p *Problem) Place() (file string, line int) {
	i := strings.LastIndexByte(p.Location, ':')
	if i < 0 {
		return p.Location, 0
	}
	n, err := strconv.Atoi(p.Location[i+1:])
	if err != nil {
		return p.Location, 0
	}
	return p.Location[:i], n
}

// HasPosition reports whether the record has a diagram.
func (p *Problem) HasPosition() bool { return p.Position != nil }

// FEN is the diagram's FEN, "" when there is none.
func (p *Problem) FEN() string {
	if p.Position == nil {
		return ""
	}
	return p.Position.FEN()
}

// RulesName is the rule system's key, "" when the record has none yet.
func (p *Problem) RulesName() string {
	if p.Rules == nil {
		return ""
	}
	return p.Rules.Name
}

// Theme is a theme carried by a problem, with where it comes from and,
// when known, the ply and squares where it happens.
type Theme struct {
	Name    string `json:"name"`
	Label   string `json:"label,omitempty"` // the source's words
	Origin  string `json:"origin"`
	Ply     int    `json:"ply,omitempty"`     // 1-based ply in the solution, 0 if not placed
	Squares []int  `json:"squares,omitempty"` // square numbers involved
	Note    string `json:"note,omitempty"`
}

// Ref is a cross reference to another problem of a source.
type Ref struct {
	Source string `json:"source"`
	Number int    `json:"number"`
	Kind   string `json:"kind"` // e.g. "same-coup-other-line", "equivalent", "see"
	Note   string `json:"note,omitempty"`
}

// Warning is something the importer could not read with certainty.
type Warning struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Text     string `json:"text"`               // the text as found
	Expected string `json:"expected,omitempty"` // what was expected there
	Ply      int    `json:"ply,omitempty"`      // the solution ply concerned, if any
}

// Witness is another transcription of the stated solution (Van Tenac prints
// both a table and prose), with the places where it disagrees with Solution.
type Witness struct {
	Name          string   `json:"name"` // "prose", "table"
	Text          string   `json:"text"`
	Tree          *Tree    `json:"tree,omitempty"`
	Disagreements []string `json:"disagreements,omitempty"`
}
