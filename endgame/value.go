package endgame

import "fmt"

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

// Stored bytes (see the package documentation).
const (
	vDraw    byte = 0
	vInvalid byte = 255
	// maxPlies is the longest distance a byte can hold.
	maxPlies = 253
)

// decode returns the result and distance held by a stored byte; ok is false
// for vInvalid.
func decode(v byte) (r Result, plies int, ok bool) {
	switch {
	case v == vInvalid:
		return Draw, 0, false
	case v == vDraw:
		return Draw, 0, true
	case (v-1)%2 == 1:
		return Win, int(v) - 1, true
	default:
		return Loss, int(v) - 1, true
	}
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

// countValues returns the statistics of a table's bytes.
func countValues(vals []byte) Stats {
	var hist [256]int64
	for _, v := range vals {
		hist[v]++
	}
	var s Stats
	for v := range 255 {
		n := hist[v]
		if n == 0 {
			continue
		}
		r, plies, _ := decode(byte(v))
		s.Positions += n
		switch r {
		case Win:
			s.Wins += n
		case Loss:
			s.Losses += n
		default:
			s.Draws += n
		}
		if r != Draw {
			s.MaxPlies = max(s.MaxPlies, plies)
		}
	}
	return s
}
