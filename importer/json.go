package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"metz/draughts"
	"metz/problems"
)

// kindJSON is metz's own JSON export (an array of records), or records
// written to the same shape by a script.
const kindJSON = "json"

// isJSON reports whether data holds a JSON array or object (what metz
// export --format json writes). It is asked before PDN: a line opening
// with "{" would read as a PDN comment.
func isJSON(name string, data []byte) bool {
	t := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))
	if len(t) == 0 || (t[0] != '[' && t[0] != '{') {
		return false
	}
	return filepath.Ext(name) == ".json" || json.Valid(t)
}

// readJSON reads the records of a JSON export: each object is a problem as
// the export writes it (the record's fields at the top level, what metz
// added since under "metz"). A record that names its source is a copy of
// that source's record, given back as it was (its place and warnings
// included: see Record.Copy); one that names none belongs to the file's
// source. What the export adds for other programs (the verdict, the
// verified tree, the position spelled out) is not read back: the importer
// never decides a verdict, and the verdict history travels under "metz".
// An element that is not a problem is skipped with a warning at its line;
// a file that is not JSON at all is an error naming the line.
func readJSON(name string, data []byte) (Batch, error) {
	file, key := filepath.Base(name), fileKey(name)
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	b := Batch{Source: problems.Source{Key: key, Title: file}}
	elems, err := jsonElements(data)
	if err != nil {
		return Batch{}, fmt.Errorf("%s:%d: %v (expected a JSON array of problems, as metz export --format json writes)",
			file, lineAt(data, jsonErrOffset(err, data)), err)
	}
	for _, e := range elems {
		line := lineAt(data, e.offset)
		if isTruthElement(e.raw) {
			continue // the export's truth of the books: claims, not a problem
		}
		p := &problems.Problem{}
		if err := json.Unmarshal(e.raw, p); err != nil {
			b.Warnings = append(b.Warnings, problems.Warning{File: file, Line: line, Text: clipText(string(e.raw)),
				Expected: "a problem object (" + err.Error() + "); it is skipped"})
			continue
		}
		copied := strings.TrimSpace(p.Source) != ""
		b.Problems = append(b.Problems, jsonProblem(p, file, key, line, copied))
		if copied {
			b.markCopy(p, FormatJSON)
		}
	}
	return b, nil
}

// isTruthElement reports whether a JSON element is the truth of the books
// an export ends with: an object whose one key is export.TruthElement.
func isTruthElement(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || len(m) != 1 {
		return false
	}
	_, ok := m["truth_of_the_books"]
	return ok
}

// jsonProblem makes a decoded record one the database can store: a
// record of the file's own gets its source key, its place and no
// database id (the warnings of an earlier import go: a new import finds
// its own); a copy keeps what it says. Its rules, diagram and stipulation
// were read as it was decoded (problems.Problem.UnmarshalJSON: one that
// does not read is skipped with a warning at its line); its stated moves
// are replayed here.
func jsonProblem(p *problems.Problem, file, key string, line int, copied bool) *problems.Problem {
	p.ID = 0
	if !copied {
		p.Source, p.Location, p.Warnings = key, fmt.Sprintf("%s:%d", file, line), nil
	}
	warn := func(text, expected string) {
		p.Warnings = append(p.Warnings, problems.Warning{File: file, Line: line, Text: text, Expected: expected})
	}
	if p.Solution != nil && p.Position != nil {
		checkLine(*p.Position, p.Solution.Children, warn)
	}
	return p
}

// checkLine replays a stated tree: a move that is not legal where it
// stands (edited by hand, say) gets its issue and a warning, and the line
// is not followed past it (verify reports it as a misprint). A move the
// record already marks unresolved keeps its issue, already warned of.
func checkLine(q draughts.Position, ns []*problems.Node, warn func(text, expected string)) {
	for _, n := range ns {
		if n.Move == "" || n.Issue != "" {
			continue
		}
		m, err := draughts.ParseMove(q, n.Move)
		if err == nil && n.White != (q.Turn == draughts.White) {
			err = fmt.Errorf("given as %s's move but %s is to move", q.Turn.Opponent(), q.Turn)
		}
		if err != nil {
			n.Issue = err.Error()
			warn(n.Move, "a legal move for "+q.Turn.String()+": "+err.Error())
			continue
		}
		checkLine(q.Play(m), n.Children, warn)
	}
}

// jsonElement is one element of the top-level array and where it starts.
type jsonElement struct {
	raw    json.RawMessage
	offset int64
}

// jsonElements splits a JSON array into its elements (a lone object is an
// array of one), keeping each one's offset for the warnings.
func jsonElements(data []byte) ([]jsonElement, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	start := dec.InputOffset()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); ok && d == '{' {
		var raw json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, err
		}
		return []jsonElement{{raw: raw, offset: start}}, nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return nil, fmt.Errorf("found %v", tok)
	}
	var out []jsonElement
	for dec.More() {
		e := jsonElement{offset: skipSpace(data, dec.InputOffset())}
		if err := dec.Decode(&e.raw); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("more after the array's end")
	}
	return out, nil
}

// skipSpace moves an offset past the separators before an element.
func skipSpace(data []byte, off int64) int64 {
	for off < int64(len(data)) && bytes.IndexByte([]byte(" \t\r\n,"), data[off]) >= 0 {
		off++
	}
	return off
}

// jsonErrOffset is where a decoding error was found, or the end.
func jsonErrOffset(err error, data []byte) int64 {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Offset
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return te.Offset
	}
	return int64(len(data))
}

// lineAt is the line (from 1) of a byte offset.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// clipText shortens a skipped element for its warning.
func clipText(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
