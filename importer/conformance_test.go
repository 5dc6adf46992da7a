package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"metz/problems"
)

// conformanceBoards is the rule system of each games/succeed file of the
// PDN standard's repository whose games are not international draughts:
// none of them carries a GameType tag, so each is read from its squares
// and moves. The English problem books (beginner, bridges, gem, goulds,
// lpc) are positions only, every square within 1–32.
var conformanceBoards = map[string]string{
	"beginner.pdn": "english", "bridges.pdn": "english", "gem.pdn": "english", "goulds.pdn": "english",
	"lpc.pdn": "english", "borderclassics.pdn": "english", "inferno.pdn": "english", "OCA_2.0.pdn": "english",
	"Principles of Strategy.pdn": "english", "Tricks traps and shots.pdn": "english",
	"Campionato Assoluto 2005.pdn": "italian",
	"mrcd2000kval.pdn":             "czech", "mrcd2006.pdn": "czech", "mrcd2007.pdn": "czech",
	"ussr1947.pdn": "russian", "alphanumeric.pdn": "russian",
}

// conformanceNotes are the warnings a succeed file's game may carry: what
// was inferred where the file does not say (the side to move of a FEN
// with "?" and no move; the path of a capture nothing after it settles),
// and the books' own misprinted diagrams (a man on its crowning row, a
// diagram without pieces), kept as printed by design.
var conformanceNotes = []string{"diagram: ", "the FEN tag leaves the side to move open (?) and no move settles it",
	"could take different pieces and nothing follows to tell them apart"}

// TestConformance checks a local copy of the PDN standard's repository
// (github.com/wiegerw/pdn; its files have no licence, so they are not in
// metz): set PDN_CONFORMANCE to its directory (scripts/pdn-conformance.sh
// does). Every games/succeed game must be read on its board with every
// move replayed, the file's one note saying what was inferred; every
// games/fail file must give a warning or an error with its line and what
// was expected there.
func TestConformance(t *testing.T) {
	dir := os.Getenv("PDN_CONFORMANCE")
	if dir == "" {
		t.Skip("PDN_CONFORMANCE is not set to a copy of the PDN standard's repository")
	}
	succeed, _ := filepath.Glob(filepath.Join(dir, "games", "succeed", "*.pdn"))
	fail, _ := filepath.Glob(filepath.Join(dir, "games", "fail", "*.pdn"))
	if len(succeed) == 0 || len(fail) == 0 {
		t.Fatalf("%s: no games/succeed or games/fail files", dir)
	}
	for _, f := range succeed {
		t.Run("succeed/"+filepath.Base(f), func(t *testing.T) { conformSucceed(t, f) })
	}
	for _, f := range fail {
		t.Run("fail/"+filepath.Base(f), func(t *testing.T) { conformFail(t, f) })
	}
}

func conformSucceed(t *testing.T, f string) {
	b, err := File(f)
	if err != nil {
		t.Fatal(err)
	}
	board := conformanceBoards[filepath.Base(f)]
	if board == "" {
		board = "international"
	}
	for i, w := range b.Warnings {
		if i > 0 || !strings.HasPrefix(w.Text, "rules: no GameType tag") || strings.Contains(w.Text, "under which the most replay") {
			t.Errorf("%s:%d: %s (expected %s)", w.File, w.Line, w.Text, w.Expected)
			continue
		}
		t.Logf("the file's note: %s", w.Text)
	}
	for _, p := range b.Problems {
		if p.RulesName() != board {
			t.Errorf("game %d (%s): read as %s, want %s", p.Number, p.Location, p.Rules, board)
		}
		if p.Solution == nil {
			t.Errorf("game %d: no solution tree", p.Number)
			continue
		}
		p.Solution.Walk(func(n *problems.Node, _ int) {
			if n.Issue != "" || n.Move == "" {
				t.Errorf("game %d (%s): %s:%d: %q not replayed: %s", p.Number, p.Rules, p.Location, n.Line, n.Text, n.Issue)
			}
		})
		for _, w := range p.Warnings {
			if !isConformanceNote(w.Text) {
				t.Errorf("game %d: %s:%d: %s (expected %s)", p.Number, w.File, w.Line, w.Text, w.Expected)
				continue
			}
			t.Logf("game %d: %s:%d: %s", p.Number, w.File, w.Line, w.Text)
		}
	}
	t.Logf("%d games, read as %s", len(b.Problems), board)
}

func isConformanceNote(text string) bool {
	for _, n := range conformanceNotes {
		if strings.Contains(text, n) {
			return true
		}
	}
	return false
}

// conformFail wants each fail file refused, or reported: a warning other
// than the rules inferred, with its line and what was expected there.
func conformFail(t *testing.T, f string) {
	b, err := File(f)
	if err != nil {
		t.Logf("refused: %v", err)
		return
	}
	all := b.Warnings
	for _, p := range b.Problems {
		all = append(all, p.Warnings...)
	}
	reported := false
	for _, w := range all {
		if strings.HasPrefix(w.Text, "rules: ") {
			continue
		}
		if w.Line <= 0 || w.Expected == "" {
			t.Errorf("warning without a line or what was expected: %+v", w)
		}
		reported = true
		t.Logf("%s:%d: %s (expected %s)", w.File, w.Line, w.Text, w.Expected)
	}
	if !reported {
		t.Errorf("accepted with no warning but the rules inferred")
	}
}
