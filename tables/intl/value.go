package intl

import "metz/tables/base"

// Stored bytes (see the package documentation).
const (
	vDraw    byte = 0
	vInvalid byte = 255
	// maxPlies is the longest distance a byte can hold.
	maxPlies = 253
)

// decode returns the result and distance held by a stored byte; ok is false
// for vInvalid.
func decode(v byte) (r base.Result, plies int, ok bool) {
	switch {
	case v == vInvalid:
		return base.Draw, 0, false
	case v == vDraw:
		return base.Draw, 0, true
	case (v-1)%2 == 1:
		return base.Win, int(v) - 1, true
	default:
		return base.Loss, int(v) - 1, true
	}
}

// countValues returns the statistics of a table's bytes.
func countValues(vals []byte) base.Stats {
	var hist [256]int64
	for _, v := range vals {
		hist[v]++
	}
	var s base.Stats
	for v := range 255 {
		n := hist[v]
		if n == 0 {
			continue
		}
		r, plies, _ := decode(byte(v))
		s.Positions += n
		switch r {
		case base.Win:
			s.Wins += n
		case base.Loss:
			s.Losses += n
		default:
			s.Draws += n
		}
		if r != base.Draw {
			s.MaxPlies = max(s.MaxPlies, plies)
		}
	}
	return s
}
