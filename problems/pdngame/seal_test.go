package pdngame

import (
	"bytes"
	"metz/draughts"
	"reflect"
	"strings"
	"testing"

	"metz/pdn"
	"metz/problems"
)

func sealedText(t *testing.T) (string, *problems.Problem) {
	t.Helper()
	p := &problems.Problem{Source: "club", Number: 7, Label: "Finale", Rules: draughts.International, Position: problems.MustPosition(draughts.International, "W:W28,33:B19,23"),
		Stipulation: problems.StipWin, Commentary: "White  wins\nat once", Result: "2-0",
		Tags: []problems.Tag{{Name: "Site", Value: "Paris"}, {Name: "White", Value: `A "quoted" name`}},
		Solution: &problems.Tree{Children: []*problems.Node{{Text: "28 à 23", Move: "28x17", White: true, Line: 12,
			Comment: "a   comment\nover lines"}}}}
	g := Game(p)
	if err := Seal(g, p); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := pdn.Write(&b, []*pdn.Game{g}); err != nil {
		t.Fatal(err)
	}
	return b.String(), p
}

func unseal(t *testing.T, text string) (*problems.Problem, []string) {
	t.Helper()
	games, _, err := pdn.ParseString(text, "x.pdn")
	if err != nil || len(games) != 1 {
		t.Fatalf("%v, %d games:\n%s", err, len(games), text)
	}
	rec, edited, ok, err := Unseal(games[0])
	if !ok || err != nil {
		t.Fatalf("unseal: %v %v", ok, err)
	}
	return rec, edited
}

// A sealed game read back gives the record whole and nothing edited,
// whatever the writer did to its spaces; a game rewrapped by an editor is
// not edited either; a changed tag, a move or a comment is named.
func TestSeal(t *testing.T) {
	text, p := sealedText(t)
	rec, edited := unseal(t, text)
	if len(edited) != 0 || !reflect.DeepEqual(rec, p) {
		t.Errorf("read back: edited %v, record %+v", edited, rec)
	}
	rewrapped := strings.Replace(text, "1. 28x17", "1.\n28x17", 1)
	if _, edited := unseal(t, rewrapped); len(edited) != 0 {
		t.Errorf("rewrapped: edited %v", edited)
	}
	for _, c := range []struct{ from, to, want string }{
		{`[Site "Paris"]`, `[Site "Lyon"]`, "site"},
		{`[Result "2-0"]`, `[Result "0-2"]`, "result"},
		{"1. 28x17", "1. 28x19", PartMoves},
		{"White wins at once", "White wins later", PartComments},
		{`[Site "Paris"]`, "", "site"},
		{`[Event "Finale"]`, "[Event \"Finale\"]\n[Round \"2\"]", "round"},
	} {
		if !strings.Contains(text, c.from) {
			t.Fatalf("%q not in\n%s", c.from, text)
		}
		if _, edited := unseal(t, strings.Replace(text, c.from, c.to, 1)); !reflect.DeepEqual(edited, []string{c.want}) {
			t.Errorf("%q → %q: edited %v, want [%s]", c.from, c.to, edited, c.want)
		}
	}
}

// A MetzRecord tag that does not hold a record is an error, not a crash.
func TestUnsealBad(t *testing.T) {
	for _, v := range []string{"", "{", `{"v":1}`, `{"v":9,"record":{}}`, `[1,2]`} {
		g := &pdn.Game{Root: &pdn.Node{}, Tags: []pdn.Tag{{Name: TagRecord, Value: v}}}
		if _, _, ok, err := Unseal(g); !ok || err == nil {
			t.Errorf("%q: ok %v err %v", v, ok, err)
		}
	}
	if _, _, ok, err := Unseal(&pdn.Game{Root: &pdn.Node{}}); ok || err != nil {
		t.Errorf("no tag: ok %v err %v", ok, err)
	}
}
