package app

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"

	"metz/db"
	"metz/draughts"
	"metz/importer"
	"metz/problems"
	"metz/problems/booknotation"
)

// Draft is a problem set up by hand (the web editor): a position, the
// stated solution typed as printed, and where it belongs. Saving it
// writes a transcription (problems/booknotation/FORMAT.md) and imports
// it, so that a draft is stored exactly as `metz import FILE` would store
// the same text.
type Draft struct {
	Source      string `json:"source"` // the transcription's source key ("web" if empty)
	Number      int    `json:"number"`
	Title       string `json:"title,omitempty"`
	Book        string `json:"book,omitempty"` // the book's record it transcribes: "metz", "vantenac" or ""
	Rules       string `json:"rules"`
	FEN         string `json:"fen"`
	Stipulation string `json:"stipulation,omitempty"` // win, draw, promote, gain:N
	Solution    string `json:"solution,omitempty"`    // book columns (28 à 23 …) or PDN (1. 28-23 19x28)
}

// Checked is a typed solution read on its position: the tree, each move
// resolved or carrying its issue, and the warnings the import would give.
type Checked struct {
	Tree     *problems.Tree     `json:"tree"`
	Warnings []problems.Warning `json:"warnings"`
}

// pdnMoveNumber is a PDN move number ("1.", "12..."): a line with one
// is PDN, not the book's columns.
var pdnMoveNumber = regexp.MustCompile(`(^|\s)\d+\.`)

// CheckSolution reads a solution typed as the book prints it (columns of
// "28 à 23", "si", "ou non", "gagne") or as PDN, move by move on the
// position, with the import's own messages.
func CheckSolution(rulesName, fen, text string) (Checked, error) {
	r, pos, err := draftPosition(rulesName, fen)
	if err != nil {
		return Checked{}, err
	}
	t, ws := booknotation.ParseExecution(executionLines(text, pos.Turn), r, pos.FEN())
	if ws == nil {
		ws = []problems.Warning{}
	}
	return Checked{Tree: t, Warnings: ws}, nil
}

// executionLines are the rows of the book's columns the text stands for:
// itself, or a PDN line's moves paired into rows (a first black move on
// a row of its own, "... 19-23").
func executionLines(text string, turn draughts.Color) []string {
	if !pdnMoveNumber.MatchString(text) {
		return strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	}
	moves := SolutionMoves(text)
	var rows []string
	if turn == draughts.Black && len(moves) > 0 {
		rows, moves = append(rows, "... "+moves[0]), moves[1:]
	}
	for i := 0; i < len(moves); i += 2 {
		rows = append(rows, strings.Join(moves[i:min(i+2, len(moves))], "   "))
	}
	return rows
}

// draftPosition reads a draft's rules and position; an empty board is
// refused, as solve and verify refuse it.
func draftPosition(rulesName, fen string) (*draughts.Rules, draughts.Position, error) {
	pos, err := ParsePosition(cmp.Or(rulesName, draughts.International.Name), fen)
	if err == nil {
		err = NotEmpty(pos, fen)
	}
	if err != nil {
		return nil, draughts.Position{}, err
	}
	return pos.Rules, pos, nil
}

// Transcription is the draft as a transcription record.
func (dr Draft) Transcription() (string, error) {
	r, pos, err := draftPosition(dr.Rules, dr.FEN)
	if err != nil {
		return "", err
	}
	if dr.Number < 1 {
		return "", fmt.Errorf("number %d: expected 1 or more", dr.Number)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Coup %d", dr.Number)
	if t := oneLine(dr.Title); t != "" {
		fmt.Fprintf(&b, " — %s", t)
	}
	b.WriteString("\n")
	switch dr.Book {
	case "":
	case "metz":
		b.WriteString("Source : Livre de Metz\n")
	case "vantenac":
		b.WriteString("Source : Van Tenac\n")
	default:
		return "", fmt.Errorf("book %q: expected metz, vantenac or none", dr.Book)
	}
	fmt.Fprintf(&b, "Règles : %s\n", r.Name)
	stip, err := problems.ParseStipulation(dr.Stipulation)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "But : %s\n", stipWord(stip))
	fmt.Fprintf(&b, "Trait : %s\n", map[draughts.Color]string{draughts.White: "Blancs", draughts.Black: "Noirs"}[pos.Turn])
	fmt.Fprintf(&b, "Noirs : %s\nBlancs : %s\n\n", squareList(pos, draughts.Black), squareList(pos, draughts.White))
	for _, l := range executionLines(dr.Solution, pos.Turn) {
		if l = strings.TrimRight(l, " \t"); l != "" && !strings.HasPrefix(strings.TrimSpace(l), "#") {
			b.WriteString(l + "\n")
		}
	}
	return b.String(), nil
}

