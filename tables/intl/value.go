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

// The tables of WDLPieces pieces and more keep no distance: win, draw or
// loss, five positions a byte (3^5 = 243 values, 1.6 bits a position).
// The six-piece tables take 11.7 GB so, where a byte a position took 58.6
// GB and two bits 14.6 GB (docs/tables-build.md). An index that is no
// position (two pieces on a square) is stored as a draw.
const (
	wdlDraw byte = 0
	wdlWin  byte = 1
	wdlLoss byte = 2
	wdlPer       = 5 // positions a byte
)

// WDLPieces is the smallest piece count whose tables are stored without
// distances.
const WDLPieces = 6

// packedLen is the number of bytes that hold n positions' WDL values.
func packedLen(n int64) int64 { return (n + wdlPer - 1) / wdlPer }

// unpack[b][k] is the k-th WDL digit of the packed byte b, and
// digitValue[k][b] its value byte (wdlByte), as a build's lookup reads
// it (first.go).
var (
	unpack     [256][wdlPer]byte
	digitValue [wdlPer][256]byte
)

// wdlByte is the value byte that stands for a WDL digit where a build
// reads a table of fewer pieces: a win in 1, a loss in 0. The distances
// computed from it are wrong, the values right (see packTable).
var wdlByte = [3]byte{wdlDraw: vDraw, wdlWin: 2, wdlLoss: 1}

func init() {
	for b := range 243 {
		v := b
		for k := range wdlPer {
			unpack[b][k] = byte(v % 3)
			digitValue[k][b] = wdlByte[unpack[b][k]]
			v /= 3
		}
	}
}

// wdlOf returns the WDL digit of a value byte (vInvalid reads as a draw).
func wdlOf(v byte) byte {
	r, _, ok := decode(v)
	switch {
	case !ok || r == base.Draw:
		return wdlDraw
	case r == base.Win:
		return wdlWin
	}
	return wdlLoss
}

// packTable returns the WDL form of a table's value bytes. Which
// positions are won, drawn and lost does not depend on the distances of
// the tables a build reads (the wins are the positions from which the
// side to move can force a position lost by the rules or by a smaller
// table, whenever it does), so tables built from packed ones, whose
// distances are wrong, have the right WDL values.
func packTable(vals []byte) []byte { return packDigits(vals, &valWDL) }

// valWDL is wdlOf of every value byte.
var valWDL = func() (d [256]byte) {
	for v := range d {
		d[v] = wdlOf(byte(v))
	}
	return d
}()

// packDigits packs the WDL digits digit[b] of the bytes bs, five a byte.
func packDigits(bs []byte, digit *[256]byte) []byte {
	out := make([]byte, packedLen(int64(len(bs))))
	pow := [wdlPer]byte{1, 3, 9, 27, 81}
	for i, v := range bs {
		out[i/wdlPer] += digit[v] * pow[i%wdlPer]
	}
	return out
}

// isPacked reports whether tab, a table of s, is in the WDL form.
func isPacked(s stmSig, tab []byte) bool { return int64(len(tab)) != s.Size() }

// valueAt returns the value byte of index i of tab, a table of s: for a
// packed table, wdlByte's stand-in.
func valueAt(s stmSig, tab []byte, i int64) byte {
	if isPacked(s, tab) {
		return wdlByte[unpack[tab[i/wdlPer]][i%wdlPer]]
	}
	return tab[i]
}

// countPacked returns the statistics of a packed table of s (no
// distances; the indices that are no positions, stored as draws, are
// taken off the draws).
func countPacked(s stmSig, tab []byte) base.Stats {
	var hist [256]int64
	for _, b := range tab {
		hist[b]++
	}
	var st base.Stats
	for b, n := range hist {
		if n == 0 {
			continue
		}
		for k := range wdlPer {
			switch unpack[b][k] {
			case wdlWin:
				st.Wins += n
			case wdlLoss:
				st.Losses += n
			}
		}
	}
	// the padding digits of the last byte are draws
	st.Draws = s.Positions() - st.Wins - st.Losses
	st.Positions = s.Positions()
	return st
}

// tableStats returns the statistics of tab, a table of s in either form.
func tableStats(s stmSig, tab []byte) base.Stats {
	if isPacked(s, tab) {
		return countPacked(s, tab)
	}
	return countValues(tab)
}
