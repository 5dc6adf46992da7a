package booknotation

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"metz/draughts"
	"metz/problems"
)

// maxLine bounds one line of a transcription, so that a binary file read
// by mistake fails clearly instead of filling memory.
const maxLine = 1 << 20

// headerRE recognises the line that opens a record: "Coup 125",
// "Coup nº 125", "Problème VI", "Problem 3".
var headerRE = regexp.MustCompile(`(?i)^\s*(coup|probl[eè]me|problem)\s*(?:n\s*[°ºo]\.?\s*)?(\d+|[IVXLC]+)\b\s*[.:—-]?\s*(.*)$`)

// exportHeaderRE recognises the header metz's book export writes:
// "vantenac n° 76 — Problème VI", "club #12" (source, number or database
// id, then the source's own label), so that an exported text reads back.
var exportHeaderRE = regexp.MustCompile(`^\s*([\p{L}\p{N}._-]+)\s+(?:n\s*[°º]\s*(\d+)|#\d+)\s*(?:—\s*(.*?))?\s*$`)

// stipSentenceRE reads the stipulation as the books print it: "Les Blancs
// jouent et gagnent.", "Les Noirs jouent et font remise." (the side to move
// and the goal).
var stipSentenceRE = regexp.MustCompile(`(?i)^\s*les\s+(blancs|noirs)\s+jouent\s*(?:et\s+|:\s*)(.+?)\s*\.?\s*$`)

