package solver

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"metz/draughts"
	"metz/importer"
	"metz/problems"
	"metz/tables"
	"metz/verdict"
)

// BenchmarkSolve reports the search speed on Van Tenac VII (df-pn, keys,
// shortest win and tree).
func BenchmarkSolve(b *testing.B) {
	p := mustFEN(b, intl, "W:W24,29,33,40,49:B10,K14,K34")
	var spent int64
	for b.Loop() {
		spent += solveT(p, Win, nodes(2_000_000)).Nodes
	}
	b.ReportMetric(float64(spent)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkVanTenac verifies the Van Tenac problems whose stated lines the
// solver can replay from the modern transcription below.
func BenchmarkVanTenac(b *testing.B) {
	cases := []struct {
		name, fen string
		moves     []string
	}{
		{"VII", "W:W24,29,33,40,49:B10,K14,K34", []string{"24-19", "14x35", "29x40", "35x44", "49x40"}},
		{"II", "W:W12,13,24,25,31:B3,5,6,K10,11", []string{"24-19", "10x8", "13x2"}},
		{"V", "W:W13,21,23,27,28,48:B2,4,12,15,17,K47", []string{"23-18", "12x32", "27x38", "47x8", "21x3"}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			p := &problems.Problem{Rules: draughts.International, Position: problems.MustPosition(draughts.International, c.fen), Stipulation: problems.StipWin, Solution: line(c.moves...)}
			var r *verdict.Report
			for b.Loop() {
				r = verifyT(p, Options{Budget: nodes(300_000)})
			}
			b.ReportMetric(float64(r.ProofNodes), "nodes")
			b.Logf("%s: %s", c.name, r.Verdict)
		})
	}
}

// BenchmarkVerifyBundled verifies the bundled books as the importer reads
// them (Van Tenac I–VII one by one, then every record), with the default
// node budget and no clock limit, so that the figures count work, not load.
// The endgame tables are the small in-memory ones, or those of the
// directory METZ_TABLES names (the 4- or 5-piece tables).
func BenchmarkVerifyBundled(b *testing.B) {
	batches, err := importer.Bundled()
	if err != nil {
		b.Fatal(err)
	}
	// As many cores as GOMAXPROCS (-cpu 1,2 compares them).
	opt := Options{Budget: nodes(verdict.DefaultNodes), Cores: NewCores(runtime.GOMAXPROCS(0)), Tables: benchTables(b)}
	var all []*problems.Problem
	for _, bt := range batches {
		all = append(all, bt.Problems...)
		if bt.Source.Key != "vantenac" {
			continue
		}
		for _, p := range bt.Problems {
			b.Run(strings.ReplaceAll(p.Label, " ", "-"), func(b *testing.B) {
				var r *verdict.Report
				for b.Loop() {
					r = verifyT(p, opt)
				}
				b.ReportMetric(float64(r.ProofNodes), "nodes")
				b.Logf("%s: %s", p.Label, r.Verdict)
			})
		}
	}
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			verdicts := map[verdict.Verdict]int{}
			for _, p := range all {
				verdicts[verifyT(p, opt).Verdict]++
			}
			b.Logf("%d problems: %v", len(all), verdicts)
		}
	})
}

// BenchmarkFirstMoves runs df-pn afresh after every first move of the Van
// Tenac problems (VI, whose diagram is misprinted, apart: its first moves
// are hard to decide, and verification does not need them) and after every
// move from the end of a stated line of a repair of VI's, which needs a long
// refutation. Most of these searches are refutations: the
// figure to watch when tuning the search order is the node count (each
// search is capped at 2 M nodes; "open" counts those left undecided). The
// tables are those of METZ_TABLES, else the small in-memory ones.
func BenchmarkFirstMoves(b *testing.B) {
	tb := benchTables(b)
	batches, err := importer.Bundled()
	if err != nil {
		b.Fatal(err)
	}
	var fens []string
	for _, bt := range batches {
		if bt.Source.Key != "vantenac" {
			continue
		}
		for _, p := range bt.Problems {
			if p.Label != "Problème VI" {
				fens = append(fens, p.FEN())
			}
		}
	}
	fens = append(fens, "W:W20,47:B1,2,6,36,41,K46")
	for b.Loop() {
		var spent, open int64
		for _, fen := range fens {
			p := mustFEN(b, intl, fen)
			for _, m := range p.Moves() {
				n, decided := proveFresh(p.Play(m), p.Turn, m.Promotes, tb, 2_000_000)
				spent += n
				if !decided {
					open++
				}
			}
		}
		b.ReportMetric(float64(spent), "nodes")
		b.ReportMetric(float64(open), "open")
	}
}

// proveFresh runs df-pn on q for attacker with a new search, the tables tb
// and a node cap, and returns the nodes spent and whether it decided.
func proveFresh(q draughts.Position, attacker draughts.Color, promoted bool, tb *tables.Tables, cap int64) (int64, bool) {
	g := newFastGame(q.Rules)
	lim := newLimits(verdict.Budget{Nodes: cap}.WithDefaults())
	s := newSearch(g, from(g, q), attacker, Win, lim, verdict.DefaultMemoryMB)
	s.useTables(tb.System(q.Rules))
	c := s.atGeneric(q, promoted)
	out := s.prove(&c)
	return lim.nodes, out != unknown
}

// BenchmarkSolveRules reports the search speed under rule systems other
// than international (the 8x8 systems on bitboard8, Canadian on
// bitboard12): small endings each solved to the end, in nodes per second.
func BenchmarkSolveRules(b *testing.B) {
	cases := []struct {
		rules *draughts.Rules
		fen   string
	}{
		{draughts.Italian, "W:WK29:B18,K4"},
		{draughts.Canadian, "W:W30,31:B18,K5"},
		{draughts.Francaise, "B:W25,K3:B12"},
		{draughts.Russian, "W:W22,K1:B13,K4"},
	}
	for _, c := range cases {
		b.Run(c.rules.Name, func(b *testing.B) {
			p := mustFEN(b, c.rules, c.fen)
			var spent int64
			var res string
			for b.Loop() {
				s := solveT(p, Win, nodes(2_000_000))
				spent, res = spent+s.Nodes, s.Result
			}
			b.ReportMetric(float64(spent)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(spent)/float64(b.N), "nodes")
			b.Logf("%s %s: %s", c.rules.Name, c.fen, res)
		})
	}
}

// benchTables are the tables of the benchmarks: those of the directory
// METZ_TABLES names (the 4- or 5-piece tables), else the tests' in memory.
func benchTables(b *testing.B) *tables.Tables {
	dir := os.Getenv(tables.Env)
	if dir == "" {
		return testTables
	}
	tb, err := tables.Open(tables.Config{Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	return tb
}
