// Package importer turns the sources metz knows into problems.Problem
// records: the bundled books (the Livre de Metz index and Van Tenac's
// problems), PDN files and transcriptions in the books' notation
// (problems/booknotation). It reads and resolves; storing is the db
// package's business. A bad record never stops a source: it becomes a
// warning and the import goes on.
package importer

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"metz/draughts"
	"metz/importer/vantenac"
	"metz/problems"
	"metz/problems/booknotation"
	"metz/sources"
	"metz/textenc"
)

// maxFile bounds what Reader reads, so that a wrong file cannot exhaust
// memory; 10,000 PDN problems take a few megabytes.
const maxFile = 256 << 20

// Bundled reads the sources shipped inside the program: the Livre de Metz
// (415 coups from the index of its first part), Van Tenac's seven
// problems, and Guiton's Trictrac treatise (no problem, its counts of
// chances checked).
func Bundled() ([]Batch, error) {
	var out []Batch
	for _, name := range []string{sources.LivreDeMetz, sources.VanTenac, sources.Trictrac} {
		data, err := sources.Read(name)
		if err != nil {
			return nil, fmt.Errorf("bundled source %s: %w", name, err)
		}
		b, err := read(name, data, Options{})
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// IsBundled reports whether key is the source key of a book shipped with
// metz: an edited copy of one changes it only when asked.
func IsBundled(key string) bool { return key == MetzKey || key == vantenac.Source.Key }

// StreamOf gives the records of a source already read (Bundled's).
func StreamOf(b Batch) *Stream { return batchStream(b, int64(len(b.Problems))) }

// Options tune how a file is read.
type Options struct {
	// Rules is the rule system of the PDN games that state none (no
	// GameType, Variant or MetzRules tag); nil infers it from each game.
	Rules *draughts.Rules
	// Key, if set, is the source key instead of the file's base name.
	Key string
}

// File reads one file, choosing the reader by its content (and extension).
func File(path string) (Batch, error) { return FileWith(path, Options{}) }

// FileWith is File with options: the file read whole (Open streams it).
func FileWith(path string, opt Options) (Batch, error) {
	s, err := Open(path, opt)
	if err != nil {
		return Batch{}, err
	}
	defer s.Close()
	return collect(s)
}

// Reader reads a source from r; name is the file name, used for the source
// key, in messages and to recognise the bundled books.
func Reader(name string, r io.Reader) (Batch, error) { return ReaderWith(name, r, Options{}) }

// ReaderWith is Reader with options.
func ReaderWith(name string, r io.Reader, opt Options) (Batch, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFile+1))
	if err != nil {
		return Batch{}, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxFile {
		return Batch{}, fmt.Errorf("%s: larger than %d MiB (expected a PDN file or a transcription)", name, maxFile>>20)
	}
	b, err := read(name, data, opt)
	if err == nil && opt.Key != "" {
		b.Source.Key = opt.Key
		for _, p := range b.Problems {
			p.Source = opt.Key
		}
	}
	return b, err
}

// Kinds of input.
const (
	kindPDN           = "pdn"
	kindTranscription = "transcription"
	kindMetz          = "livre-de-metz"
	kindVanTenac      = "vantenac"
	kindTrictrac      = "trictrac"
)

// read dispatches on the kind of input.
func read(name string, data []byte, opt Options) (Batch, error) {
	data, err := textenc.FromUTF16(data)
	if err != nil {
		return Batch{}, fmt.Errorf("%s: %w", name, err)
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))) == 0 {
		return Batch{}, fmt.Errorf("%s: empty file (expected a PDN file or a transcription such as \"Coup 125\" …)", name)
	}
	if at := binaryAt(data); at >= 0 {
		return Batch{}, fmt.Errorf("%s: not a text file (a control byte at offset %d; expected a PDN file or a transcription)", name, at)
	}
	// A text typed in Latin-1 (Windows-1252) reads as the text it holds;
	// the PDN reader decodes such lines itself, warning at the first.
	text, latin := textenc.LinesToUTF8(data)
	var b Batch
	kind := sniff(name, text)
	switch kind {
	case kindMetz:
		b, err = readMetz(name, text)
	case kindVanTenac:
		b, err = readVanTenac(name, text)
	case kindTrictrac:
		b, err = readTrictrac(name, text)
	case kindPDN:
		b, err = readPDN(name, data, opt)
		latin = 0
	case kindJSON:
		b, err = readJSON(name, text)
	case kindTranscription:
		b, err = readTranscription(name, text)
	default:
		if latin > 0 {
			return Batch{}, fmt.Errorf("%s: not UTF-8 text, nor Windows-1252 that reads as a source (expected a PDN file or a transcription such as \"Coup 125\" …)", name)
		}
		return Batch{}, fmt.Errorf("%s: not a source metz can read (expected PDN tag pairs like [FEN \"W:W31-50:B1-20\"] or moves like 1. 32-28, or a transcription starting with a header such as \"Coup 125\")", name)
	}
	if err != nil {
		return Batch{}, err
	}
	if latin > 0 {
		b.Warnings = append(b.Warnings, problems.Warning{File: filepath.Base(name), Line: latin,
			Text: "not UTF-8: this line and the others that are not were read as Windows-1252 (Latin-1)", Expected: "UTF-8 text"})
	}
	if kind != kindPDN { // the PDN reader warns of its own records' diagrams
		for _, p := range b.Problems {
			if f, copied := b.Copy(p); !copied || f != FormatJSON {
				diagramWarnings(p)
			}
		}
	}
	sum := sha256.Sum256(data)
	b.Source.File = filepath.Base(name)
	b.Source.Checksum = hex.EncodeToString(sum[:])
	return b, nil
}

