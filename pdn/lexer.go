package pdn

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"metz/textenc"
)

type tokKind int

const (
	tEOF      tokKind = iota
	tLBracket         // [
	tRBracket         // ]
	tLParen           // (
	tRParen           // )
	tRBrace           // } outside a comment
	tString           // "..." with escapes resolved
	tComment          // {...} or ; to end of line, whitespace collapsed
	tStrength         // (!), (?!) ...: a move strength in parentheses
	tSetup            // /FEN "..."/ setup command of PDN 3.0
	tWord             // anything else: move numbers, moves, NAGs, results
)

type pos struct{ line, col int }

type token struct {
	kind     tokKind
	text     string
	pos, end pos // end is just after the token
}

// lexer splits the input into tokens one line at a time, so that a Reader
// never holds more than the current line (or multi-line comment) in memory.
type lexer struct {
	src  *bufio.Reader
	file string
	warn func(Warning)

	raw    []byte // reusable buffer for the raw line
	buf    []byte // current line, UTF-8, without line ending
	p      int    // byte offset in buf
	lineNo int
	offset int64 // file offset of the next raw line
	done   bool
	ioErr  error // a read error other than io.EOF, reported at end of input

	// Rune column cache: columns are counted in characters, and tokens are
	// produced left to right, so counting on from the last answer keeps
	// long lines linear.
	colByte, colRune int

	badUTF8 bool // a non-UTF-8 line was already reported

	peeked  bool
	peekTok token
	peekErr error
}

func newLexer(r io.Reader, file string, warn func(Warning)) *lexer {
	return &lexer{src: bufio.NewReaderSize(r, 16<<10), file: file, warn: warn}
}

var bom = []byte("\uFEFF")

// readLine makes the next line current; it returns false at end of input.
func (lx *lexer) readLine() bool {
	if !lx.readRaw() {
		return false
	}
	start := lx.offset // file offset of line[0], for encoding warnings
	lx.offset += int64(len(lx.raw))
	line := bytes.TrimSuffix(lx.raw, []byte{'\n'})
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if lx.lineNo == 0 && bytes.HasPrefix(line, bom) {
		line = line[len(bom):]
		start += int64(len(bom))
	}
	lx.lineNo++
	lx.buf, lx.p, lx.colByte, lx.colRune = line, 0, 0, 0
	if !utf8.Valid(line) {
		lx.buf = lx.decodeLatin(line, start)
	}
	return true
}

// readRaw reads the next line, of any length, into lx.raw. A read error
// ends the input like EOF does, and is kept to be reported.
func (lx *lexer) readRaw() bool {
	if lx.done {
		return false
	}
	lx.raw = lx.raw[:0]
	for {
		chunk, err := lx.src.ReadSlice('\n')
		lx.raw = append(lx.raw, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			lx.done = true
			if err != io.EOF {
				lx.ioErr = err
			}
		}
		return len(lx.raw) > 0
	}
}

