package main

import (
	"strings"
	"testing"
)

// The two course combinations, as a user types them: a crowning
// the printed line continues, and a crowning at ply 17. Both verdicts
// are bounded, said in words, and place their findings by moves.
func TestVerifyCombinationsBounded(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"--fen", "W:W27,28,32,33,37,38,39,41:B1,10,18,19,20,23,24,26", "--solution",
			"37-31 26x46 33-29 24x31 38-33 46x28 33x4 31-36 4-10 23-29 10-32 1-7 32-37 7-12 37-32 12-17 32-46 17-22 46-14 22-27 14-19 27-31 19-32",
			"--goal", "promote"},
			[]string{`"verdict":"sound"`, `"goal":"promote/11"`, "no other first move does within 11", `"after":"37-31 26x46 33-29 24x31 38-33 46x28 33x4"`}},
		{[]string{"--fen", "W:W27,28,30,32,33,35,37,38,39,40,45,48,49:B3,7,8,10,13,15,16,18,19,23,24,25,26", "--solution",
			"48-43 25x34 40x20 15x24 35-30 24x35 33-29 23x34 39x30 35x24 28-23 18x29 38-33 29x38 37-31 26x28 43x5", "--within", "21", "--goal", "promote"},
			[]string{`"verdict":"sound-incomplete"`, `"goal":"promote/21"`, `"defence":"19x28"`, `"after":"48-43 25x34 40x20 15x24 35-30 24x35 33-29 23x34 39x30 35x24 28-23"`}},
	}
	for _, c := range cases {
		out, err := runMetz(t, append([]string{"--json", "verify", "--no-store", "--jobs", "1", "--budget", "2M-nodes,1h"}, c.args...)...)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: lacks %s:\n%s", c.args[1], w, out)
			}
		}
	}
	if _, err := runMetz(t, "verify", "--no-store", "--fen", "W:W32:B19", "--goal", "draw", "--within", "3"); err == nil || !strings.Contains(err.Error(), "--within 3") {
		t.Errorf("a bounded draw: %v", err)
	}
}
