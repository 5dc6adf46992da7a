package app

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"metz/db"
	"metz/draughts"
	"metz/export"
	"metz/problems"
	"metz/similar"
)

// The anticipation search (docs/similar.md): the index of every problem's
// similarity keys, kept by import and verification, and the query that
// reads it.

// SimilarMatch is one record that anticipates or repeats the problem asked
// about.
type SimilarMatch struct {
	db.Candidate
	Name     string           `json:"name"` // SOURCE:NUMBER
	Relation similar.Relation `json:"relation"`
	Detail   string           `json:"detail"`
	Score    float64          `json:"score"`
	// Also lists the other relation that holds: the same final combination
	// of a record matched by its position.
	Also []similar.Relation `json:"also,omitempty"`
	// Earliest is the year the record was first printed as far as metz
	// knows (its date, else its source's year; 0: unknown).
	Earliest int `json:"earliest,omitempty"`
}

// SimilarResult is a query's answer.
type SimilarResult struct {
	Name  string `json:"name,omitempty"` // the problem asked about, when it is a record
	Rules string `json:"rules"`
	FEN   string `json:"fen"`
	// Blow is the final combination of the problem's solution, if it has one.
	Blow    *similar.Blow  `json:"blow,omitempty"`
	Matches []SimilarMatch `json:"matches"`
	// Indexed counts the records indexed before the query (new or changed
	// since the index was last brought up to date).
	Indexed int `json:"indexed,omitempty"`
}

// SimilarQuery names the problem to search for: a record (Ref) or a
// position (FEN under Rules).
type SimilarQuery struct {
	Ref   string // SOURCE:NUMBER
	ID    int64  // or the record's id (a page's record)
	FEN   string
	Rules string
	Limit int // 0: every match
	// Progress, if set, is told of the indexing the query does first.
	Progress func(done, total int)
}

// Similar finds every record that anticipates or repeats the problem q
// names, best first: by score, then the earlier printed, then by name.
// The index is brought up to date first (when the database can be
// written).
func Similar(d *db.DB, q SimilarQuery) (*SimilarResult, error) {
	res := &SimilarResult{Matches: []SimilarMatch{}}
	var pos draughts.Position
	var self int64
	switch {
	case q.Ref != "" && q.FEN != "":
		return nil, errors.New("name a problem (SOURCE:NUMBER) or give --fen, not both")
	case q.Ref != "" || q.ID != 0:
		id := q.ID
		if id == 0 {
			s, err := Resolve(d, q.Ref)
			if err != nil {
				return nil, err
			}
			id = s.ID
		}
		p, err := d.Get(id)
		if err != nil {
			return nil, err
		}
		if p.Position == nil {
			return nil, fmt.Errorf("%s has no diagram: there is no position to compare", Name(p.Source, p.Number))
		}
		pos = *p.Position
		self, res.Name = p.ID, Name(p.Source, p.Number)
		res.Blow = blowOf(d, p, true)
	case q.FEN != "":
		r, err := draughts.RulesByName(cmp.Or(q.Rules, "international"))
		if err != nil {
			return nil, fmt.Errorf("--rules: %w", err)
		}
		if pos, err = draughts.ParseFEN(r, q.FEN); err != nil {
			return nil, fmt.Errorf("--fen: %w", err)
		}
	default:
		return nil, errors.New("name a problem (SOURCE:NUMBER) or give --fen FEN")
	}
	res.Rules, res.FEN = pos.Rules.Name, pos.FEN()
	if err := ensureIndexed(d, res, q.Progress); err != nil {
		return nil, err
	}
	matches, err := findSimilar(d, pos, res.Blow, self)
	if err != nil {
		return nil, err
	}
	res.Matches = matches
	if q.Limit > 0 && len(res.Matches) > q.Limit {
		res.Matches = res.Matches[:q.Limit]
	}
	return res, nil
}

// ensureIndexed indexes every record when the index is incomplete (a
// database made before it, or under an older key scheme): import,
// verification and drafts keep it up to date from then on, so that a
// query reads no record it does not need.
func ensureIndexed(d *db.DB, res *SimilarResult, progress func(done, total int)) error {
	if d.ReadOnly() != "" {
		return nil
	}
	complete, err := d.SimilarComplete(similar.Scheme)
	if err != nil || complete {
		return err
	}
	res.Indexed, err = IndexSimilar(d, "", progress)
	return err
}

