package intl

import (
	"metz/draughts/bitboard10"
	"metz/tables/base"
)

// BuildInMemory builds the tables of sigs (both sides to move) and of
// everything they depend on, in memory, for the tests of package
// intl_test (which compare them with the generic builder).
func BuildInMemory(sigs []base.Sig) (*Tables, error) {
	b := &builder{}
	var want []stmSig
	for _, s := range sigs {
		w, bl := sides(s)
		want = append(want, w, bl)
	}
	all := closure(want)
	if err := b.run(all, nil); err != nil {
		return nil, err
	}
	t := &Tables{tabs: map[stmSig][]byte{}}
	for _, s := range all {
		t.tabs[s] = b.done[s.code()]
	}
	return t, nil
}

// TableSize is the number of indices of the table of s, White to move.
func TableSize(s base.Sig) int64 {
	w, _ := sides(s)
	return w.Size()
}

// PositionAt is the position of index i in the table of s, White to move
// (ok false for an index that is no position).
func PositionAt(s base.Sig, i int64) (bitboard10.Position, bool) {
	w, _ := sides(s)
	return w.Position(i)
}
