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

// diffGames describes the first difference between two lists of games,
// or returns "". Line and Col are ignored: they describe the text a game
// was read from, not the game.
func diffGames(a, b []*Game) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d games against %d", len(a), len(b))
	}
	for i := range a {
		ga, gb := a[i], b[i]
		switch {
		case !reflect.DeepEqual(ga.Tags, gb.Tags):
			return fmt.Sprintf("game %d: tags %q against %q", i+1, ga.Tags, gb.Tags)
		case ga.Result != gb.Result:
			return fmt.Sprintf("game %d: result %q against %q", i+1, ga.Result, gb.Result)
		case !reflect.DeepEqual(ga.Comments, gb.Comments):
			return fmt.Sprintf("game %d: comments %q against %q", i+1, ga.Comments, gb.Comments)
		case !sameNodes(ga.Root, gb.Root):
			return fmt.Sprintf("game %d: moves differ", i+1)
		}
	}
	return ""
}

// sameNodes compares two lines of play; it walks Next iteratively, so
// only variation nesting costs stack.
func sameNodes(a, b *Node) bool {
	for ; a != nil && b != nil; a, b = a.Next, b.Next {
		if a.Move != b.Move || a.Capture != b.Capture || a.MoveNumber != b.MoveNumber ||
			a.BlackToMove != b.BlackToMove || !reflect.DeepEqual(a.Squares, b.Squares) ||
			!reflect.DeepEqual(a.NAGs, b.NAGs) || !reflect.DeepEqual(a.Comments, b.Comments) ||
			!reflect.DeepEqual(a.CommentsBefore, b.CommentsBefore) || len(a.Variations) != len(b.Variations) {
			return false
		}
		for i := range a.Variations {
			if !sameNodes(a.Variations[i], b.Variations[i]) {
				return false
			}
		}
	}
	return a == nil && b == nil
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
	if d := diffGames(games, again); d != "" {
		t.Fatalf("round trip changed the games: %s\nbefore: %s\nafter:  %s\ntext:\n%s", d, dump(games), dump(again), out)
	}
	if out2 := writeString(t, again); out2 != out {
		t.Fatalf("writing is not stable:\n%s\n---\n%s", out, out2)
	}
}