// stipWord is a stipulation in the transcription's words.
func stipWord(s problems.Stipulation) string {
	switch s {
	case problems.StipWin:
		return "gagne"
	case problems.StipDraw:
		return "remise"
	case problems.StipPromote:
		return "dame"
	}
	return s.String()
}

// squareList is one side's pieces as the books list them, kings as D4.
func squareList(pos draughts.Position, c draughts.Color) string {
	var out []string
	for s, pc := range pos.Board {
		if !pc.Belongs(c) {
			continue
		}
		name := pos.Rules.SquareName(s)
		if pc.IsKing() {
			name = "D" + name
		}
		out = append(out, name)
	}
	if len(out) == 0 {
		return "aucune pièce"
	}
	return strings.Join(out, ", ")
}

// draftKey is a source key a draft may be saved under.
var draftKey = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,39}$`)

// draftSource refuses a key that is not plain, or that names a source
// imported from elsewhere (a book, a PDN file): saving a draft there would
// replace that source's description and warnings.
func draftSource(d *db.DB, key string) error {
	if !draftKey.MatchString(key) {
		return fmt.Errorf("source %q: expected a plain key such as web or mybook (lower-case letters, digits, - and _)", key)
	}
	srcs, err := d.Sources()
	if err != nil {
		return err
	}
	for _, s := range srcs {
		if s.Key == key && s.Title != key+".metz" {
			return fmt.Errorf("source %q holds %s; save drafts under another key (web by default): a draft's record refers to the book's", key, s.Title)
		}
	}
	return nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// SaveDraft stores a draft as `metz import` stores a transcription: a
// record already there (same source, number and label) is updated in
// place and keeps its notes, tags and verdict history, whose verdicts
// then belong to its earlier version; the others of the source are kept.
func SaveDraft(d *db.DB, dr Draft) (db.ImportStats, error) {
	text, err := dr.Transcription()
	if err != nil {
		return db.ImportStats{}, err
	}
	key := cmp.Or(dr.Source, "web")
	if err := draftSource(d, key); err != nil {
		return db.ImportStats{}, err
	}
	b, err := importer.Reader(key+".metz", strings.NewReader(text))
	if err != nil {
		return db.ImportStats{}, err
	}
	if err := sameDraft(dr, b.Problems); err != nil {
		return db.ImportStats{}, err
	}
	st, err := d.ImportBatch(b.Source, b.Problems, b.Warnings)
	if err == nil {
		_, err = IndexSimilar(d, b.Source.Key, nil) // the anticipation index (app/similar.go)
	}
	return st, err
}

// sameDraft checks that the transcription read back is the draft: a line
// of the solution that the format reads as a header ("Coup 5") or a field
// ("Blancs : 28") would otherwise add a record or change this one.
func sameDraft(dr Draft, ps []*problems.Problem) error {
	_, pos, err := draftPosition(dr.Rules, dr.FEN)
	if err != nil {
		return err
	}
	if len(ps) != 1 || ps[0].Number != dr.Number || ps[0].Position == nil || !ps[0].Position.Equal(pos) {
		return fmt.Errorf("the solution holds a line the transcription format reads as a record's header or field (Coup N, Blancs :, Règles : …): expected moves only")
	}
	return nil
}
