package db

import (
	"strings"
	"testing"

	"metz/draughts"
)

// Any input either fails with an ExprError or parses to a tree whose printed
// form parses back to itself, and whose SQL SQLite accepts with exactly as
// many parameters as placeholders.
func FuzzParseThemeExpr(f *testing.F) {
	for _, s := range []string{"lunette", "lunette AND NOT coup-de-repos", "(a OR b) AND c", `"a b" or not (c)`,
		"NOT", "((", "a AND AND b", `"`, "a\tOR\nb"} {
		f.Add(s)
	}
	d := openTemp(f)
	f.Fuzz(func(t *testing.T, src string) {
		e, err := ParseThemeExpr(src)
		if err != nil {
			if _, ok := err.(*ExprError); !ok {
				t.Fatalf("%q: error of type %T", src, err)
			}
			return
		}
		again, err := ParseThemeExpr(e.String())
		if err != nil || again.String() != e.String() {
			t.Fatalf("%q printed as %q reads back as %v, %v", src, e.String(), again, err)
		}
		sqlText, args := ThemeSQL(e, "book")
		if n := strings.Count(sqlText, "?"); n != len(args) {
			t.Fatalf("%q: %d placeholders, %d args", src, n, len(args))
		}
		rows, err := d.sql.Query(`SELECT p.id FROM problems p WHERE `+sqlText, args...)
		if err != nil {
			t.Fatalf("%q: SQLite rejects %s: %v", src, sqlText, err)
		}
		rows.Close()
	})
}

// Patterns never panic; an accepted pattern names pieces on real squares.
func FuzzParsePattern(f *testing.F) {
	for _, s := range []string{"W:W28,37:B32", "WK46:B17", "B:W1-5", "W:X", "W:W51", ":::", "W:WK"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePattern(draughts.International, s)
		if err != nil {
			return
		}
		if len(p.Pieces) == 0 {
			t.Fatalf("%q accepted with no piece", s)
		}
		for sq, pc := range p.Pieces {
			if sq < 0 || sq >= 50 || pc == draughts.Empty {
				t.Fatalf("%q: square %d piece %v", s, sq, pc)
			}
		}
		sqlText, args := p.sql()
		if strings.Count(sqlText, "?") != len(args) {
			t.Fatalf("%q: placeholders and args differ", s)
		}
	})
}

// Ranges never panic and an accepted range is not empty.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"3", "3-5", "-5", "3-", "-", "5-3", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRange(s)
		if err != nil {
			return
		}
		if !r.On || r.Min < 0 || (r.Max >= 0 && r.Max < r.Min) {
			t.Fatalf("%q -> %+v", s, r)
		}
	})
}

// Problem references never panic: they resolve to a stored id or fail.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"1", "vantenac:2", "vantenac:II", "vantenac:6:Problème VI", "x:", ":1", "-1", "vantenac:9999999999999"} {
		f.Add(s)
	}
	d := openTemp(f)
	if _, err := d.ImportBatch(vanTenacSource, cloneProblems(vanTenac), nil); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, ref string) {
		id, err := d.Resolve(ref)
		if err != nil {
			return
		}
		if _, err := d.Get(id); err != nil {
			t.Fatalf("%q resolved to %d, which Get cannot read: %v", ref, id, err)
		}
	})
}

// Roman numerals: what roman accepts, toRoman writes back identically.
func FuzzRoman(f *testing.F) {
	for _, s := range []string{"IV", "MCMXC", "IIII", "VX", "", "MMMM"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		if n := roman(w); n != 0 && toRoman(n) != w {
			t.Fatalf("roman(%q) = %d, written %q", w, n, toRoman(n))
		}
	})
}
