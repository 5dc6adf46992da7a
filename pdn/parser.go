package pdn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Reader reads games one at a time, holding only the current line in
// memory; Parse is the convenience wrapper that collects them all.
type Reader struct {
	lx       *lexer
	file     string
	warnings []Warning
	resync   bool // after a syntax error, skip to the next game
	failLine int  // the line of that error
	atGame   bool // that error was found at the "[" of the next game
}

// NewReader returns a Reader for r; file is only used in messages.
func NewReader(r io.Reader, file string) *Reader {
	rd := &Reader{file: file}
	rd.lx = newLexer(r, file, rd.addWarning)
	return rd
}

// Warnings returns all warnings produced so far.
func (r *Reader) Warnings() []Warning { return r.warnings }

func (r *Reader) addWarning(w Warning) { r.warnings = append(r.warnings, w) }

func (r *Reader) warn(at pos, text, expected string) {
	r.addWarning(Warning{File: r.file, Line: at.line, Col: at.col, Text: text, Expected: expected})
}

// Next returns the next game, or io.EOF when there is none. After a
// *SyntaxError the game being read is dropped; calling Next again resumes at
// the next game (see skipToGame).
func (r *Reader) Next() (*Game, error) {
	if r.resync {
		if err := r.skipToGame(); err != nil {
			return nil, err
		}
		r.resync = false
	}
	for {
		t, err := r.lx.peek()
		if err != nil {
			return nil, r.fail(err)
		}
		if t.kind == tEOF {
			return nil, io.EOF
		}
		g, err := r.readGame()
		if err != nil {
			return nil, r.fail(err)
		}
		if len(g.Tags) > 0 || g.Root.Next != nil || g.Result != "" {
			return g, nil
		}
		if len(g.Comments) > 0 {
			r.warn(pos{g.Line, 1}, "comment outside any game ignored", "a comment inside a game, before its result")
		}
	}
}

func (r *Reader) fail(err error) error {
	r.lx.dropError()
	r.resync = true
	r.failLine = r.lx.lineNo
	var se *SyntaxError
	if errors.As(err, &se) {
		r.failLine = se.Line
	}
	return err
}

// skipToGame skips what is left of a game that could not be read, up to
// the "[" that begins the next one: the first after a result, or after an
// empty line, as games are laid out. Stopping at any "[" would read the
// damaged game's remaining tags and moves as a game of its own, set up on
// the wrong position. An error found at the next game's first "[" (a
// variation still open there) resumes at once.
func (r *Reader) skipToGame() error {
	if r.atGame {
		r.atGame = false
		return nil
	}
	prev, afterResult := r.failLine, false
	for {
		t, err := r.lx.peek()
		if err != nil {
			r.lx.dropError()
			return err
		}
		switch {
		case t.kind == tEOF:
			return nil
		case t.kind == tLBracket && (afterResult || t.pos.line > prev+1):
			return nil
		}
		afterResult = t.kind == tWord && isResult(t.text)
		prev = t.end.line
		r.lx.next()
	}
}

// Parse reads all games of a file. It stops at the first syntax error and
// returns the games read completely before it, with all warnings.
func Parse(r io.Reader, file string) ([]*Game, []Warning, error) {
	rd := NewReader(r, file)
	var games []*Game
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games, rd.warnings, nil
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				err = fmt.Errorf("%s: %w", file, err)
			}
			return games, rd.warnings, err
		}
		games = append(games, g)
	}
}

// ParseString is Parse for a string.
func ParseString(s, file string) ([]*Game, []Warning, error) {
	return Parse(strings.NewReader(s), file)
}

// frame is one open line of play: the main line or a variation.
type frame struct {
	parent *Node // the move this variation is an alternative to; nil for the main line
	last   *Node // last move so far; the main line starts at Game.Root
	open   pos   // where "(" was
	before []string
	number int // pending move number, for the next move
	black  bool
}

type gameParser struct {
	r     *Reader
	g     *Game
	stack []*frame
}

func (r *Reader) readGame() (*Game, error) {
	p := &gameParser{r: r, g: &Game{Root: &Node{}}}
	p.stack = []*frame{{last: p.g.Root}}
	for {
		t, err := r.lx.peek()
		if err != nil {
			return nil, err
		}
		if p.g.Line == 0 {
			p.g.Line = t.pos.line
		}
		done, err := p.step(t)
		if err != nil {
			return nil, err
		}
		if done {
			return p.g, nil
		}
	}
}

