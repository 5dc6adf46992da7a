// Package base holds the low types of the endgame tables, shared by the
// builders (tables/intl, tables/generic) and by package tables above them,
// which re-exports them: the material signature (Sig), the value of a
// position (Result), the statistics of a table (Stats), and the clean-up
// of interrupted saves. The builders import no other builder, and the rest
// of metz imports package tables only.
package base

import (
	"fmt"
	"os"
	"path/filepath"
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
