package app

import (
	"encoding/json"
	"strings"
	"testing"

	"metz/db"
	"metz/draughts"
	"metz/internal/pgtest"
	"metz/problems"
	"metz/similar"
)

// line is a stated main line of resolved moves.
func line(moves ...string) *problems.Tree {
	t := &problems.Tree{}
	var at *[]*problems.Node = &t.Children
	for i, m := range moves {
		n := &problems.Node{Text: m, Move: m, White: i%2 == 0}
		*at = append(*at, n)
		at = &n.Children
	}
	return t
}

func prob(n int, fen string, t *problems.Tree) *problems.Problem {
	return &problems.Problem{Number: n, Rules: draughts.International, Position: problems.MustPosition(draughts.International, fen), Stipulation: problems.StipWin, Solution: t}
}

// similarDB holds positions built by hand against a:1, on 100 squares,
// where White gives a man (32-27), Black takes two (23x32x41) and White
// takes two back (27x18x9). Square n turned 180° is 51-n; one file to
// the left twice is n-1 on every row.
func similarDB(t *testing.T) *db.DB {
	t.Helper()
	d, err := db.Open(pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	blow := line("32-27", "23x32x41", "27x18x9")
	batches := []struct {
		src problems.Source
		ps  []*problems.Problem
	}{
		{problems.Source{Key: "a", Year: 1900}, []*problems.Problem{
			prob(1, "W:W28,32,33,37:B13,17,19,22,23", blow),
			prob(2, "W:W23,19,18,14:B38,34,32,29,28", nil), // turned, colours kept: another problem
			prob(3, "W:W7,12:B45", nil),
		}},
		{problems.Source{Key: "b", Year: 1850}, []*problems.Problem{
			prob(1, "W:W28,32,33,37:B13,17,19,22,23", nil),
			prob(2, "B:W28,29,32,34,38:B14,18,19,23", line("19-24", "28x19x10", "24x33x42")),
			prob(3, "W:W27,31,32,36:B12,16,18,21,22", nil),
			prob(4, "W:W28,32,33,37,48:B13,17,19,22,23", nil),
			prob(5, "W:W28,32,33,37:B1,2,3,4,13,17,19,22,23", blow),
			prob(6, "W:W1,7:B40", nil), // b:3 moved a step up-left: a white man on its crowning row
		}},
		{problems.Source{Key: "c", Year: 1950}, []*problems.Problem{
			prob(1, "W:W28,32,33,37:B13,17,19,22,23", nil),
		}},
	}
	for _, b := range batches {
		if _, err := d.ImportBatch(b.src, b.ps, nil); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func TestSimilarRelations(t *testing.T) {
	d := similarDB(t)
	res, err := Similar(d, SimilarQuery{Ref: "a:1"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Indexed != 10 {
		t.Errorf("indexed %d records first, want the 10", res.Indexed)
	}
	if res.Blow == nil || res.Blow.Sacrifices != 1 || res.Blow.Captured != 2 {
		t.Errorf("blow %+v", res.Blow)
	}
	var got []string
	for _, m := range res.Matches {
		s := m.Name + " " + string(m.Relation)
		for _, a := range m.Also {
			s += "+" + string(a)
		}
		got = append(got, s)
	}
	want := []string{"b:1 same", "c:1 same", "b:2 colours-reversed+same-combination", "b:3 shifted",
		"b:4 pieces-differ", "b:5 same-combination"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("matches\n %s\nwant\n %s", strings.Join(got, ", "), strings.Join(want, ", "))
	}
	// A match carries the record's position as the db's reader parsed it;
	// its JSON holds the rules and the FEN as text, as it always has.
	b1 := res.Matches[0]
	if b1.Rules != draughts.International || b1.Position == nil || b1.Position.Rules != draughts.International {
		t.Errorf("b:1 read as rules %v, position %v", b1.Rules, b1.Position)
	}
	js, err := json.Marshal(b1)
	if want := `"rules":"international","fen":"` + b1.Position.FEN() + `"`; err != nil || !strings.Contains(string(js), want) {
		t.Errorf("match JSON %s (%v), want it to hold %s", js, err, want)
	}
	// From the other side: b:2 finds a:1 reversed, b:3 finds a:1 shifted.
	for ref, want := range map[string]similar.Relation{"b:2": similar.ColoursReversed, "b:3": similar.Shifted, "b:5": similar.SameCombination} {
		res, err := Similar(d, SimilarQuery{Ref: ref})
		if err != nil {
			t.Fatal(err)
		}
		if !hasMatch(res, "a:1", want) {
			t.Errorf("%s: a:1 not found as %s: %+v", ref, want, res.Matches)
		}
	}
	// The shift that crowns nothing but leaves a man on its crowning row.
	res, err = Similar(d, SimilarQuery{Ref: "a:3"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Matches) != 0 {
		t.Errorf("a:3 matched %+v (b:6 is a:3 moved, a white man on square 1)", res.Matches)
	}
	// A position given as a FEN.
	res, err = Similar(d, SimilarQuery{FEN: "B:W28,29,32,34,38:B14,18,19,23", Rules: "international", Limit: 2})
	if err != nil || len(res.Matches) != 2 || res.Matches[0].Name != "b:2" || res.Matches[1].Relation != similar.ColoursReversed {
		t.Errorf("--fen: %v %+v", err, res)
	}
}

func hasMatch(res *SimilarResult, name string, rel similar.Relation) bool {
	for _, m := range res.Matches {
		if m.Name == name && (m.Relation == rel || (len(m.Also) > 0 && m.Also[0] == rel)) {
			return true
		}
	}
	return false
}

// An import reports the positions already in the database, and a record
// changed by a later import is indexed again.
func TestImportDuplicatesAndReindex(t *testing.T) {
	d := similarDB(t)
	if _, err := IndexSimilar(d, "", nil); err != nil {
		t.Fatal(err)
	}
	dups, err := indexAndDuplicates(d, "b")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range dups {
		got = append(got, x.Record+"="+x.Of+" "+string(x.Relation))
	}
	want := "b:1=a:1 same, b:1=c:1 same, b:2=a:1 colours-reversed, b:2=b:1 colours-reversed, b:2=c:1 colours-reversed"
	if strings.Join(got, ", ") != want {
		t.Errorf("duplicates %s\nwant %s", strings.Join(got, ", "), want)
	}
	// Within one source, each repeat names the first record only.
	if _, err := d.ImportBatch(problems.Source{Key: "d"}, []*problems.Problem{
		prob(1, "W:W20:B1,2,3", nil), prob(2, "W:W20:B1,2,3", nil), prob(3, "W:W20:B1,2,3", nil)}, nil); err != nil {
		t.Fatal(err)
	}
	dups, err = indexAndDuplicates(d, "d")
	if err != nil {
		t.Fatal(err)
	}
	if len(dups) != 2 || dups[0].Of != "d:1" || dups[1].Of != "d:1" || !dups[0].Within {
		t.Errorf("within a source: %+v", dups)
	}
	// c:1 changed: no longer the same as a:1.
	if _, err := d.ImportBatch(problems.Source{Key: "c", Year: 1950}, []*problems.Problem{prob(1, "W:W28:B12", nil)}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := indexAndDuplicates(d, "c"); err != nil { // as metz import does after a batch
		t.Fatal(err)
	}
	res, err := Similar(d, SimilarQuery{Ref: "a:1"})
	if err != nil {
		t.Fatal(err)
	}
	if hasMatch(res, "c:1", similar.Same) {
		t.Errorf("after c:1 changed: matches %+v", res.Matches)
	}
}
