package problems

import (
	"encoding/json"
	"strings"
	"testing"

	"metz/draughts"
)

// recordJSON is a record as metz export --format json has always written
// it: rules, diagram and stipulation as text.
const recordJSON = `{"id":0,"source":"club","number":4,"label":"Finale","rules":"russian","fen":"B:Wc3,e3:BKf8,d6",` +
	`"stipulation":"gain:2/15","solution":{"start":"B:Wc3,e3:BKf8,d6","children":[{"text":"d6-e5","move":"d6-e5","white":false}]},` +
	`"location":"club.pdn:40"}`

// A record's JSON reads into its types and writes back byte for byte; a
// record without a diagram writes no fen.
func TestProblemJSONRoundTrip(t *testing.T) {
	var p Problem
	if err := json.Unmarshal([]byte(recordJSON), &p); err != nil {
		t.Fatal(err)
	}
	if p.Rules != draughts.Russian || p.Position == nil || p.Position.Rules != draughts.Russian ||
		p.Position.Turn != draughts.Black || p.Stipulation != (Stipulation{Kind: GoalGain, N: 2, Within: 15}) {
		t.Fatalf("read %+v", p)
	}
	back, err := json.Marshal(&p)
	if err != nil || string(back) != recordJSON {
		t.Errorf("written back:\n%s %v\nwant\n%s", back, err, recordJSON)
	}
	none := Problem{Number: 1, Rules: draughts.International}
	b, _ := json.Marshal(&none)
	if want := `{"id":0,"source":"","number":1,"rules":"international","stipulation":"win"}`; string(b) != want {
		t.Errorf("no diagram: %s, want %s", b, want)
	}
	var q Problem
	if err := json.Unmarshal([]byte(`{"number":2,"fen":"W:W28:B19"}`), &q); err != nil || q.Rules != draughts.International ||
		q.Position == nil || q.Stipulation != StipWin {
		t.Errorf("a record naming no rules nor goal: %+v %v", q, err)
	}
}

// Text that does not read is an error saying which field and what was
// expected, never a record holding it.
func TestProblemJSONRefusesBadText(t *testing.T) {
	for _, c := range []struct{ json, says string }{
		{`{"rules":"chess"}`, `rules: unknown rule system "chess"`},
		{`{"fen":"W:W28,28:B19"}`, "square 28 is given twice"},
		{`{"rules":"russian","fen":"W:W40:B19"}`, "W:W40:B19"},
		{`{"fen":"W:W28:B19","stipulation":"gain:x"}`, `stipulation "gain:x"`},
		{`{"stipulation":"draw/3"}`, "cannot be bounded"},
		{`{"rules":7}`, "cannot unmarshal number"},
	} {
		var p Problem
		err := json.Unmarshal([]byte(c.json), &p)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want an error saying %s", c.json, err, c.says)
		}
	}
}

// FuzzProblemJSON: any text is refused or read as a record whose JSON
// reads back to the same JSON.
func FuzzProblemJSON(f *testing.F) {
	f.Add(recordJSON)
	f.Add(`{"number":2,"fen":"W:W28:B19"}`)
	f.Add(`{"rules":"frisian","fen":"W:W28:B19:+0+319","stipulation":"promote/9"}`)
	f.Add(`{"rules":"chess"}`)
	f.Fuzz(func(t *testing.T, s string) {
		var p Problem
		if json.Unmarshal([]byte(s), &p) != nil {
			return
		}
		once, err := json.Marshal(&p)
		if err != nil {
			t.Fatal(err)
		}
		var q Problem
		if err := json.Unmarshal(once, &q); err != nil {
			t.Fatalf("%s: written as %s, which does not read: %v", s, once, err)
		}
		if twice, _ := json.Marshal(&q); string(twice) != string(once) {
			t.Fatalf("%s -> %s -> %s", s, once, twice)
		}
	})
}