// decodeLatin handles a line that is not UTF-8. Old draughts programs wrote
// Windows-1252 (a superset of the printable Latin-1), so the line is decoded
// as such rather than rejected; the first such line of a file is reported.
func (lx *lexer) decodeLatin(line []byte, lineOffset int64) []byte {
	if !lx.badUTF8 {
		lx.badUTF8 = true
		bad := firstInvalidUTF8(line)
		lx.warn(Warning{
			File: lx.file, Line: lx.lineNo, Col: utf8.RuneCount(line[:bad]) + 1,
			Text: fmt.Sprintf("invalid UTF-8 at byte offset %d; line decoded as Windows-1252 (later such lines are not reported)",
				lineOffset+int64(bad)),
			Expected: "UTF-8 text",
		})
	}
	return textenc.DecodeWindows1252(line)
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// here is the position of byte p of the current line.
func (lx *lexer) here() pos {
	if lx.p < lx.colByte {
		lx.colByte, lx.colRune = 0, 0
	}
	lx.colRune += utf8.RuneCount(lx.buf[lx.colByte:lx.p])
	lx.colByte = lx.p
	return pos{lx.lineNo, lx.colRune + 1}
}

func (lx *lexer) peek() (token, error) {
	if !lx.peeked {
		lx.peekTok, lx.peekErr = lx.scan()
		lx.peeked = true
	}
	return lx.peekTok, lx.peekErr
}

func (lx *lexer) next() (token, error) {
	t, err := lx.peek()
	lx.peeked = false
	return t, err
}

// dropError forgets a peeked lexer error, so that it is reported once; a
// peeked token is kept, as it may start the next game.
func (lx *lexer) dropError() {
	if lx.peeked && lx.peekErr != nil {
		lx.peeked = false
	}
}

// isSpace also accepts U+FEFF, which shows up where files were concatenated.
func isSpace(r rune) bool {
	return unicode.IsSpace(r) || r == '\uFEFF'
}

func isDelim(c byte) bool {
	switch c {
	case '[', ']', '{', '}', '(', ')', ';', '"':
		return true
	}
	return false
}

// skipSpace moves to the next token, reading lines as needed. A line that
// starts with % is an escape line (PGN heritage, kept by PDN 3.0): skipped.
func (lx *lexer) skipSpace() bool {
	for {
		if lx.p >= len(lx.buf) {
			if !lx.readLine() {
				return false
			}
			if len(lx.buf) > 0 && lx.buf[0] == '%' {
				lx.p = len(lx.buf)
			}
			continue
		}
		r, size := rune(lx.buf[lx.p]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(lx.buf[lx.p:])
		}
		if !isSpace(r) {
			return true
		}
		lx.p += size
	}
}

func (lx *lexer) scan() (token, error) {
	if !lx.skipSpace() {
		if lx.ioErr != nil {
			return token{}, lx.ioErr
		}
		at := lx.here()
		return token{kind: tEOF, pos: at, end: at}, nil
	}
	start := lx.here()
	switch lx.buf[lx.p] {
	case '[':
		return lx.single(tLBracket, start), nil
	case ']':
		return lx.single(tRBracket, start), nil
	case ')':
		return lx.single(tRParen, start), nil
	case '}':
		return lx.single(tRBrace, start), nil
	case '(':
		if n := strengthLen(lx.buf[lx.p:]); n > 0 {
			return lx.span(tStrength, start, n), nil
		}
		return lx.single(tLParen, start), nil
	case '{':
		return lx.braceComment(start)
	case ';':
		text := collapse(string(lx.buf[lx.p+1:]))
		lx.p = len(lx.buf)
		return token{kind: tComment, text: text, pos: start, end: lx.here()}, nil
	case '"':
		return lx.str(start)
	case '/':
		if n := setupLen(lx.buf[lx.p:]); n > 0 {
			return lx.span(tSetup, start, n), nil
		}
	}
	return lx.word(start), nil
}

func (lx *lexer) single(k tokKind, start pos) token {
	return lx.span(k, start, 1)
}

func (lx *lexer) span(k tokKind, start pos, n int) token {
	text := string(lx.buf[lx.p : lx.p+n])
	lx.p += n
	return token{kind: k, text: text, pos: start, end: lx.here()}
}

func (lx *lexer) word(start pos) token {
	i := lx.p
	for i < len(lx.buf) {
		c := lx.buf[i]
		if isDelim(c) {
			break
		}
		if c < utf8.RuneSelf {
			if isSpace(rune(c)) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(lx.buf[i:])
		if isSpace(r) {
			break
		}
		i += size
	}
	// "1- 6", "47x 9": tournament files pad squares to two columns; the
	// move is one word without the padding.
	if end := paddedSquare(lx.buf, lx.p, i); end > i {
		text := strings.Join(strings.Fields(string(lx.buf[lx.p:end])), "")
		lx.p = end
		return token{kind: tWord, text: text, pos: start, end: lx.here()}
	}
	return lx.span(tWord, start, i-lx.p)
}

// paddedSquare returns the end of the move word b[from:to] when it ends in
// a move separator after a square and the squares that follow are padded
// with spaces on the same line ("1- 6", "47x 9", "47x 9x 20"), else to.
// Only squares of one or two digits are joined, and only when the whole is
// a move ending in a square: a dash before a word, or a move number after a
// stray dash, stays apart.
func paddedSquare(b []byte, from, to int) int {
	if to-from < 2 || !isSeparator(b[to-1]) || !isDigit(b[to-2]) {
		return to
	}
	k := to
	for isSeparator(b[k-1]) {
		j := k
		for j < len(b) && (b[j] == ' ' || b[j] == '\t') {
			j++
		}
		if j == k {
			return to // the word goes on unpadded: not this case
		}
		k = j
		for k < len(b) && isDigit(b[k]) {
			k++
		}
		if k == j || k-j > 2 {
			return to
		}
		if k < len(b) && isSeparator(b[k]) {
			k++
		}
	}
	if k < len(b) && !isDelim(b[k]) && b[k] != ' ' && b[k] != '\t' && b[k] != '\r' && b[k] != '\n' {
		return to
	}
	move := strings.Join(strings.Fields(string(b[from:k])), "")
	if _, _, rest, ok := moveNumber(move); ok && rest != "" {
		move = rest // "12.1- 6": the number glued to the move
	}
	if _, _, _, ok := parseMove(move); !ok {
		return to
	}
	return k
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// strengthLen returns the length of a move strength such as "(?!)" at the
// start of b, or 0. Such a group is never read as a variation, since a
// variation of only ! and ? would be meaningless.
func strengthLen(b []byte) int {
	i := 1
	for i < len(b) && (b[i] == '!' || b[i] == '?') {
		i++
	}
	if i > 1 && i < len(b) && b[i] == ')' {
		return i + 1
	}
	return 0
}

// setupLen returns the length of a PDN 3.0 setup command /Name "value"/ at
// the start of b, or 0. It insists on the quoted value so that words that
// merely contain slashes never turn into a setup command.
func setupLen(b []byte) int {
	i := 1
	for i < len(b) && b[i] == ' ' {
		i++
	}
	j := i
	for j < len(b) && (b[j] >= 'A' && b[j] <= 'Z' || b[j] >= 'a' && b[j] <= 'z') {
		j++
	}
	if j == i {
		return 0
	}
	for j < len(b) && b[j] == ' ' {
		j++
	}
	if j >= len(b) || b[j] != '"' {
		return 0
	}
	k := bytes.IndexByte(b[j+1:], '"')
	if k < 0 {
		return 0
	}
	j += k + 2
	for j < len(b) && b[j] == ' ' {
		j++
	}
	if j >= len(b) || b[j] != '/' {
		return 0
	}
	return j + 1
}

// braceComment reads {...}, which may span lines; comments do not nest.
func (lx *lexer) braceComment(start pos) (token, error) {
	lx.p++
	var sb strings.Builder
	for {
		if i := bytes.IndexByte(lx.buf[lx.p:], '}'); i >= 0 {
			sb.Write(lx.buf[lx.p : lx.p+i])
			lx.p += i + 1
			return token{kind: tComment, text: collapse(sb.String()), pos: start, end: lx.here()}, nil
		}
		sb.Write(lx.buf[lx.p:])
		sb.WriteByte(' ')
		lx.p = len(lx.buf)
		if !lx.readLine() {
			if lx.ioErr != nil {
				return token{}, lx.ioErr
			}
			return token{}, lx.errAt(start, `unclosed "{"`, `"}" before end of file`)
		}
	}
}

// str reads a quoted tag value. \" and \\ are escapes; any other backslash
// is kept, as Windows paths appear in real tag values. A value ends on its
// own line.
func (lx *lexer) str(start pos) (token, error) {
	var sb strings.Builder
	i := lx.p + 1
	for i < len(lx.buf) {
		c := lx.buf[i]
		switch {
		case c == '\\' && i+1 < len(lx.buf) && (lx.buf[i+1] == '"' || lx.buf[i+1] == '\\'):
			sb.WriteByte(lx.buf[i+1])
			i += 2
		case c == '"':
			lx.p = i + 1
			return token{kind: tString, text: sb.String(), pos: start, end: lx.here()}, nil
		default:
			sb.WriteByte(c)
			i++
		}
	}
	lx.p = len(lx.buf)
	return token{}, lx.errAt(lx.here(), "end of line",
		fmt.Sprintf(`'"' to close the string opened at %d:%d`, start.line, start.col))
}

func (lx *lexer) errAt(at pos, found, expected string) *SyntaxError {
	return &SyntaxError{File: lx.file, Line: at.line, Col: at.col, Found: found, Expected: expected}
}

// collapse joins the words of s with single spaces: line breaks inside a
// comment are layout, and this lets the writer re-wrap comments freely.
func collapse(s string) string {
	return strings.Join(strings.FieldsFunc(s, isSpace), " ")
}

// describe renders a token for a "found ..." message.
func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tComment:
		return "comment"
	case tString:
		return "string " + strconv.Quote(clip(t.text))
	}
	return strconv.Quote(clip(t.text))
}

func clip(s string) string {
	if utf8.RuneCountInString(s) <= 24 {
		return s
	}
	return string([]rune(s)[:24]) + "..."
}
