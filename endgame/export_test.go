package endgame

// BuildInMemory builds the tables of sigs and of everything they depend
// on, in memory, for the tests of package endgame_test (which compare them
// with package retro's builder, which imports this package).
func BuildInMemory(sigs []Sig) (*Tables, error) {
	b := &builder{}
	all := closure(sigs)
	for _, level := range levels(all) {
		if err := b.runLevel(pairs(level)); err != nil {
			return nil, err
		}
	}
	t := &Tables{tabs: map[Sig][]byte{}}
	for _, s := range all {
		t.tabs[s] = b.done[s.code()]
	}
	return t, nil
}
