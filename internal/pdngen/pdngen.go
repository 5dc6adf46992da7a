// Package pdngen writes random legal games of international draughts as
// PDN, the same text for the same seed: the input of the import benchmarks
// (scripts/genpdn, app's BenchmarkImportPDN).
package pdngen

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"

	"metz/draughts"
)

// Game writes game number of a file: a header as tournament files write it and up to
// plies random legal moves, captures in their shortest unambiguous form.
func Game(rng *rand.Rand, number, plies int, gameType bool) string {
	r := draughts.International
	var b strings.Builder
	fmt.Fprintf(&b, "[Event \"Generated %d\"]\n[Date \"2024.01.%02d\"]\n[White \"Player %d\"]\n[Black \"Player %d\"]\n",
		number, 1+number%28, rng.Intn(1000), rng.Intn(1000))
	if gameType {
		b.WriteString("[GameType \"20\"]\n")
	}
	b.WriteString("[Result \"*\"]\n\n")
	p := draughts.Start(r)
	col := 0
	for i := 0; i < plies; i++ {
		ms := p.Moves()
		if len(ms) == 0 {
			break
		}
		m := ms[rng.Intn(len(ms))]
		word := moveName(p, m)
		if i%2 == 0 {
			word = strconv.Itoa(i/2+1) + ". " + word
		}
		if col+len(word)+1 > 79 {
			b.WriteString("\n")
			col = 0
		} else if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(word)
		col += len(word)
		p = p.Play(m)
	}
	b.WriteString(" *\n\n")
	return b.String()
}

// moveName writes a move in its shortest form ("27x29"), or by its whole path
// where the shortest form could name several captures.
func moveName(p draughts.Position, m draughts.Move) string {
	short := p.Rules.FormatMove(m, false)
	if back, err := draughts.ParseMove(p, short); err == nil && back.SameEffect(m) {
		return short
	}
	return p.Rules.FormatMove(m, true)
}

// Size writes games from seed until at least size bytes, and returns the
// text and the number of games.
func Size(seed int64, size int64, plies int, gameType bool) (string, int) {
	rng := rand.New(rand.NewSource(seed))
	var b strings.Builder
	n := 0
	for int64(b.Len()) < size {
		n++
		b.WriteString(Game(rng, n, plies, gameType))
	}
	return b.String(), n
}