func (p *gameParser) top() *frame { return p.stack[len(p.stack)-1] }

func (p *gameParser) hasMove(f *frame) bool { return f.last != nil && f.last != p.g.Root }

// step handles the peeked token t and reports whether the game is complete.
func (p *gameParser) step(t token) (bool, error) {
	switch t.kind {
	case tEOF:
		p.danglingNumber(t)
		return true, p.unclosed("end of file")
	case tLBracket:
		if len(p.stack) > 1 {
			p.r.atGame = true // the next game starts here: resume at it
			return true, p.unclosed(fmt.Sprintf("the tag pair at %d:%d", t.pos.line, t.pos.col))
		}
		if p.g.hasMovetext() {
			p.endWithoutResult(t)
			return true, nil // a new tag section starts the next game
		}
		return false, p.tag()
	}
	p.r.lx.next()
	switch t.kind {
	case tWord:
		return p.word(t), nil
	case tComment:
		p.comment(t.text)
	case tStrength:
		p.nag(t)
	case tLParen:
		p.open(t)
	case tRParen:
		p.close(t)
	case tString:
		p.r.warn(t.pos, "string outside a tag pair ignored", `a string only as a tag's value ([Event "..."])`)
	case tSetup:
		p.r.warn(t.pos, "setup command "+describe(t)+" ignored", "a FEN tag pair")
	default:
		p.r.warn(t.pos, "unexpected "+describe(t)+" ignored", unexpectedWhat(t))
	}
	return false, nil
}

// endWithoutResult warns of a game that runs into the next game's tag
// pairs: PDN separates games by a result (the last game of a file may go
// without), and a missing one most often means lost moves.
func (p *gameParser) endWithoutResult(next token) {
	p.danglingNumber(next)
	if p.g.Result == "" {
		p.r.warn(next.pos, "a new game's tag pair before the result of the game above", "a result (2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2 or *) ending that game")
	}
}

// danglingNumber warns of a move number with no move after it ("6." at
// the end of a game).
func (p *gameParser) danglingNumber(next token) {
	if f := p.top(); f.number != 0 {
		p.r.warn(next.pos, fmt.Sprintf("move number %d without a move", f.number), "a move after the number")
		f.number = 0
	}
}

// unclosed reports the innermost open variation, if any.
func (p *gameParser) unclosed(before string) error {
	if len(p.stack) == 1 {
		return nil
	}
	at := p.top().open
	return &SyntaxError{File: p.r.file, Line: at.line, Col: at.col,
		Found: `unclosed "("`, Expected: `")" before ` + before}
}

// tag reads [Name "value"]. All its parts must be on one line: that is how
// every PDN writer lays tags out, and it lets a missing "]" be reported at
// the end of its own line rather than at the next tag.
func (p *gameParser) tag() error {
	open, _ := p.r.lx.next()
	name, err := p.want(open, tWord, "tag name")
	if err != nil {
		return err
	}
	if !isTagName(name.text) {
		return p.syntaxErr(name.pos, describe(name), "tag name")
	}
	value, err := p.want(name, tString, "tag value in double quotes")
	if err != nil {
		return err
	}
	if _, err := p.want(value, tRBracket, `"]"`); err != nil {
		return err
	}
	p.g.Tags = append(p.g.Tags, Tag{Name: name.text, Value: value.text})
	return nil
}

// want consumes the next token if it is of kind k on the line of prev.
func (p *gameParser) want(prev token, k tokKind, what string) (token, error) {
	t, err := p.r.lx.peek()
	if err != nil {
		return t, err
	}
	if t.pos.line != prev.end.line {
		return t, p.syntaxErr(prev.end, "end of line", what)
	}
	if t.kind != k {
		return t, p.syntaxErr(t.pos, describe(t), what)
	}
	p.r.lx.next()
	return t, nil
}

func (p *gameParser) syntaxErr(at pos, found, expected string) error {
	return &SyntaxError{File: p.r.file, Line: at.line, Col: at.col, Found: found, Expected: expected}
}