// Parse reads a transcription file holding one or more records (see
// FORMAT.md). Records with unreadable parts are kept with warnings; the
// error is for input that is not a transcription at all (not UTF-8, no
// record header, a read failure).
func Parse(r io.Reader, file string) ([]*problems.Problem, []problems.Warning, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	var recs []*record
	var warns []problems.Warning
	no := 0
	for sc.Scan() {
		no++
		line := sc.Text()
		if !utf8.ValidString(line) {
			return nil, nil, fmt.Errorf("%s:%d: not UTF-8 text (expected a transcription in UTF-8)", file, no)
		}
		if no == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		if m := headerRE.FindStringSubmatch(line); m != nil {
			recs = append(recs, newRecord(file, no, m))
			continue
		}
		if m := exportHeaderRE.FindStringSubmatch(line); m != nil {
			recs = append(recs, exportedRecord(file, no, m))
			continue
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if len(recs) == 0 {
			return nil, nil, fmt.Errorf("%s:%d: %q: expected a record header such as \"Coup 125\" or \"Problème VI\"", file, no, clip(trimmed))
		}
		recs[len(recs)-1].line(no, line)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s:%d: %w", file, no+1, err)
	}
	if len(recs) == 0 {
		return nil, nil, fmt.Errorf("%s: no record (expected a header such as \"Coup 125\")", file)
	}
	out := make([]*problems.Problem, len(recs))
	for i, rec := range recs {
		out[i] = rec.finish()
		warns = append(warns, out[i].Warnings...)
	}
	return out, warns, nil
}

func clip(s string) string {
	if utf8.RuneCountInString(s) > 60 {
		return string([]rune(s)[:60]) + "…"
	}
	return s
}

// record collects the lines of one record until it is finished.
type record struct {
	file     string
	p        *problems.Problem
	rules    string
	rulesAt  int
	turn     string
	turnAt   int
	pos      []string
	posAt    int
	exec     []string
	execNos  []int
	comments []string
}

func newRecord(file string, no int, m []string) *record {
	p := &problems.Problem{Label: strings.TrimSpace(m[0]), Rules: draughts.International,
		Stipulation: problems.StipWin, Location: fmt.Sprintf("%s:%d", file, no)}
	p.Number = numberOf(m[2])
	if t := strings.TrimSpace(m[3]); t != "" {
		p.Title = t
	}
	return &record{file: file, p: p}
}

// exportedRecord opens a record at a header of metz's book export: the
// label is the source's own ("Problème VI"), else the header itself.
func exportedRecord(file string, no int, m []string) *record {
	rec := newRecord(file, no, []string{m[0], "", m[2], ""})
	if m[3] != "" {
		rec.p.Label = m[3]
	}
	return rec
}

// ExportHeading reads a heading of metz's book export ("vantenac n° 76 —
// Problème VI", "club #12 — Fin de partie"): the source key, the number
// (0 for a record the heading names by database id) and the source's own
// label ("" when it has none); ok is false for any other line.
func ExportHeading(line string) (source string, number int, label string, ok bool) {
	m := exportHeaderRE.FindStringSubmatch(line)
	if m == nil || headerRE.MatchString(line) {
		return "", 0, "", false
	}
	return m[1], numberOf(m[2]), m[3], true
}

// numberOf reads an Arabic or Roman number.
func numberOf(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	vals := map[byte]int{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100}
	s = strings.ToUpper(s)
	n := 0
	for i := 0; i < len(s); i++ {
		v := vals[s[i]]
		if i+1 < len(s) && vals[s[i+1]] > v {
			n -= v
		} else {
			n += v
		}
	}
	return n
}

// line files one line of a record: a "key : value" header field, or a row
// of the execution.
func (rec *record) line(no int, line string) {
	if m := stipSentenceRE.FindStringSubmatch(line); m != nil {
		rec.turn, rec.turnAt = m[1], no
		rec.p.Stipulation = rec.stipulation(no, stipWords(m[2]))
		return
	}
	if f := fold(line); f == "(position inconnue)" || f == fold(SolverLegend) {
		return // the book export's words for a record without a diagram, for its "*"
	}
	if key, val, ok := splitKey(line); ok && rec.field(no, fold(key), val) {
		return
	}
	rec.exec = append(rec.exec, line)
	rec.execNos = append(rec.execNos, no)
}

// field files a header field; it reports false for a key it does not know.
func (rec *record) field(no int, key, val string) bool {
	p := rec.p
	switch key {
	case "classe", "class":
		p.Class = val
	case "titre", "title":
		p.Title = val
	case "auteur", "author", "compositeur", "composer":
		p.Author = val
	case "date":
		p.Date = val
	case "regles", "rules", "regle", "jeu":
		rec.rules, rec.rulesAt = val, no
	case "but", "stipulation", "goal":
		p.Stipulation = rec.stipulation(no, val)
	case "trait", "to move", "turn":
		rec.turn, rec.turnAt = val, no
	case "source":
		rec.source(val)
	case "commentaire", "comment", "note", "remarque":
		rec.comments = append(rec.comments, val)
	case "themes", "theme":
		for _, t := range strings.Split(val, ",") {
			if k := problems.ThemeKey(t); k != "" {
				p.Themes = append(p.Themes, problems.Theme{Name: k, Origin: problems.OriginBook})
			}
		}
	case "verdict":
		// The book export's verdict line: the solver's, not the source's
		// (metz verify gives it again).
	case "noirs", "noir", "blancs", "blanc", "black", "white":
		if rec.posAt == 0 {
			rec.posAt = no
		}
		rec.pos = append(rec.pos, key+" : "+val)
	default:
		// The book export's "Attention (file:line) : …" lines repeat the
		// import's warnings, which a new import finds again.
		return strings.HasPrefix(key, "attention")
	}
	return true
}

// stipWords turns the goal of a stipulation sentence into the But field's
// words: "gagnent" is gagne, "gagnent 2 pions" gain:2, "vont à dame" dame.
func stipWords(goal string) string {
	f := fold(goal)
	if m := gainWordsRE.FindStringSubmatch(f); m != nil {
		n := m[1]
		if n == "un" {
			n = "1"
		}
		return "gain:" + n
	}
	return goal
}

var gainWordsRE = regexp.MustCompile(`^gagnent\s+(un|\d+)\s+pions?$`)

// source files a "Source :" line: a known book sets the record's source
// key, and the words are kept in the commentary.
func (rec *record) source(val string) {
	f := fold(val)
	switch {
	case strings.Contains(f, "metz"):
		rec.p.Source = "metz"
	case strings.Contains(f, "tenac"):
		rec.p.Source = "vantenac"
	}
	rec.comments = append(rec.comments, "Source: "+val)
}

// stipulation reads the goal words.
func (rec *record) stipulation(no int, val string) problems.Stipulation {
	f := fold(val)
	switch {
	case strings.Contains(f, "gagn") || f == "win" || f == "+":
		return problems.StipWin
	case strings.Contains(f, "remise") || strings.Contains(f, "nulle") || f == "draw" || f == "=":
		return problems.StipDraw
	case strings.Contains(f, "dame") || f == "promote":
		return problems.StipPromote
	case strings.HasPrefix(f, "gain:"):
		s, err := problems.ParseStipulation(f)
		if err == nil {
			return s
		}
	}
	rec.warn(no, val, "a goal: gagne, remise, dame, or gain:N")
	return problems.StipWin
}

func (rec *record) warn(no int, text, expected string) {
	rec.p.Warnings = append(rec.p.Warnings, problems.Warning{File: rec.file, Line: no, Text: text, Expected: expected})
}

// finish reads the position and the execution of a complete record.
func (rec *record) finish() *problems.Problem {
	p := rec.p
	r := draughts.International
	if rec.rules != "" {
		if rr, err := draughts.RulesByName(rec.rules); err != nil {
			rec.warn(rec.rulesAt, rec.rules, err.Error())
		} else {
			r = rr
		}
	}
	p.Rules = r
	if len(rec.pos) > 0 {
		fen, err := ParsePositionFor(r, strings.Join(rec.pos, "\n"))
		if err == nil {
			p.Position, err = problems.ParsePosition(r, rec.applyTurn(fen))
		}
		if err != nil {
			rec.warn(rec.posAt, strings.Join(rec.pos, " / "), "a position list: "+err.Error())
		}
	}
	p.Commentary = strings.Join(rec.comments, "\n")
	if len(rec.exec) == 0 {
		return p
	}
	p.SolutionText = strings.Join(rec.exec, "\n")
	cells, ws := readCellsNumbered(rec.file, rec.execNos, rec.exec, r.Algebraic)
	tree, ws2 := Build(rec.file, cells, r, p.Position)
	p.Solution = tree
	p.Warnings = append(p.Warnings, append(ws, ws2...)...)
	return p
}

// applyTurn sets the side to move of a FEN from the "Trait :" field.
func (rec *record) applyTurn(fen string) string {
	if rec.turn == "" {
		return fen
	}
	c, ok := sideWord(rec.turn)
	if !ok {
		rec.warn(rec.turnAt, rec.turn, "Blancs or Noirs")
		return fen
	}
	if c == draughts.Black {
		return "B" + fen[1:]
	}
	return fen
}