// binaryAt returns the offset of the first byte no text file holds (NUL
// and the C0 controls other than tab, line and page breaks and escape),
// or -1. UTF-16 has been decoded before.
func binaryAt(data []byte) int {
	for i, c := range data {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b && c != 0x1a {
			return i
		}
	}
	return -1
}

// diagramWarnings warns, whatever the source, of a position no game
// reaches (a man on its own crowning row) and of one where a side has no
// piece (the game is over: nothing is left to solve, and a diagram read as
// empty is most often a FEN the source wrote wrongly). Either is kept as
// printed, for the solver may still be asked about it, but a reader should
// know.
func diagramWarnings(p *problems.Problem) {
	if p.Position == nil || p.Position.Equal(rulesStart(p.Position.Rules)) {
		return // the start position is a game's, and a game archive's every one
	}
	pos := *p.Position
	file, line := p.Place()
	wm, wk, bm, bk := pos.Material()
	for _, side := range []struct {
		name   string
		pieces int
	}{{"white", wm + wk}, {"black", bm + bk}} {
		if side.pieces == 0 {
			p.Warnings = append(p.Warnings, problems.Warning{File: file, Line: line, Text: "diagram: no " + side.name + " piece",
				Expected: "pieces of both sides (with none, the game is over before the first move)"})
		}
	}
	for _, w := range pos.Validate() {
		p.Warnings = append(p.Warnings, problems.Warning{File: file, Line: line, Text: "diagram: " + w,
			Expected: "a king there (a man reaching that row is crowned), or the man elsewhere"})
	}
}

// rulesStarts are the start positions, by rule system: a game
// archive's every record starts there.
var rulesStarts sync.Map

func rulesStart(r *draughts.Rules) draughts.Position {
	if q, ok := rulesStarts.Load(r); ok {
		return q.(draughts.Position)
	}
	q := draughts.Start(r)
	rulesStarts.Store(r, q)
	return q
}

var (
	pdnStartRE = regexp.MustCompile(`^\s*(\[\s*[A-Za-z]|\d+\s*\.|\{)`)
	vtRE       = regexp.MustCompile(`(?m)^[#\s]*\d+\.\s*—\s*PROBLÈME\s+I\b`)
)

