package app

import (
	"cmp"
	"slices"
	"sort"
	"strings"

	"metz/db"
	"metz/problems"
	"metz/problems/catalog"
	"metz/verdict"
)

// VerdictOrder is the order verdicts are counted and shown in
// (verdict.All); "none" is a problem never verified.
var VerdictOrder = append(verdictNames(verdict.All), "none")

func verdictNames(vs []verdict.Verdict) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// SourceReport is one source's part of the report.
type SourceReport struct {
	db.SourceInfo
	WithPosition int              `json:"with_position"`
	Verdicts     map[string]int   `json:"verdicts"`  // current verdict of each problem; "none" = never verified
	Positions    []ProblemVerdict `json:"positions"` // the problems that have a position, by number
	// Truth is the claims the source makes, checked (Guiton's counts of chances).
	Truth *BookTruth `json:"truth,omitempty"`
}

// ProblemVerdict is a problem's line of the report.
type ProblemVerdict struct {
	catalog.Summary
	Name     string          `json:"name"` // SOURCE:NUMBER
	Dual     bool            `json:"dual"`
	Key      string          `json:"key,omitempty"`
	Evidence string          `json:"evidence,omitempty"`
	Detected []string        `json:"detected_themes"` // the themes found in what was verified, by first ply
	Seconds  float64         `json:"seconds"`
	Report   *verdict.Report `json:"report,omitempty"`
}

// Report reads, for each source (all when only is empty), its counts and
// every problem with a position with its current verdict and the themes
// detected in it.
func Report(d *db.DB, only []string) ([]SourceReport, error) {
	if err := CheckSources(d, only); err != nil {
		return nil, err
	}
	infos, err := d.Sources()
	if err != nil {
		return nil, err
	}
	out := []SourceReport{}
	for _, info := range infos {
		if len(only) > 0 && !slices.Contains(only, info.Key) {
			continue
		}
		sr, err := reportSource(d, info)
		if err != nil {
			return nil, err
		}
		out = append(out, sr)
	}
	return out, nil
}

// Report summarises the App's sources (see Report).
func (a *App) Report(only []string) ([]SourceReport, error) {
	d, err := a.database()
	if err != nil {
		return nil, err
	}
	return Report(d, only)
}

func reportSource(d *db.DB, info db.SourceInfo) (SourceReport, error) {
	sr := SourceReport{SourceInfo: info, Verdicts: map[string]int{}, Positions: []ProblemVerdict{}}
	sums, err := d.Search(db.Query{Sources: []string{info.Key}})
	if err != nil {
		return sr, err
	}
	for _, s := range sums {
		sr.Verdicts[cmp.Or(s.VerdictText(), "none")]++ // an outdated record counts apart
		if s.FEN == "" {
			continue
		}
		sr.WithPosition++
		pv, err := problemVerdict(d, s)
		if err != nil {
			return sr, err
		}
		sr.Positions = append(sr.Positions, pv)
	}
	sort.SliceStable(sr.Positions, func(i, j int) bool { return sr.Positions[i].Number < sr.Positions[j].Number })
	sr.Truth, err = bookTruth(d, info)
	return sr, err
}

// problemVerdict reads a problem's current verdict and detected themes.
func problemVerdict(d *db.DB, s catalog.Summary) (ProblemVerdict, error) {
	pv := ProblemVerdict{Summary: s, Name: Name(s.Source, s.Number)}
	ts, err := d.ThemesOf(s.ID, problems.OriginDetected)
	if err != nil {
		return pv, err
	}
	pv.Detected = ThemeNames(ts)
	l, err := CurrentVerdict(d, s.ID)
	if err != nil || l.Verdict == nil {
		return pv, err
	}
	pv.Dual, pv.Seconds = l.Verdict.Dual, l.Verdict.Seconds
	switch {
	case l.Report != nil:
		pv.Report, pv.Key, pv.Evidence = l.Report, l.Report.Key, EvidenceText(l.Report)
	case l.Err != nil:
		pv.Evidence = l.Err.Error()
	}
	return pv, nil
}

// ThemeNames are the distinct names of ts in the order of their first ply.
func ThemeNames(ts []problems.Theme) []string {
	sorted := slices.Clone(ts)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Ply < sorted[j].Ply })
	names := []string{}
	for _, t := range sorted {
		if !slices.Contains(names, t.Name) {
			names = append(names, t.Name)
		}
	}
	return names
}

// EvidenceText sums up a report's evidence in one line of words: each kind
// of finding once, with a count, places as the moves leading to them
// (verdict.Report.Findings).
func EvidenceText(r *verdict.Report) string { return strings.Join(r.Findings(), "; ") }
