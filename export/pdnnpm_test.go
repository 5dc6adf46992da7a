package export

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"metz/draughts"
	"metz/problems"
)

// npmDraughts installs (once, into the git-ignored testdata/out) the npm
// package "draughts" 0.2.1, a 10x10 library by another author with its own
// PDN and FEN reader. It skips the test when node or npm is missing or the
// registry cannot be reached.
func npmDraughts(t *testing.T) string {
	t.Helper()
	_, errNode := exec.LookPath("node")
	_, errNpm := exec.LookPath("npm")
	if errNode != nil || errNpm != nil {
		t.Skip("node and npm are needed to check the PDN with an independent reader (Debian: apt-get install -y nodejs npm)")
	}
	dir, _ := filepath.Abs("testdata/out/npm")
	mod := filepath.Join(dir, "node_modules", "draughts")
	if _, err := os.Stat(filepath.Join(mod, "draughts.js")); err != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		os.MkdirAll(dir, 0o755)
		cmd := exec.CommandContext(ctx, "npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", dir, "draughts@0.2.1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("cannot install the npm package draughts@0.2.1: %v\n%s", err, out)
		}
	}
	return mod
}

// mainLineEnd plays a problem's main line with metz's engine.
func mainLineEnd(t *testing.T, p *problems.Problem) (draughts.Position, int) {
	pos := mustFEN(t, draughts.International, p.FEN())
	line := p.Solution.MainLine()
	for _, n := range line {
		m, err := draughts.ParseMove(pos, n.Move)
		if err != nil {
			t.Fatal(err)
		}
		pos = pos.Play(m)
	}
	return pos, len(line)
}

// The exported PDN loads in a parser written by someone else: the npm
// "draughts" package reads each game's FEN tag, skips comments and
// variations, plays the main line with its own rules engine, and must end
// on the position metz's engine reaches.
func TestPDNLoadsInNPMDraughts(t *testing.T) {
	mod := npmDraughts(t)
	items := testItems(t)[:2] // the 10x10 problems with a position
	var texts []string
	for i, it := range items {
		// Sealed with the record, as metz export writes it: the JSON of
		// MetzRecord, quotes escaped, is a tag like another to this reader.
		items[i].Copy = it.Problem
		it.Copy = it.Problem
		var b strings.Builder
		if err := WritePDN(&b, []Item{it}); err != nil {
			t.Fatal(err)
		}
		texts = append(texts, b.String())
	}
	in, _ := json.Marshal(texts)
	cmd := exec.Command("node", "testdata/pdncheck.js", mod)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var res []struct {
		Start, FEN   string
		Moves, Total int
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res) != len(items) {
		t.Fatalf("node printed %s (%v)", out, err)
	}
	for i, it := range items {
		start := mustFEN(t, draughts.International, it.Problem.FEN())
		loaded, err := draughts.ParseFEN(draughts.International, res[i].Start)
		if err != nil || !loaded.Equal(start) {
			t.Errorf("%s: npm draughts read the FEN tag as %q (%v), want %s", Heading(it.Problem), res[i].Start, err, start.FEN())
		}
		want, plies := mainLineEnd(t, it.Problem)
		got, err := draughts.ParseFEN(draughts.International, res[i].FEN)
		if err != nil || res[i].Total != plies || res[i].Moves != plies || !got.Equal(want) {
			t.Errorf("%s: npm draughts accepted %d of %d moves and reached %s (%v); metz: %d moves to %s\n%s",
				Heading(it.Problem), res[i].Moves, res[i].Total, res[i].FEN, err, plies, want.FEN(), texts[i])
		}
	}
}
