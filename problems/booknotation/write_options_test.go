package booknotation

import (
	"strings"
	"testing"

	"metz/draughts"
	"metz/problems"
)

// markedTree is White's 42-38 in W:W16,31,42:B6,18 with the stated defence
// 18-23 and a defence 6-11 added by the solver with its answer 16-7.
func markedTree() *problems.Tree {
	return &problems.Tree{Start: problems.MustPosition(draughts.International, "W:W16,31,42:B6,18"), Children: []*problems.Node{
		{Move: "42-38", White: true, Origin: problems.Printed, Children: []*problems.Node{
			{Move: "18-23", Origin: problems.Printed},
			{Move: "6-11", Origin: problems.Solver, Comment: "metz: omitted defence", Children: []*problems.Node{
				{Move: "16x7", White: true, Origin: problems.Solver, Mark: MarkGagne},
			}},
		}},
	}}
}

func TestWriteWithMarksSolverMoves(t *testing.T) {
	tr := markedTree()
	got := WriteWith(tr, draughts.International, Marked)
	want := "BLANCS.         NOIRS.\n" +
		"42 à 38\n" +
		"                si 18 à 23\n" +
		"                si 6 à 11 * {metz: omitted defence}\n" +
		"16 à 7 * gagne.\n" +
		SolverLegend + "\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if tr.Children[0].Children[1].Mark != "" {
		t.Error("WriteWith changed the tree's marks")
	}
}

// Without solver moves, or with no mark asked for, WriteWith is Write.
func TestWriteWithPlain(t *testing.T) {
	tr := markedTree()
	if got, want := WriteWith(tr, draughts.International, WriteOptions{}), Write(tr, draughts.International); got != want {
		t.Errorf("no options: got\n%s\nwant\n%s", got, want)
	}
	tr.Children[0].Children = tr.Children[0].Children[:1]
	if got, want := WriteWith(tr, draughts.International, Marked), Write(tr, draughts.International); got != want {
		t.Errorf("no solver move: got\n%s\nwant\n%s", got, want)
	}
}

// The marked text reads back as the same moves: the mark is taken as a
// mark of the move, not as a move.
func TestWriteWithReadsBack(t *testing.T) {
	tr := markedTree()
	text := WriteWith(tr, draughts.International, WriteOptions{SolverMark: SolverMark})
	back, warns := ParseExecution(strings.Split(strings.TrimRight(text, "\n"), "\n"), draughts.International, tr.StartFEN())
	if back.Size() != tr.Size() {
		t.Fatalf("read back %d moves of %d (warnings %v)\n%s", back.Size(), tr.Size(), warns, text)
	}
	var moves []string
	back.Walk(func(n *problems.Node, _ int) { moves = append(moves, n.Move) })
	want := []string{"42-38", "18-23", "6-11", "16x7"}
	for i := range want {
		if moves[i] != want[i] {
			t.Errorf("move %d read back %q, want %q", i+1, moves[i], want[i])
		}
	}
}