// findSimilar looks the probes of pos (and of blow) up, compares each
// record found and orders the matches; self is left out.
func findSimilar(d *db.DB, pos draughts.Position, blow *similar.Blow, self int64) ([]SimilarMatch, error) {
	probes := similar.QueryProbes(pos, blow)
	probed := map[similar.Kind]map[int64]bool{}
	var keys []int64
	for kind, ks := range probes {
		probed[kind] = map[int64]bool{}
		for _, k := range ks {
			probed[kind][k] = true
		}
		keys = append(keys, ks...)
	}
	slices.Sort(keys)
	hits, err := d.LookupSimilar(slices.Compact(keys))
	if err != nil {
		return nil, err
	}
	var ids []int64
	byBlow := map[int64]bool{}
	for _, h := range hits {
		if !probed[similar.Kind(h.Kind)][h.Key] {
			continue // another kind's key of the same value: no kind probes it
		}
		ids = append(ids, h.ID)
		if similar.Kind(h.Kind) == similar.KindBlow {
			byBlow[h.ID] = true
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if i, found := slices.BinarySearch(ids, self); found && self != 0 {
		ids = slices.Delete(ids, i, i+1)
	}
	cands, err := d.Candidates(ids)
	if err != nil {
		return nil, err
	}
	out := []SimilarMatch{}
	for _, c := range cands {
		if m, ok := compareCandidate(pos, c, blow, byBlow[c.ID]); ok {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, bestFirst)
	return out, nil
}

// compareCandidate is the match of one record found, if any relation holds.
func compareCandidate(pos draughts.Position, c db.Candidate, blow *similar.Blow, sameBlow bool) (SimilarMatch, bool) {
	if c.Rules != pos.Rules || c.Position == nil {
		return SimilarMatch{}, false
	}
	m := SimilarMatch{Candidate: c, Name: Name(c.Source, c.Number), Earliest: earliest(c)}
	rel, ok := similar.Compare(pos, *c.Position)
	switch {
	case ok:
		m.Relation, m.Detail, m.Score = rel.Relation, rel.Detail, rel.Score
		if sameBlow {
			m.Also = []similar.Relation{similar.SameCombination}
		}
	case sameBlow:
		m.Relation, m.Score = similar.SameCombination, similar.ScoreOf(similar.SameCombination, 0)
		m.Detail = "the same final combination: " + blow.String()
	default:
		return SimilarMatch{}, false
	}
	return m, true
}

// bestFirst orders matches by score, then the one that also shares the
// final combination, then the earlier printed (a known
// year before an unknown one), then by name.
func bestFirst(a, b SimilarMatch) int {
	if a.Score != b.Score {
		return cmp.Compare(b.Score, a.Score)
	}
	if len(a.Also) != len(b.Also) {
		return cmp.Compare(len(b.Also), len(a.Also)) // the same position and the same blow first
	}
	ya, yb := a.Earliest, b.Earliest
	if (ya == 0) != (yb == 0) {
		return cmp.Compare(yb, ya) // the known year first
	}
	return cmp.Or(cmp.Compare(ya, yb), cmp.Compare(a.Source, b.Source), cmp.Compare(a.Number, b.Number), cmp.Compare(a.ID, b.ID))
}

var yearRE = regexp.MustCompile(`\b(1[5-9]\d\d|20\d\d)\b`)

// earliest is the year a record was printed: its own date's year, else its
// source's; 0 when neither is known.
func earliest(c db.Candidate) int {
	if y := yearRE.FindString(c.Date); y != "" {
		n, _ := strconv.Atoi(y)
		return n
	}
	return c.Year
}

// indexChunk is how many problems are indexed in one transaction.
const indexChunk = 1000

// IndexSimilar brings the anticipation index up to date: it computes the
// keys of every record with a position (of one source, when source is not
// "") that is new, changed since, or indexed under another key scheme, and
// returns how many it indexed. progress, if set, is called after each
// chunk.
func IndexSimilar(d *db.DB, source string, progress func(done, total int)) (int, error) {
	ids, err := d.StaleSimilar(similar.Scheme, source)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	for start := 0; start < len(ids); start += indexChunk {
		chunk := ids[start:min(start+indexChunk, len(ids))]
		ins, err := d.IndexInputs(chunk)
		if err != nil {
			return start, err
		}
		entries := make([]db.SimilarEntry, 0, len(ins))
		for _, in := range ins {
			entries = append(entries, indexEntry(d, in))
		}
		if err := d.SetSimilar(similar.Scheme, entries); err != nil {
			return start, err
		}
		if progress != nil {
			progress(start+len(chunk), len(ids))
		}
	}
	return len(ids), nil
}

// indexEntry computes one record's keys. A position the rules engine does
// not read gets no key (it is still marked indexed, so that it is not
// read again until it changes).
func indexEntry(d *db.DB, in db.IndexInput) db.SimilarEntry {
	e := db.SimilarEntry{ID: in.ID, ContentHash: in.ContentHash}
	r, err := draughts.RulesByName(in.Rules)
	if err != nil {
		return e
	}
	pos, err := draughts.ParseFEN(r, in.FEN)
	if err != nil {
		return e
	}
	if !pos.Equal(draughts.Start(r)) { // a game's start: every game's, no diagram
		for _, k := range similar.PositionKeys(pos) {
			e.Keys = append(e.Keys, db.SimilarKey{Kind: int(k.Kind), Value: k.Value})
		}
	}
	var tree *problems.Tree
	if in.SolutionJSON != "" {
		tree = &problems.Tree{}
		if json.Unmarshal([]byte(in.SolutionJSON), tree) != nil {
			tree = nil
		}
	}
	b := blowOfTree(pos, tree)
	if b == nil && in.HasVerdict {
		if p, err := d.Get(in.ID); err == nil {
			b, e.Verified = blowOf(d, p, true), true
		}
	}
	if b != nil {
		e.Keys = append(e.Keys, db.SimilarKey{Kind: int(similar.KindBlow), Value: int64(b.Key)}) //nolint:gosec // the bits are the key
	}
	return e
}

// blowOfTree is the final combination of a tree's main line, played from
// pos, or nil.
func blowOfTree(pos draughts.Position, t *problems.Tree) *similar.Blow {
	var moves []string
	for _, n := range t.MainLine() {
		if n.Move == "" {
			break
		}
		moves = append(moves, n.Move)
	}
	b, ok := similar.FindBlow(pos, similar.Line(pos, moves))
	if !ok {
		return nil
	}
	return b
}

// blowOf is the final combination of p's stated main line, else (with
// verified) of the main line of the tree its latest verdict proved.
func blowOf(d *db.DB, p *problems.Problem, verified bool) *similar.Blow {
	if p.Position == nil {
		return nil
	}
	pos := *p.Position
	if b := blowOfTree(pos, p.Solution); b != nil || !verified {
		return b
	}
	l, err := CurrentVerdict(d, p.ID)
	if err != nil || l.Report == nil {
		return nil
	}
	tree, _ := export.Verified(p, l.Report, export.English)
	return blowOfTree(pos, tree)
}

// reindexSimilar computes one record's keys again, with the lines of the
// verdict just stored: verification is what gives a problem with no
// stated line its final combination.
func reindexSimilar(d *db.DB, id int64) error {
	ins, err := d.IndexInputs([]int64{id})
	if err != nil || len(ins) == 0 || ins[0].FEN == "" {
		return err
	}
	return d.SetSimilar(similar.Scheme, []db.SimilarEntry{indexEntry(d, ins[0])})
}

// Duplicate is a position an import met twice: a record of the source
// imported and another record, of the same source or another, with the
// same position or the same with the colours reversed (or mirrored, on
// the Turkish board or with kings only). Import reports them and merges
// nothing.
type Duplicate struct {
	Record   string           `json:"record"` // SOURCE:NUMBER of the source imported
	Of       string           `json:"of"`     // the other record
	Relation similar.Relation `json:"relation"`
	Detail   string           `json:"detail,omitempty"`
	Within   bool             `json:"within_source"` // both of the source imported
}

// indexAndDuplicates brings the index up to date after a source is stored
// and finds the source's duplicates.
func indexAndDuplicates(d *db.DB, source string) ([]Duplicate, error) {
	if _, err := IndexSimilar(d, "", nil); err != nil { // every record: the first import after an upgrade indexes the others too
		return nil, err
	}
	return Duplicates(d, source)
}

// Duplicates finds the records of source whose position another record
// repeats exactly or under a symmetry (the index being up to date): a
// pair within the source is given once. The source's records are read a
// chunk at a time, so that a source of any size takes the memory of one
// chunk (and of what is found).
func Duplicates(d *db.DB, source string) ([]Duplicate, error) {
	ids, err := d.ProblemsWithPosition(source)
	if err != nil {
		return nil, err
	}
	out := []Duplicate{}
	for start := 0; start < len(ids); start += indexChunk {
		dups, err := duplicatesAmong(d, source, ids[start:min(start+indexChunk, len(ids))])
		if err != nil {
			return nil, err
		}
		out = append(out, dups...)
	}
	return out, nil
}

// duplicatesAmong is Duplicates for some of the source's records.
func duplicatesAmong(d *db.DB, source string, ids []int64) ([]Duplicate, error) {
	mine, err := d.Candidates(ids)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(mine, func(a, b db.Candidate) int { return cmp.Or(cmp.Compare(a.Number, b.Number), cmp.Compare(a.ID, b.ID)) })
	positions := map[int64]draughts.Position{}
	probeOf := map[int64][]int64{} // key -> the records of the source that probe it
	var keys []int64
	for _, c := range mine {
		if c.Position == nil || c.Position.Equal(draughts.Start(c.Rules)) {
			// A game from the start repeats every other game's first
			// position: no diagram to report (and an archive of n games
			// would make n² pairs).
			continue
		}
		positions[c.ID] = *c.Position
		for _, k := range similar.ExactProbes(*c.Position) {
			if probeOf[k] == nil {
				keys = append(keys, k)
			}
			probeOf[k] = append(probeOf[k], c.ID)
		}
	}
	hits, err := d.LookupSimilar(keys)
	if err != nil {
		return nil, err
	}
	found := map[int64][]int64{} // a record of the source -> the records that repeat it
	var others []int64
	for _, h := range hits {
		if similar.Kind(h.Kind) != similar.KindPosition {
			continue
		}
		for _, id := range probeOf[h.Key] {
			if h.ID != id {
				found[id] = append(found[id], h.ID)
				others = append(others, h.ID)
			}
		}
	}
	slices.Sort(others)
	cands, err := d.Candidates(slices.Compact(others))
	if err != nil {
		return nil, err
	}
	byID := map[int64]db.Candidate{}
	for _, c := range cands {
		byID[c.ID] = c
	}
	out := []Duplicate{}
	for _, c := range mine {
		var dups []Duplicate
		for _, o := range found[c.ID] {
			if dup, ok := duplicateOf(positions[c.ID], c, byID[o], source); ok {
				dups = append(dups, dup)
			}
		}
		out = append(out, firstWithin(dups, byID, found[c.ID], c.ID, source)...)
	}
	return out, nil
}

// duplicateOf is record o as a duplicate of c (at pos), if its position
// is c's or c's under a symmetry.
func duplicateOf(pos draughts.Position, c, o db.Candidate, source string) (Duplicate, bool) {
	if o.Rules != c.Rules || o.Position == nil {
		return Duplicate{}, false
	}
	m, ok := similar.Compare(pos, *o.Position)
	if !ok || m.Score < similar.ScoreOf(similar.Mirrored, 0) {
		return Duplicate{}, false
	}
	return Duplicate{Record: Name(c.Source, c.Number), Of: Name(o.Source, o.Number), Relation: m.Relation,
		Detail: m.Detail, Within: o.Source == source}, true
}

// firstWithin keeps every duplicate in another source and, within the
// source, only the first record printed with the position (a source that
// prints one position ten times gives nine lines, not 45 pairs): none when
// c is that first record.
func firstWithin(dups []Duplicate, byID map[int64]db.Candidate, ids []int64, self int64, source string) []Duplicate {
	first := self
	for _, id := range ids {
		if id < first && byID[id].Source == source {
			first = id
		}
	}
	var out []Duplicate
	seen := map[string]bool{}
	for _, d := range dups {
		if seen[d.Of] || (d.Within && (first == self || d.Of != Name(byID[first].Source, byID[first].Number))) {
			continue
		}
		seen[d.Of] = true
		out = append(out, d)
	}
	return out
}
