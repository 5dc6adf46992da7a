package importer

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"metz/draughts"
	"metz/internal/pdngen"
)

// pdnCollection writes n problems: a position reached by random legal play
// from the start, then a few moves with one variation, all legal.
func pdnCollection(n int) []byte {
	rng := rand.New(rand.NewSource(7))
	var b bytes.Buffer
	r := draughts.International
	for i := 0; i < n; i++ {
		p := draughts.Start(r)
		for k := 0; k < 20+rng.Intn(20); k++ {
			ms := p.Moves()
			if len(ms) == 0 {
				break
			}
			p = p.Play(ms[rng.Intn(len(ms))])
		}
		fmt.Fprintf(&b, "[Event \"bench\"]\n[Number \"%d\"]\n[GameType \"20\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n", i+1, p.FEN())
		var alt string
		for k := 0; k < 6; k++ {
			ms := p.Moves()
			if len(ms) == 0 {
				break
			}
			m := ms[rng.Intn(len(ms))]
			if k == 0 && len(ms) > 1 {
				alt = " (" + r.FormatMove(ms[(rng.Intn(len(ms)-1)+1+indexOf(ms, m))%len(ms)], false) + ")"
			}
			b.WriteString(r.FormatMove(m, false) + alt + " ")
			alt = ""
			p = p.Play(m)
		}
		b.WriteString("*\n\n")
	}
	return b.Bytes()
}

func indexOf(ms []draughts.Move, m draughts.Move) int {
	for i := range ms {
		if ms[i].SameEffect(m) && ms[i].From() == m.From() && ms[i].To() == m.To() {
			return i
		}
	}
	return 0
}

// BenchmarkReader10kPDN measures reading and resolving 10,000 PDN problems
// (the storing is the db package's benchmark). Run with
// go test -run XXX -bench Reader10k ./importer
func BenchmarkReader10kPDN(b *testing.B) {
	data := pdnCollection(10000)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		batch, err := Reader("bench.pdn", bytes.NewReader(data))
		if err != nil || len(batch.Problems) != 10000 {
			b.Fatalf("%v, %d problems", err, len(batch.Problems))
		}
		if i == 0 {
			for _, p := range batch.Problems {
				if len(p.Warnings) > 0 {
					b.Fatalf("problem %d: %+v", p.Number, p.Warnings)
				}
			}
		}
	}
}

// BenchmarkStreamGames reads 5,000 random legal 60-ply games, game by game
// as metz import does, replaying every move (no storing: app's
// BenchmarkImportPDN adds the database). Run with
// go test -run XXX -bench StreamGames ./importer
func BenchmarkStreamGames(b *testing.B) {
	const games = 5000
	rng := rand.New(rand.NewSource(1))
	var text bytes.Buffer
	for i := 1; i <= games; i++ {
		text.WriteString(pdngen.Game(rng, i, 60, true))
	}
	data := text.Bytes()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := pdnBytes("games.pdn", data, Options{})
		n := 0
		for {
			if _, err := s.Next(); err != nil {
				break
			}
			n++
		}
		if n != games {
			b.Fatalf("%d games read, want %d", n, games)
		}
	}
	b.ReportMetric(float64(games*b.N)/b.Elapsed().Seconds(), "games/s")
}
