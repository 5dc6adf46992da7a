// Command genpdn writes a PDN file of random legal international draughts
// games from the start position, the same bytes for the same seed: the
// input of the streaming import benchmark (scripts/import-bench.sh).
//
//	go run ./scripts/genpdn -size 50MB -o /tmp/big.pdn
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"

	"metz/draughts"
)

func main() {
	size := flag.String("size", "50MB", "stop once the file holds this many bytes (KB, MB, GB suffixes)")
	plies := flag.Int("plies", 60, "plies per game (fewer when a side has no move)")
	seed := flag.Int64("seed", 1, "random seed")
	out := flag.String("o", "-", "output file, - for standard output")
	gameType := flag.Bool("gametype", true, "write a GameType tag (without it, metz infers the rules)")
	flag.Parse()
	limit, err := parseSize(*size)
	if err != nil {
		fmt.Fprintln(os.Stderr, "genpdn: -size:", err)
		os.Exit(2)
	}
	w := os.Stdout
	if *out != "-" {
		if w, err = os.Create(*out); err != nil {
			fmt.Fprintln(os.Stderr, "genpdn:", err)
			os.Exit(1)
		}
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	n, games := int64(0), 0
	rng := rand.New(rand.NewSource(*seed))
	for n < limit {
		games++
		k, _ := bw.WriteString(game(rng, games, *plies, *gameType))
		n += int64(k)
	}
	if err := bw.Flush(); err == nil && w != os.Stdout {
		err = w.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genpdn:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "genpdn: %d games, %d bytes\n", games, n)
}

// game writes one game: a header as tournament files write it and up to
// plies random legal moves, captures in their shortest unambiguous form.
func game(rng *rand.Rand, number, plies int, gameType bool) string {
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
		word := name(p, m)
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

// name writes a move in its shortest form ("27x29"), or by its whole path
// where the shortest form could name several captures.
func name(p draughts.Position, m draughts.Move) string {
	short := p.Rules.FormatMove(m, false)
	if back, err := draughts.ParseMove(p, short); err == nil && back.SameEffect(m) {
		return short
	}
	return p.Rules.FormatMove(m, true)
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	u := strings.ToUpper(strings.TrimSpace(s))
	for suf, m := range map[string]int64{"KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30} {
		if strings.HasSuffix(u, suf) {
			u, mult = strings.TrimSuffix(u, suf), m
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(u), 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q: expected a size such as 50MB", s)
	}
	return n * mult, nil
}