// word handles results, NAGs, move numbers and moves; it reports whether
// the word ended the game.
func (p *gameParser) word(t token) bool {
	w := t.text
	switch {
	case isResult(w):
		return p.result(t)
	case isNAG(w):
		p.nag(t)
	case isEllipsis(w):
		p.top().black = true
	case w == ".":
		p.r.warn(t.pos, `stray "." ignored`, `a dot only right after a move number ("12." or "12...")`)
	default:
		n, black, rest, ok := moveNumber(w)
		if !ok {
			p.move(t)
			return false
		}
		f := p.top()
		f.number, f.black = n, black
		if rest != "" { // "12.32-28": the rest is a word of its own
			prefix := len(w) - len(rest) // digits and dots: one byte per column
			return p.word(token{kind: tWord, text: rest, pos: pos{t.pos.line, t.pos.col + prefix}})
		}
	}
	return false
}

func (p *gameParser) result(t token) bool {
	if len(p.stack) > 1 {
		p.r.warn(t.pos, "result "+strconv.Quote(t.text)+" inside a variation ignored", `a result only after the main line, ending the game; a variation ends with ")"`)
		return false
	}
	// "1. 2-0", a game of no moves as some files write it, is outside
	// the standard's grammar: said, the game read as its result alone.
	// "77. ... *" is inside it: the dots stand for a move not given.
	if f := p.top(); f.black {
		f.number = 0
	}
	p.danglingNumber(t)
	p.g.Result = t.text
	p.trailingComments(t.pos.line)
	return true
}

// trailingComments gives comments on the line of the result to the game it
// ends ("... 2-0 {Black resigns}"); later ones belong to the next game.
func (p *gameParser) trailingComments(line int) {
	for {
		t, err := p.r.lx.peek()
		if err != nil || t.kind != tComment || t.pos.line != line {
			return
		}
		p.r.lx.next()
		p.comment(t.text)
	}
}

func (p *gameParser) move(t token) {
	f := p.top()
	n := &Node{Line: t.pos.line, Col: t.pos.col, MoveNumber: f.number, BlackToMove: f.black, CommentsBefore: f.before}
	if sq, capture, end, ok := parseMove(t.text); ok {
		n.Move, n.Squares, n.Capture = t.text[:end], sq, capture
		if end < len(t.text) {
			n.NAGs = []string{t.text[end:]}
		}
	} else {
		// Kept as a move so that the following moves keep their colour;
		// the rules engine will report it.
		n.Move = t.text
		p.r.warn(t.pos, "unrecognised move "+describe(t), "a move such as 32-28, 33x22 or c3:e5")
	}
	f.number, f.black, f.before = 0, false, nil
	if f.last == nil {
		f.parent.Variations = append(f.parent.Variations, n)
	} else {
		f.last.Next = n
	}
	f.last = n
}

func (p *gameParser) comment(text string) {
	f := p.top()
	switch {
	case p.hasMove(f):
		f.last.Comments = append(f.last.Comments, text)
	case len(p.stack) == 1:
		p.g.Comments = append(p.g.Comments, text)
	default:
		f.before = append(f.before, text)
	}
}

// unexpectedWhat says what a token out of place stands instead of: a
// closing brace or bracket that opens nothing (comments do not nest).
func unexpectedWhat(t token) string {
	switch t.kind {
	case tRBrace:
		return `"}" only closing a comment opened by "{" (comments do not nest)`
	case tRBracket:
		return `"]" only closing a tag pair opened by "["`
	}
	return "a move, a move number, a comment, a variation or a result"
}

func (p *gameParser) nag(t token) {
	f := p.top()
	if !p.hasMove(f) {
		p.r.warn(t.pos, "annotation "+describe(t)+" before any move ignored", "an annotation right after the move it judges")
		return
	}
	f.last.NAGs = append(f.last.NAGs, t.text)
}

func (p *gameParser) open(t token) {
	f := p.top()
	parent := f.last
	if !p.hasMove(f) {
		p.r.warn(t.pos, "variation before any move ignored", `a variation after the move it replaces: 32-28 (33-28 ...)`)
		parent = &Node{} // read the variation, then drop it
	}
	p.stack = append(p.stack, &frame{parent: parent, open: t.pos})
}

func (p *gameParser) close(t token) {
	if len(p.stack) == 1 {
		p.r.warn(t.pos, `unmatched ")" ignored`, `")" only closing a variation opened by "("`)
		return
	}
	f := p.top()
	p.stack = p.stack[:len(p.stack)-1]
	if f.last == nil {
		p.r.warn(f.open, "empty variation ignored", "at least one move between the parentheses")
	}
}
