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
	if st := p.Solution.Start; st == nil || st.Rules != draughts.Russian || !st.Equal(*p.Position) {
		t.Fatalf("the solution's start read as %v, want the diagram under the record's rules", st)
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
		{`{"rules":"russian","solution":{"start":"W:W40:B19","children":[]}}`, `solution start "W:W40:B19"`},
		{`{"witnesses":[{"name":"prose","text":"","tree":{"start":"W:W28,28:B19","children":[]}}]}`, "witness prose"},
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

// A tree's start is a position: written as its FEN (none when nil), read
// back as text and bound under the record's rules; a tree read but not
// bound (a solver report's proof) writes the same text back, and HTML
// is escaped as the caller's encoder decides.
func TestTreeJSONStart(t *testing.T) {
	const in = `{"start":"W:W28,33:B18,19","children":[{"move":"28-23","white":true,"comment":"<a & b>"}]}`
	var tr Tree
	if err := json.Unmarshal([]byte(in), &tr); err != nil {
		t.Fatal(err)
	}
	if tr.Start != nil || tr.StartFEN() != "W:W28,33:B18,19" {
		t.Fatalf("before Bind: start %v, text %q", tr.Start, tr.StartFEN())
	}
	var raw strings.Builder
	enc := json.NewEncoder(&raw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&tr); err != nil || strings.TrimSpace(raw.String()) != in {
		t.Errorf("unbound, written back as %s (%v)", raw.String(), err)
	}
	if err := tr.Bind(draughts.International); err != nil || tr.Start == nil || tr.Start.FEN() != "W:W28,33:B18,19" {
		t.Fatalf("bound: %v %v", tr.Start, err)
	}
	b, err := json.Marshal(&tr)
	if want := strings.Replace(strings.Replace(strings.Replace(in, "<", `\u003c`, 1), ">", `\u003e`, 1), "&", `\u0026`, 1); err != nil || string(b) != want {
		t.Errorf("bound, written as %s (%v), want %s", b, err, want)
	}
	if b, _ := json.Marshal(&Tree{}); string(b) != `{"children":null}` {
		t.Errorf("no start: %s", b)
	}
	pos := MustPosition(draughts.International, "W:W28:B19")
	if s := (&Tree{}).StartingAt(pos).Start; s != pos {
		t.Errorf("StartingAt on a tree with no start gave %v", s)
	}
	if s := tr.StartingAt(pos).Start; s != tr.Start {
		t.Errorf("StartingAt replaced the tree's own start by %v", s)
	}
}
