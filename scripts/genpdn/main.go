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

	"metz/internal/pdngen"
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
		k, _ := bw.WriteString(pdngen.Game(rng, games, *plies, *gameType))
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
