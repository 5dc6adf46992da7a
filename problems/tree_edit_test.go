package problems

import (
	"strings"
	"testing"

	"metz/draughts"
)

// sample is a small tree: 28-23 answered by 19x28 (main) or 18x29 (a "si"
// branch), then 33x22 after the main defence.
func sample() *Tree {
	return &Tree{Start: MustPosition(draughts.International, "W:W28,33:B18,19"), Children: []*Node{{Move: "28-23", White: true, Children: []*Node{
		{Move: "19x28", Children: []*Node{{Move: "33x22", White: true, Mark: "gagne"}}},
		{Move: "18x29"},
	}}}}
}

func TestCloneIsDeep(t *testing.T) {
	a := sample()
	b := a.Clone()
	b.Children[0].Children[0].Children[0].Mark = "changed"
	b.Children[0].Children = append(b.Children[0].Children, &Node{Move: "x"})
	if got := a.Children[0].Children[0].Children[0].Mark; got != "gagne" {
		t.Errorf("clone shares nodes: original mark now %q", got)
	}
	if len(a.Children[0].Children) != 2 {
		t.Errorf("clone shares child slices: original has %d alternatives", len(a.Children[0].Children))
	}
	if b.Start != a.Start || b.Size() != a.Size()+1 {
		t.Errorf("clone has start %q size %d", b.Start, b.Size())
	}
	if (*Tree)(nil).Clone() != nil {
		t.Error("nil tree cloned to a tree")
	}
}

func TestSetOriginKeepsGivenOrigins(t *testing.T) {
	tr := sample()
	tr.Children[0].Children[1].Origin = Solver
	SetOrigin(tr.Children, Printed)
	var origins []string
	tr.Walk(func(n *Node, _ int) { origins = append(origins, n.Move+"="+n.Origin) })
	want := "28-23=printed 19x28=printed 33x22=printed 18x29=solver"
	if got := strings.Join(origins, " "); got != want {
		t.Errorf("origins %s, want %s", got, want)
	}
	if !tr.HasOrigin(Solver) || sample().HasOrigin(Solver) {
		t.Error("HasOrigin wrong")
	}
}

func TestAt(t *testing.T) {
	tr := sample()
	for path, want := range map[string]string{"1": "28-23", "1.1": "19x28", "1.2": "18x29", "1.1.1": "33x22"} {
		pl, err := tr.At(path)
		if err != nil || pl.Node == nil || pl.Node.Move != want {
			t.Errorf("At(%q) = %+v, %v; want node %s", path, pl.Node, err, want)
		}
	}
	root, err := tr.At("")
	if err != nil || root.Node != nil || len(*root.Children) != 1 {
		t.Errorf("At(\"\") = %+v, %v", root, err)
	}
	*root.Children = append(*root.Children, &Node{Move: "33-29"})
	if len(tr.Children) != 2 {
		t.Error("appending at the root place did not change the tree")
	}
	for path, want := range map[string]string{
		"1.3":     `step 2 asks for alternative 3 of 2`,
		"1.x":     `step 2 is "x", expected a number from 1`,
		"0":       `step 1 is "0"`,
		"1..1":    `step 2 is ""`,
		"1.1.1.1": `step 4 asks for alternative 1 of 0`,
	} {
		if _, err := tr.At(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("At(%q) error %v, want one containing %q", path, err, want)
		}
	}
}

// At never panics on any path, and a path it accepts leads to a node.
func FuzzAt(f *testing.F) {
	for _, s := range []string{"", "1", "1.2", "1.1.1", "9", "-1", "1..", "1.1.1.1.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		pl, err := sample().At(path)
		if err == nil && path != "" && pl.Node == nil {
			t.Fatalf("At(%q) accepted without a node", path)
		}
	})
}
