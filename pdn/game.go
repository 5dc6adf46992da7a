package pdn

import (
	"fmt"
	"strings"
)

// Tag is one tag pair of a game header, e.g. [Event "Dutch championship"].
type Tag struct {
	Name, Value string
}

// Game is one game (or problem) as written in the file.
type Game struct {
	Tags     []Tag    // in file order, names as written
	Root     *Node    // sentinel before the first move: Root.Next is the first move
	Result   string   // game terminator as written ("2-0", "1/2-1/2", "*", ...); "" if none
	Comments []string // comments before the first move
	Line     int      // line where the game starts
}

// Node is one move of the move tree.
type Node struct {
	Move        string   // as written, without move number, move strength, NAGs and comments
	Squares     []string // square tokens in order ("32", "28" or "c3", "d4"); nil if Move is not understood
	Capture     bool     // a capture separator (x, X or :) was used
	MoveNumber  int      // the number written before the move, 0 if none
	BlackToMove bool     // written as "12..." or "12. ..." (or a bare "...")
	NAGs        []string // "!", "?!", "(?)", "*", "$3" ... in the order written
	Comments    []string // comments after the move
	// CommentsBefore holds comments written between the opening parenthesis
	// of a variation and its first move; the parser sets it only on the
	// first node of a variation, since elsewhere a comment follows a move.
	CommentsBefore []string
	Next           *Node   // main continuation
	Variations     []*Node // alternatives to this move, each the first node of a line
	Line, Col      int     // position of Move in the file (Col counts characters, from 1)
}

// Tag returns the value of the first tag called name. Names are compared
// without regard to case, because real files contain [event "..."] too.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// hasMovetext reports whether Write will emit something after the tags. A
// tag pair only starts a new game once this is true; otherwise it simply
// extends the current header.
func (g *Game) hasMovetext() bool {
	return g.Root.Next != nil || len(g.Comments) > 0 || g.Result != ""
}

// Warning describes input that was accepted but not understood completely;
// the parser went on. It implements error so callers can treat it as one.
type Warning struct {
	File      string
	Line, Col int
	Text      string // what was found or done
	Expected  string // what was expected instead; may be empty
}

func (w Warning) Error() string {
	s := fmt.Sprintf("%s:%d:%d: warning: %s", w.File, w.Line, w.Col, w.Text)
	if w.Expected != "" {
		s += ", expected " + w.Expected
	}
	return s
}

// SyntaxError stops parsing: the input cannot be read as PDN from here on.
type SyntaxError struct {
	File      string
	Line, Col int
	Found     string
	Expected  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: found %s, expected %s", e.File, e.Line, e.Col, e.Found, e.Expected)
}
