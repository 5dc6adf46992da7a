package intl

import "metz/tables/base"

// Result is the game-theoretic value of a position for the side to move,
// the same type for every table of metz.
type Result = base.Result

// The three results.
const (
	Loss = base.Loss
	Draw = base.Draw
	Win  = base.Win
)

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
type Stats = base.Stats

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
