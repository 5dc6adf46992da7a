package pdn

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// dump renders games compactly for table tests: tags as [Name=Value],
// comments in braces, comments before a variation's first move in <...>,
// NAGs as =X, variations in ( ), the result after =>. Games are joined
// by " || ". Squares, captures and positions are tested separately.
func dump(games []*Game) string {
	var parts []string
	for _, g := range games {
		var b strings.Builder
		for _, t := range g.Tags {
			fmt.Fprintf(&b, "[%s=%s] ", t.Name, t.Value)
		}
		for _, c := range g.Comments {
			fmt.Fprintf(&b, "{%s} ", c)
		}
		dumpLine(&b, g.Root.Next)
		if g.Result != "" {
			fmt.Fprintf(&b, "=> %s", g.Result)
		}
		parts = append(parts, strings.TrimSpace(b.String()))
	}
	return strings.Join(parts, " || ")
}

func dumpLine(b *strings.Builder, n *Node) {
	for ; n != nil; n = n.Next {
		for _, c := range n.CommentsBefore {
			fmt.Fprintf(b, "<%s> ", c)
		}
		if num := moveNumberText(n); num != "" {
			b.WriteString(num + " ")
		}
		b.WriteString(n.Move + " ")
		for _, nag := range n.NAGs {
			fmt.Fprintf(b, "=%s ", nag)
		}
		for _, c := range n.Comments {
			fmt.Fprintf(b, "{%s} ", c)
		}
		for _, v := range n.Variations {
			b.WriteString("( ")
			dumpLine(b, v)
			b.WriteString(") ")
		}
	}
}

// clearPositions zeroes Line and Col everywhere: they describe the text a
// game was read from, not the game, so round trips compare without them.
func clearPositions(games []*Game) {
	for _, g := range games {
		g.Line = 0
		clearNodes(g.Root)
	}
}

func clearNodes(n *Node) {
	for ; n != nil; n = n.Next {
		n.Line, n.Col = 0, 0
		for _, v := range n.Variations {
			clearNodes(v)
		}
	}
}

func mustParse(t testing.TB, src string) ([]*Game, []Warning) {
	t.Helper()
	games, warns, err := ParseString(src, "t.pdn")
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return games, warns
}

func writeString(t testing.TB, games []*Game) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, games); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return buf.String()
}

// checkRoundTrip checks that the written form of games parses back to
// the same games, and that writing is then stable.
func checkRoundTrip(t testing.TB, games []*Game) {
	t.Helper()
	out := writeString(t, games)
	again, _, err := ParseString(out, "written.pdn")
	if err != nil {
		t.Fatalf("parsing written output: %v\n%s", err, out)
	}
	clearPositions(games)
	clearPositions(again)
	if !reflect.DeepEqual(games, again) {
		t.Fatalf("round trip changed the games\nbefore: %s\nafter:  %s\ntext:\n%s", dump(games), dump(again), out)
	}
	if out2 := writeString(t, again); out2 != out {
		t.Fatalf("writing is not stable:\n%s\n---\n%s", out, out2)
	}
}
