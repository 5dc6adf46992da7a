package db

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"metz/problems"
)

// ThemeExpr is a parsed theme expression such as
// `lunette AND NOT coup-de-repos` or `(a OR b) AND c`. NOT binds tighter
// than AND, AND tighter than OR; keywords are case-insensitive. A name is
// read as problems.ThemeKey writes it, so that the words of a theme as the
// books name it find it: `coup de repos AND lunette` (words with no keyword
// between them are one name) or `"pion en prise"`.
type ThemeExpr interface {
	// String writes the expression fully parenthesised, so that it reads
	// back to the same tree.
	String() string
	// sql appends a WHERE fragment testing problem p, with its parameters.
	sql(b *strings.Builder, args []any, origin string) []any
}

type themeName string
type themeNot struct{ x ThemeExpr }
type themeBin struct {
	op   string // AND or OR
	l, r ThemeExpr
}

func (n themeName) String() string { return quoteName(string(n)) }
func (n themeNot) String() string  { return "NOT " + n.x.String() }
func (n themeBin) String() string  { return "(" + n.l.String() + " " + n.op + " " + n.r.String() + ")" }

func quoteName(s string) string {
	if strings.IndexFunc(s, isSep) >= 0 || isKeyword(s) {
		return `"` + s + `"`
	}
	return s
}

func (n themeName) sql(b *strings.Builder, args []any, origin string) []any {
	// The name as written too: a user tag stored before names were keyed
	// (with an accent, say) is found as it was typed.
	b.WriteString(`EXISTS (SELECT 1 FROM themes t WHERE t.problem_id = p.id AND t.name IN (?, ?)`)
	args = append(args, problems.ThemeKey(string(n)), string(n))
	if origin != "" {
		b.WriteString(` AND t.origin = ?`)
		args = append(args, origin)
	}
	b.WriteString(`)`)
	return args
}

func (n themeNot) sql(b *strings.Builder, args []any, origin string) []any {
	b.WriteString(`NOT (`)
	args = n.x.sql(b, args, origin)
	b.WriteString(`)`)
	return args
}

func (n themeBin) sql(b *strings.Builder, args []any, origin string) []any {
	b.WriteString(`(`)
	args = n.l.sql(b, args, origin)
	b.WriteString(` ` + n.op + ` `)
	args = n.r.sql(b, args, origin)
	b.WriteString(`)`)
	return args
}

// ThemeSQL compiles e into a WHERE fragment over problems aliased p; names
// are always parameters, never spliced into the SQL text.
func ThemeSQL(e ThemeExpr, origin string) (string, []any) {
	var b strings.Builder
	args := e.sql(&b, nil, origin)
	return b.String(), args
}

// Limits keep hostile input from building a query SQLite refuses (its
// expression depth limit is 1000) or from exhausting the parser's stack.
const (
	maxExprDepth = 40
	maxExprTerms = 200
)

// ExprError says where a theme expression went wrong.
type ExprError struct {
	Expr string
	Pos  int // 0-based byte offset
	Msg  string
}

func (e *ExprError) Error() string {
	return fmt.Sprintf("theme expression %q, at character %d: %s", e.Expr, e.Pos+1, e.Msg)
}

type exprToken struct {
	kind   string // "(", ")", "AND", "OR", "NOT", "name", "end"
	text   string
	pos    int
	quoted bool
}

func isKeyword(s string) bool {
	switch strings.ToUpper(s) {
	case "AND", "OR", "NOT":
		return true
	}
	return false
}

// isSep reports the characters that end a bare theme name.
func isSep(r rune) bool { return unicode.IsSpace(r) || r == '(' || r == ')' || r == '"' }

