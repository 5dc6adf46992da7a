package importer

import (
	"fmt"
	"strings"
	"testing"

	"metz/importer/livremetz"
	"metz/sources"
)

func metzIndex(t *testing.T) *livremetz.Index {
	t.Helper()
	data, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := livremetz.Parse(data, sources.LivreDeMetz)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// Every claim that cites a coup is in that coup's commentary exactly once,
// with its line (the index already files it among the coup's remarks).
func TestMetzClaimsOnce(t *testing.T) {
	ix := metzIndex(t)
	ps := MetzProblems(ix)
	cited := 0
	for _, cl := range ix.Claims {
		for _, n := range cl.Coups {
			cited++
			c := ps[n-1].Commentary
			if k := strings.Count(c, cl.Text); k != 1 {
				t.Errorf("coup %d: claim %s appears %d times in %q", n, cl.ID, k, c)
			}
			if !strings.Contains(c, cl.Text+fmt.Sprintf(" (line %d)", cl.Line)) {
				t.Errorf("coup %d: claim %s without its line %d", n, cl.ID, cl.Line)
			}
		}
	}
	if cited == 0 {
		t.Fatal("no claim cites a coup")
	}
	// Coup 383 is the one the book says surpasses the others ("ce dernier les surpasse").
	if !strings.Contains(strings.ReplaceAll(ps[382].Commentary, " ", ""), "surpasse") {
		t.Errorf("coup 383: %q", ps[382].Commentary)
	}
}

// The 22 rules reach the caller in the book's order, none empty.
func TestRuleTexts(t *testing.T) {
	rs, err := RuleTexts()
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 22 {
		t.Fatalf("%d rules; the book prints 22", len(rs))
	}
	for i, r := range rs {
		if r.Number != i+1 || strings.TrimSpace(r.Text) == "" || r.Line == 0 {
			t.Errorf("rule %d: %+v", i+1, r)
		}
	}
}

// Claims gives every claim, those that cite no coup included (they reach
// no record's commentary), with its text and line.
func TestClaims(t *testing.T) {
	cs, err := Claims()
	if err != nil {
		t.Fatal(err)
	}
	uncited := 0
	for _, c := range cs {
		if c.ID == "" || strings.TrimSpace(c.Text) == "" || c.Line == 0 {
			t.Errorf("claim %+v", c)
		}
		if len(c.Coups) == 0 {
			uncited++
		}
	}
	// "On évalue ordinairement la valeur d'une dame …": the value of a king, citing no coup.
	found := false
	for _, c := range cs {
		found = found || (c.ID == "dame-vaut-trois-pions" && len(c.Coups) == 0)
	}
	if !found || uncited == 0 {
		t.Errorf("claims citing no coup are missing (%d found)", uncited)
	}
}