// sniff tells what data is: the bundled books by name or by their marks,
// PDN by extension or by a tag pair or numbered move, a transcription by a
// record header before anything else.
func sniff(name string, data []byte) string {
	base := filepath.Base(name)
	switch {
	case base == sources.LivreDeMetz || isMetzText(data):
		return kindMetz
	case base == sources.VanTenac || vtRE.Match(data):
		return kindVanTenac
	case base == sources.Trictrac || isTrictracText(data):
		return kindTrictrac
	}
	first := firstLine(data)
	switch {
	case isJSON(name, data):
		return kindJSON
	case strings.EqualFold(filepath.Ext(name), ".pdn"):
		return kindPDN
	case isTranscriptionHeader(first):
		return kindTranscription
	case pdnStartRE.MatchString(first):
		return kindPDN
	}
	return ""
}

// isMetzText recognises the letter-spaced scan of the Livre de Metz by its
// chapter heading "DU COUP DE REPOS".
func isMetzText(data []byte) bool {
	return bytes.Contains(data, []byte("D U C O U P D E R E P O S")) && bytes.Contains(data, []byte("B L A N C S"))
}

// firstLine returns the first line that is not blank, a "#" or "%" comment.
func firstLine(data []byte) string {
	for _, l := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(strings.TrimPrefix(l, "\ufeff"))
		if t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "%") {
			return t
		}
	}
	return ""
}

func isTranscriptionHeader(line string) bool {
	_, _, err := booknotation.Parse(strings.NewReader(line), "")
	return err == nil && utf8.ValidString(line)
}

// fileKey is the source key of a file: its base name without extension.
func fileKey(name string) string {
	base := filepath.Base(name)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

func readVanTenac(name string, data []byte) (Batch, error) {
	ps, ws, err := vantenac.Parse(data, filepath.Base(name))
	if err != nil {
		return Batch{}, err
	}
	return Batch{Source: vantenac.Source, Problems: ps, Warnings: sourceWarnings(ws, ps)}, nil
}

// sourceWarnings keeps the warnings no record carries, so that a warning is
// stored once.
func sourceWarnings(all []problems.Warning, ps []*problems.Problem) []problems.Warning {
	held := map[problems.Warning]int{}
	for _, p := range ps {
		for _, w := range p.Warnings {
			held[w]++
		}
	}
	var out []problems.Warning
	for _, w := range all {
		if held[w] > 0 {
			held[w]--
			continue
		}
		out = append(out, w)
	}
	return out
}

// readTranscription reads a file in the transcription format. Its records
// belong to the file's source; a record that names a book keeps a
// reference to that book's record of the same number. A record under a
// heading of metz's book export ("vantenac n° 76 — Problème VI") is a copy
// of that source's record (Record.Copy), which the import compares with
// the stored record.
func readTranscription(name string, data []byte) (Batch, error) {
	key := fileKey(name)
	ps, ws, err := booknotation.Parse(bytes.NewReader(data), filepath.Base(name))
	if err != nil {
		return Batch{}, err
	}
	b := Batch{Source: problems.Source{Key: key, Title: filepath.Base(name)}, Problems: ps,
		Warnings: sourceWarnings(ws, ps)}
	lines := strings.Split(string(data), "\n")
	for _, p := range ps {
		_, at := p.Place()
		if at >= 1 && at <= len(lines) {
			if src, num, label, ok := booknotation.ExportHeading(lines[at-1]); ok {
				p.Source, p.Number, p.Label = src, num, label
				b.markCopy(p, FormatBook)
				continue
			}
		}
		if p.Source != "" && p.Source != key {
			p.Refs = append(p.Refs, problems.Ref{Source: p.Source, Number: p.Number, Kind: "transcription-of",
				Note: "this record transcribes the book's own"})
		}
		p.Source = key
	}
	return b, nil
}
