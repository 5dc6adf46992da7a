package main

import (
	"testing"

	"metz/endgame"
)

// --tables auto uses the default directory only once tables are built there;
// none and "" never use tables.
func TestOpenTablesAuto(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for _, arg := range []string{"auto", "none", ""} {
		if tb, err := openTables(arg); err != nil || tb != nil {
			t.Fatalf("%q before any build: tables %v, error %v", arg, tb, err)
		}
	}
	if err := endgame.Build(defaultEndgameDir(), 2, nil); err != nil {
		t.Fatal(err)
	}
	tb, err := openTables("auto")
	if err != nil || tb == nil {
		t.Fatalf("auto after a build: tables %v, error %v", tb, err)
	}
	if tb, err := openTables("none"); err != nil || tb != nil {
		t.Fatalf("none after a build: tables %v, error %v", tb, err)
	}
}
