// Package base holds what every endgame-table builder shares, so that the
// builders need not import one another: the value of a position (Result),
// the statistics of a table (Stats), the name of a material signature
// (Name, ParseName) and the clean-up of interrupted saves. Package tables,
// above the builders, is the API the rest of metz uses.
package base

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Result is the game-theoretic value of a position for the side to move.
type Result int8

// The three results.
const (
	Loss Result = -1
	Draw Result = 0
	Win  Result = 1
)

// String returns "win", "draw" or "loss".
func (r Result) String() string {
	switch r {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	}
	return fmt.Sprintf("Result(%d)", int8(r))
}

// Stats counts the values of a table.
type Stats struct {
	Positions, Wins, Draws, Losses int64
	// MaxPlies is the longest distance to the end in the table.
	MaxPlies int
}

// Add accumulates o into s.
func (s *Stats) Add(o Stats) {
	s.Positions += o.Positions
	s.Wins += o.Wins
	s.Draws += o.Draws
	s.Losses += o.Losses
	s.MaxPlies = max(s.MaxPlies, o.MaxPlies)
}

// Count adds one position of value r at distance plies.
func (s *Stats) Count(r Result, plies int) {
	s.Positions++
	switch r {
	case Win:
		s.Wins++
	case Loss:
		s.Losses++
	default:
		s.Draws++
		return
	}
	s.MaxPlies = max(s.MaxPlies, plies)
}

// Counts is a signature's pieces by group: men and kings of the first side
// named, then of the second.
type Counts struct{ M1, K1, M2, K2 int }

// Name writes c as the tables name it: kings as K, men as M, the first
// side, "v", the second ("KKMvK": two kings and a man against a king).
func (c Counts) Name() string {
	return strings.Repeat("K", c.K1) + strings.Repeat("M", c.M1) + "v" +
		strings.Repeat("K", c.K2) + strings.Repeat("M", c.M2)
}

// ParseName reads a name written by Name (letters in any order, lower case
// accepted) with at most maxSide pieces of a kind and a piece on each side.
func ParseName(name string, maxSide int) (Counts, error) {
	var c Counts
	side := 0
	for _, r := range strings.ToUpper(name) {
		switch {
		case r == 'V' && side == 0:
			side = 1
		case r == 'K' && side == 0:
			c.K1++
		case r == 'M' && side == 0:
			c.M1++
		case r == 'K':
			c.K2++
		case r == 'M':
			c.M2++
		default:
			return Counts{}, fmt.Errorf("signature %q: unexpected %q (expected K, M and one v, e.g. KKMvK)", name, r)
		}
	}
	ok := side == 1 && c.M1+c.K1 > 0 && c.M2+c.K2 > 0
	for _, n := range [4]int{c.M1, c.K1, c.M2, c.K2} {
		ok = ok && n <= maxSide
	}
	if !ok {
		return Counts{}, fmt.Errorf("signature %q: expected pieces on both sides of v, at most %d of a kind, e.g. KKMvK", name, maxSide)
	}
	return c, nil
}

// StaleTemp is the age past which a temporary table file was left by a
// process killed while saving (writing one takes seconds, or minutes for
// the largest), not one another process is still writing.
const StaleTemp = time.Hour

// RemoveStaleTemps deletes the files of dir matching pattern (the
// temporary files of interrupted saves) last written before cutoff.
func RemoveStaleTemps(dir, pattern string, cutoff time.Time) {
	temps, _ := filepath.Glob(filepath.Join(dir, pattern))
	for _, name := range temps {
		if fi, err := os.Stat(name); err == nil && fi.ModTime().Before(cutoff) {
			os.Remove(name)
		}
	}
}
