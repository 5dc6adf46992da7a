package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"metz/problems"
)

// TestConformance checks a local copy of the PDN standard's repository
// (github.com/wiegerw/pdn; its files have no licence, so they are not in
// metz): set PDN_CONFORMANCE to its directory (scripts/pdn-conformance.sh
// does). Every games/succeed game must be read with every move replayed,
// every games/fail file must give a warning or an error with a line.
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
		t.Run("succeed/"+filepath.Base(f), func(t *testing.T) {
			b, err := File(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range b.Warnings {
				t.Errorf("%s:%d: %s (expected %s)", w.File, w.Line, w.Text, w.Expected)
			}
			for _, p := range b.Problems {
				if p.Solution == nil {
					t.Errorf("game %d: no solution tree", p.Number)
					continue
				}
				if unplayable(p) {
					t.Logf("game %d: kept as read: %s", p.Number, p.Warnings[0].Text)
					continue
				}
				p.Solution.Walk(func(n *problems.Node, _ int) {
					if n.Issue != "" || n.Move == "" {
						t.Errorf("game %d (%s): %s:%d: %q not replayed: %s", p.Number, p.Rules, p.Location, n.Line, n.Text, n.Issue)
					}
				})
				for _, w := range p.Warnings {
					t.Logf("game %d: %s:%d: %s", p.Number, w.File, w.Line, w.Text)
				}
			}
			t.Logf("%d games", len(b.Problems))
		})
	}
	for _, f := range fail {
		t.Run("fail/"+filepath.Base(f), func(t *testing.T) {
			b, err := File(f)
			if err != nil {
				t.Logf("refused: %v", err)
				return
			}
			all := b.Warnings
			for _, p := range b.Problems {
				all = append(all, p.Warnings...)
			}
			if len(all) == 0 {
				t.Errorf("accepted without a warning")
			}
			for _, w := range all {
				if w.Line <= 0 {
					t.Errorf("warning without a line: %s", w.Text)
				}
				t.Logf("%s:%d: %s (expected %s)", w.File, w.Line, w.Text, w.Expected)
			}
		})
	}
}

// unplayable reports whether the game was kept as read because it states
// no rule system and none of metz's replays it: a clear warning, not a
// silent failure.
func unplayable(p *problems.Problem) bool {
	for _, w := range p.Warnings {
		if strings.HasPrefix(w.Text, "rules: no GameType tag and no system replays every move") {
			return true
		}
	}
	return false
}
