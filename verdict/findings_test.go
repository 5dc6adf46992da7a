package verdict

import (
	"slices"
	"strings"
	"testing"
)

// A first move that meets the goal is a cook only beside a stated key:
// with no key stated (verify --fen without --solution) it is named as
// what it is.
func TestFindingsCooksNeedAStatedKey(t *testing.T) {
	cooks := []Cook{{Move: "28x19"}}
	stated := &Report{Verdict: Cooked, Key: "37-31", Cooks: cooks}
	if got := stated.Findings(); !slices.Contains(got, "one cook: 28x19") {
		t.Errorf("beside a stated key: %q", got)
	}
	none := &Report{Verdict: Sound, Cooks: cooks}
	got := none.Findings()
	if !slices.Contains(got, "one first move meets the goal: 28x19") || slices.Contains(got, "one cook: 28x19") {
		t.Errorf("no stated key: %q", got)
	}
}

// An open line is written with its moves, the frontier's material and
// FEN, and what the tables say of it; a report stored before open lines
// were recorded (none) says nothing more than before.
func TestFindingsOpenLines(t *testing.T) {
	o := OpenLine{Move: "22-17", Line: []string{"22-17", "31-26"}, FEN: "W:W30,K31,K32:BK17,K18,21,K24", Pieces: 7,
		Material: "4 v 3: 1 man and 3 kings v 1 man and 2 kings", Tables: TablesNone,
		Ends: "the search stopped before it searched this position", Nodes: 579659}
	o.PlanBuild("english", 6590768640, 11037<<20-5)
	if want := `metz endgame probe "W:W30,K31,K32:BK17,K18,21,K24" --rules english --memory 11GB`; o.Build != want {
		t.Errorf("build command %q, want %q", o.Build, want)
	}
	if o.BuildMemoryMB != 11037 || o.BuildPositions != 6590768640 {
		t.Errorf("build plan %d MB, %d positions; want 11037 MB, 6590768640", o.BuildMemoryMB, o.BuildPositions)
	}
	small := OpenLine{FEN: o.FEN}
	if small.PlanBuild("international", 1000, 300<<20); !strings.HasSuffix(small.Build, "--memory 2GB") {
		t.Errorf("a build of 300 MB asks for %q, want at least 2GB", small.Build)
	}
	r := &Report{Verdict: Unproven, Undecided: []string{"22-17"}, UndecidedLines: []OpenLine{o}}
	got := strings.Join(r.Findings(), "\n")
	for _, want := range []string{"22-17: 22-17 31-26, to 7 pieces, 4 v 3: 1 man and 3 kings v 1 man and 2 kings, W:W30,K31,K32:BK17,K18,21,K24",
		"no table holds it: metz endgame probe", "579659 nodes"} {
		if !strings.Contains(got, want) {
			t.Errorf("findings lack %q:\n%s", want, got)
		}
	}
	old := &Report{Verdict: Unproven, Undecided: []string{"22-17"}}
	if got := strings.Join(old.Findings(), "\n"); strings.Contains(got, "where the search stopped") {
		t.Errorf("no open line recorded, yet: %s", got)
	}
}