func lexExpr(src string) ([]exprToken, error) {
	var toks []exprToken
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case unicode.IsSpace(r):
			i += size
		case r == '(' || r == ')':
			toks = append(toks, exprToken{kind: string(r), pos: i})
			i++
		case r == '"':
			end := strings.IndexByte(src[i+1:], '"')
			if end < 0 {
				return nil, &ExprError{src, i, "unterminated quoted theme name"}
			}
			name := src[i+1 : i+1+end]
			if strings.TrimSpace(name) == "" {
				return nil, &ExprError{src, i, "empty quoted theme name"}
			}
			toks = append(toks, exprToken{kind: "name", text: name, pos: i, quoted: true})
			i += end + 2
		default:
			j := i + strings.IndexFunc(src[i:], isSep)
			if j < i {
				j = len(src)
			}
			w := src[i:j]
			switch last := len(toks) - 1; {
			case isKeyword(w):
				toks = append(toks, exprToken{kind: strings.ToUpper(w), text: w, pos: i})
			case last >= 0 && toks[last].kind == "name" && !toks[last].quoted:
				toks[last].text += " " + w // "coup de repos": one name
			default:
				toks = append(toks, exprToken{kind: "name", text: w, pos: i})
			}
			i = j
		}
	}
	return append(toks, exprToken{kind: "end", pos: len(src)}), nil
}

type exprParser struct {
	src   string
	toks  []exprToken
	i     int
	depth int
	terms int
}

// ParseThemeExpr parses a theme expression.
func ParseThemeExpr(src string) (ThemeExpr, error) {
	toks, err := lexExpr(src)
	if err != nil {
		return nil, err
	}
	if len(toks) == 1 {
		return nil, &ExprError{src, 0, "empty (expected a theme name such as lunette)"}
	}
	p := &exprParser{src: src, toks: toks}
	e, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != "end" {
		return nil, p.fail(t, "expected AND, OR or the end")
	}
	return e, nil
}

func (p *exprParser) peek() exprToken { return p.toks[p.i] }
func (p *exprParser) next() exprToken { t := p.toks[p.i]; p.i++; return t }

func (p *exprParser) fail(t exprToken, want string) error {
	found := "the end"
	switch t.kind {
	case "end":
	case "name":
		found = fmt.Sprintf("%q", t.text)
	default:
		found = fmt.Sprintf("%q", t.kind)
	}
	return &ExprError{p.src, t.pos, want + ", found " + found}
}

func (p *exprParser) binary(op string, operand func() (ThemeExpr, error)) (ThemeExpr, error) {
	l, err := operand()
	if err != nil {
		return nil, err
	}
	for p.peek().kind == op {
		p.next()
		r, err := operand()
		if err != nil {
			return nil, err
		}
		l = themeBin{op, l, r}
	}
	return l, nil
}

func (p *exprParser) or() (ThemeExpr, error)  { return p.binary("OR", p.and) }
func (p *exprParser) and() (ThemeExpr, error) { return p.binary("AND", p.unary) }

func (p *exprParser) unary() (ThemeExpr, error) {
	t := p.next()
	if t.kind == "NOT" || t.kind == "(" {
		if p.depth++; p.depth > maxExprDepth {
			return nil, &ExprError{p.src, t.pos, fmt.Sprintf("nested deeper than %d levels", maxExprDepth)}
		}
		defer func() { p.depth-- }()
	}
	switch t.kind {
	case "NOT":
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return themeNot{x}, nil
	case "(":
		x, err := p.or()
		if err != nil {
			return nil, err
		}
		if c := p.next(); c.kind != ")" {
			return nil, p.fail(c, "expected )")
		}
		return x, nil
	case "name":
		if p.terms++; p.terms > maxExprTerms {
			return nil, &ExprError{p.src, t.pos, fmt.Sprintf("more than %d theme names", maxExprTerms)}
		}
		return themeName(t.text), nil
	}
	return nil, p.fail(t, "expected a theme name, NOT or (")
}

// ThemeNames lists the theme names an expression tests, as written, in
// order (a caller checks them against the names it knows).
func ThemeNames(e ThemeExpr) []string {
	switch x := e.(type) {
	case themeName:
		return []string{string(x)}
	case themeNot:
		return ThemeNames(x.x)
	case themeBin:
		return append(ThemeNames(x.l), ThemeNames(x.r)...)
	}
	return nil
}
