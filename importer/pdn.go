package importer

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
)

// readPDN reads every game of a PDN file as a problem. A game with a
// syntax error is dropped with a warning naming its place and the reading
// goes on at the next game, so that one damaged game does not lose a
// collection; it keeps its rank, so the games after it keep their numbers.
// Only a file with no readable game at all is an error.
func readPDN(name string, data []byte) (Batch, error) {
	file := filepath.Base(name)
	key := fileKey(name)
	b := Batch{Source: problems.Source{Key: key, Title: file}}
	rd := pdn.NewReader(bytes.NewReader(data), file)
	var firstErr error
	for index := 0; ; index++ {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		var se *pdn.SyntaxError
		if errors.As(err, &se) {
			firstErr = cmp.Or(firstErr, err)
			b.Warnings = append(b.Warnings, problems.Warning{File: file, Line: se.Line,
				Text: fmt.Sprintf("found %s; the game is not read (reading goes on at the next game)", se.Found), Expected: se.Expected})
			continue
		}
		if err != nil {
			return Batch{}, fmt.Errorf("%s: %w", file, err)
		}
		p := FromPDN(g, file, index)
		p.Source = key
		b.Problems = append(b.Problems, p)
	}
	for _, w := range rd.Warnings() {
		b.Warnings = append(b.Warnings, problems.Warning{File: w.File, Line: w.Line, Text: w.Text, Expected: w.Expected})
	}
	slices.SortStableFunc(b.Warnings, func(x, y problems.Warning) int { return x.Line - y.Line })
	if len(b.Problems) == 0 && firstErr != nil {
		return Batch{}, fmt.Errorf("%s: no game could be read: %w", file, firstErr)
	}
	return b, nil
}

// FromPDN maps one PDN game to a problem: the rule system from GameType,
// the position from FEN (the start position without one), Event as title,
// Number (or the game's rank in the file, from 1) as number, the moves as a
// solution tree with variations as alternatives, every move resolved on the
// board, comments kept. The stipulation comes from a Stipulation tag, else
// "draw" when the White or Black tag says so or the Event or a game comment
// states it ("White to play and draw", "jouent et font remise"), else "win".
func FromPDN(g *pdn.Game, file string, index int) *problems.Problem {
	p := &problems.Problem{Number: index + 1, Stipulation: problems.StipWin, Location: fmt.Sprintf("%s:%d", file, g.Line)}
	warn := func(line int, text, expected string) {
		p.Warnings = append(p.Warnings, problems.Warning{File: file, Line: line, Text: text, Expected: expected})
	}
	r := pdnRules(g, func(t, e string) { warn(g.Line, t, e) })
	p.Rules = r.Name
	pdnTags(p, g, func(t, e string) { warn(g.Line, t, e) })
	start := draughts.Start(r)
	if fen, ok := g.Tag("FEN"); ok && strings.TrimSpace(fen) != "" {
		pos, err := draughts.ParseFEN(r, fen)
		if err != nil {
			warn(g.Line, "[FEN \""+fen+"\"]", "a FEN for "+r.Name+": "+err.Error())
			p.Solution = &problems.Tree{Children: pdnLine(g.Root.Next, nil, true, "not replayed: the FEN tag cannot be read", r, file, &p.Warnings)}
			p.SolutionText = movetext(g)
			return p
		}
		start = pos
	}
	p.FEN = start.FEN()
	p.Solution = &problems.Tree{Start: p.FEN, Children: pdnLine(g.Root.Next, &start, true, "", r, file, &p.Warnings)}
	p.SolutionText = movetext(g)
	var comments []string
	if c := commentText(g.Comments, "\n"); c != "" {
		comments = append(comments, c)
	}
	if g.Result != "" && g.Result != "*" {
		comments = append(comments, "Result: "+g.Result)
	}
	p.Commentary = strings.Join(comments, "\n")
	return p
}

// Tags that metz's own PDN export writes beside the standard ones (package
// export adds them) and that its import reads back: GameType 20 is shared
// by international, Manoury's rule and qui perd gagne, so the rule system
// travels by name.
const (
	TagRules  = "MetzRules"
	TagLabel  = "MetzLabel"
	TagThemes = "Themes" // the file's themes, comma-separated
)

// gameTypeLidraughts is the GameType lidraughts writes for antidraughts,
// qui perd gagne on the international board (not in the PDN standard).
const gameTypeLidraughts = 98

// pdnRules reads the rule system: metz's own MetzRules tag, else a Variant
// tag naming one (lidraughts writes "Antidraughts", "Russian", …), else
// GameType ("20" or "20,W,10,10,N2,0"), else international.
func pdnRules(g *pdn.Game, warn func(text, expected string)) *draughts.Rules {
	gt, hasGT := g.Tag("GameType")
	byType, typeOK := gameTypeRules(gt)
	if r, tag := namedRules(g, warn); r != nil {
		if typeOK && byType.Geo != r.Geo {
			warn(tag, fmt.Sprintf("rules on the board of [GameType %q] (%s); read as %s", gt, byType.Name, r.Name))
		}
		return r
	}
	switch {
	case !hasGT:
		return draughts.International
	case !typeOK:
		warn("[GameType \""+gt+"\"]", "a GameType metz plays (20 international, 21 English checkers, 22 Italian, 24 Spanish, 25 Russian, 26 Brazilian, 27 Canadian, 30 Turkish, 98 antidraughts); read as international")
		return draughts.International
	}
	return byType
}

// namedRules is the rule system a MetzRules or Variant tag names ("Standard"
// names none: GameType says which) and the tag as written, nil if none; a
// name metz does not play is warned of.
func namedRules(g *pdn.Game, warn func(text, expected string)) (*draughts.Rules, string) {
	for _, tag := range []string{TagRules, "Variant"} {
		v, ok := g.Tag(tag)
		if !ok || strings.TrimSpace(v) == "" || strings.EqualFold(strings.TrimSpace(v), "standard") {
			continue
		}
		written := "[" + tag + " \"" + v + "\"]"
		if r, err := draughts.RulesByName(v); err == nil {
			return r, written
		}
		warn(written, "a rule system metz plays ("+strings.Join(draughts.RuleNames(), ", ")+"); GameType is read instead")
	}
	return nil, ""
}

// firstTag is the first of the named tags that says something ("?" is
// PDN's unknown), trimmed; "" if none does.
func firstTag(g *pdn.Game, names ...string) string {
	for _, n := range names {
		if v, ok := g.Tag(n); ok && strings.TrimSpace(v) != "" && strings.TrimSpace(v) != "?" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// gameTypeRules maps a GameType tag's value to a rule system.
func gameTypeRules(gt string) (*draughts.Rules, bool) {
	first, _, _ := strings.Cut(gt, ",")
	n, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil {
		return nil, false
	}
	if n == gameTypeLidraughts {
		return draughts.QuiPerdGagne, true
	}
	return draughts.RulesByGameType(n)
}

// pdnTags reads the descriptive tags.
func pdnTags(p *problems.Problem, g *pdn.Game, warn func(text, expected string)) {
	if v, ok := g.Tag("Event"); ok && v != "?" {
		p.Title = v
	}
	if v, ok := g.Tag("Source"); ok && v != "?" {
		p.Label = v
	}
	if v, ok := g.Tag(TagLabel); ok && strings.TrimSpace(v) != "" {
		p.Label = v // metz's own export: the record's label as it was
	}
	p.Author = firstTag(g, "Author", "Composer")
	if v := firstTag(g, "Date"); strings.Trim(v, "?.") != "" {
		p.Date = v // "1868.??.??" says the year; "????.??.??" says nothing
	}
	if v, ok := g.Tag(TagThemes); ok {
		p.Themes = append(p.Themes, pdnThemes(v)...)
	}
	if v, ok := g.Tag("Number"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > 0 {
			p.Number = n
		} else {
			warn("[Number \""+v+"\"]", "a positive whole number; the game's rank in the file is used")
		}
	}
	if v, ok := g.Tag("Stipulation"); ok {
		p.Stipulation = stipulation(v)
		if strings.Contains(v, "/") && !strings.Contains(p.Stipulation, "/") {
			warn("[Stipulation \""+v+"\"]", "a bound in plies after the slash, a whole number ≥ 1 (gain:2/15); a draw takes none. The goal is read without it")
		}
		return
	}
	for _, t := range []string{"White", "Black"} {
		if v, ok := g.Tag(t); ok && strings.Contains(strings.ToLower(v), "draw") {
			p.Stipulation = problems.StipDraw
		}
	}
	// A collection often states the goal in its title or its first
	// comment: "White to play and draw", "Les Blancs jouent et font remise".
	texts := append([]string{}, g.Comments...)
	if v, ok := g.Tag("Event"); ok {
		texts = append(texts, v)
	}
	for _, t := range texts {
		if drawStated.MatchString(t) {
			p.Stipulation = problems.StipDraw
		}
	}
}

// drawStated matches a stated drawing goal, in English or French.
var drawStated = regexp.MustCompile(`(?i)\b(play|plays|move|moves|jouent|joue|jouant)\s+(and|et)\s+(draw|draws|make\s+a\s+draw|font\s+(la\s+)?remise|fait\s+(la\s+)?remise|annulent|annule|font\s+nulle|fait\s+nulle)\b`)

// pdnThemes reads a Themes tag: names separated by commas or semicolons,
// in words or as keys ("coup de repos, lunette"), the file's own themes.
func pdnThemes(v string) []problems.Theme {
	var out []problems.Theme
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' }) {
		name := problems.ThemeKey(f)
		if name == "" || seen[name] || strings.ContainsAny(name, `"()`) {
			continue
		}
		seen[name] = true
		out = append(out, problems.Theme{Name: name, Label: strings.TrimSpace(f), Origin: problems.OriginBook})
	}
	return out
}

// stipulation reads a Stipulation tag: win, draw, promote or gain:N in
// words or keys, optionally bounded by "/P" plies ("gain:2/15",
// "promote/9"), the bound kept with the goal (a draw takes none).
func stipulation(v string) string {
	f, bound, bounded := strings.Cut(strings.ToLower(strings.TrimSpace(v)), "/")
	s := stipulationKind(strings.TrimSpace(f))
	if n, err := strconv.Atoi(strings.TrimSpace(bound)); bounded && err == nil && n > 0 && s != problems.StipDraw {
		s += "/" + strconv.Itoa(n)
	}
	return s
}

func stipulationKind(f string) string {
	switch {
	case strings.Contains(f, "draw") || strings.Contains(f, "remise") || f == "=":
		return problems.StipDraw
	case strings.HasPrefix(f, "gain:"):
		return f
	case strings.Contains(f, "promot") || strings.Contains(f, "dame"):
		return problems.StipPromote
	}
	return problems.StipWin
}

// pdnLine converts the line starting at n and the variations of its first
// move (the alternatives at this ply), resolving each move from pos; pos is
// nil when the position is unknown or the line broke before, why says which.
// white is the side to play at this ply when pos is nil and the move has no
// number of its own: the plies after a broken move still alternate.
func pdnLine(n *pdn.Node, pos *draughts.Position, white bool, why string, r *draughts.Rules, file string, warns *[]problems.Warning) []*problems.Node {
	if n == nil {
		return nil
	}
	alts := append([]*pdn.Node{n}, n.Variations...)
	var out []*problems.Node
	for _, a := range alts {
		if a == nil {
			continue
		}
		node := &problems.Node{Text: a.Move, Line: a.Line, Comment: commentText(append(append([]string{}, a.CommentsBefore...), a.Comments...), " ")}
		node.Mark = strings.Join(nagMarks(a.NAGs), " ")
		var next *draughts.Position
		nextWhy := why
		if pos != nil {
			node.White = pos.Turn == draughts.White
			m, err := draughts.ParseMove(*pos, a.Move)
			if err != nil {
				node.Issue = err.Error()
				nextWhy = fmt.Sprintf("not replayed: it follows the unresolved move on line %d", a.Line)
				*warns = append(*warns, problems.Warning{File: file, Line: a.Line, Text: a.Move,
					Expected: "a legal move for " + strings.ToLower(pos.Turn.String()) + ": " + err.Error()})
			} else {
				node.Move = r.FormatMove(m, true)
				p := pos.Play(m)
				next = &p
			}
		} else {
			node.White = white
			if a.MoveNumber > 0 || a.BlackToMove {
				// "12." is the opening side's move (Black's in English
				// checkers), "12..." the other's.
				node.White = !a.BlackToMove == (r.FirstMover == draughts.White)
			}
			node.Issue = why
		}
		node.Children = pdnLine(a.Next, next, !node.White, nextWhy, r, file, warns)
		out = append(out, node)
	}
	return out
}

// pdnCommand matches the commands programs embed in PDN comments
// ("[%clock w0:05:00 B0:05:00]", "[%eval 0.3]", "[%cal Gc3d4]"): data for
// them, not words for a reader.
var pdnCommand = regexp.MustCompile(`[ \t]*\[%[^\]]*\][ \t]*`)

// commentText joins comments with sep, without their embedded commands
// (a comment that held only commands is dropped).
func commentText(cs []string, sep string) string {
	var out []string
	for _, c := range cs {
		if pdnCommand.MatchString(c) {
			c = strings.TrimSpace(pdnCommand.ReplaceAllString(c, " "))
			if c == "" {
				continue
			}
		}
		out = append(out, c)
	}
	return strings.Join(out, sep)
}

// nagSymbols are the move strengths PDN numbers as NAGs ($1 is "!"): the
// marks the books and the writers print.
var nagSymbols = map[string]string{"$1": "!", "$2": "?", "$3": "!!", "$4": "??", "$5": "!?", "$6": "?!"}

// nagMarks writes a move's NAGs as marks, the move strengths as their
// symbols, the others as written.
func nagMarks(nags []string) []string {
	out := make([]string, len(nags))
	for i, n := range nags {
		if sym, ok := nagSymbols[n]; ok {
			n = sym
		}
		out[i] = n
	}
	return out
}

// movetext writes the moves of a game as PDN, without its tags.
func movetext(g *pdn.Game) string {
	if g.Root == nil || g.Root.Next == nil {
		return "" // a result alone ("*") is no solution, and comments are the commentary
	}
	var b bytes.Buffer
	cp := *g
	cp.Tags = nil
	if err := pdn.Write(&b, []*pdn.Game{&cp}); err != nil {
		return ""
	}
	return strings.TrimSpace(b.String())
}

// ToPDN writes a problem as a PDN game: Event (title or label), Number,
// GameType, SetUp and FEN when the position is known, the solution with its
// alternatives as variations, move numbers, marks that are PDN move
// strengths as NAGs and the others ("gagne", "ou non") as comments.
func ToPDN(p *problems.Problem) *pdn.Game {
	r, err := draughts.RulesByName(p.Rules)
	if err != nil {
		r = draughts.International
	}
	g := &pdn.Game{Root: &pdn.Node{}, Result: "*"}
	tag := func(n, v string) { g.Tags = append(g.Tags, pdn.Tag{Name: n, Value: v}) }
	title := p.Title
	if title == "" {
		title = p.Label
	}
	if title != "" {
		tag("Event", title)
	}
	if p.Source != "" {
		tag("Source", p.Source)
	}
	if p.Number > 0 {
		tag("Number", strconv.Itoa(p.Number))
	}
	if p.Author != "" {
		tag("Author", p.Author)
	}
	if p.Date != "" {
		tag("Date", p.Date)
	}
	tag("GameType", strconv.Itoa(r.GameType))
	if p.Stipulation != "" {
		tag("Stipulation", p.Stipulation)
	}
	// Plies count from the opening side's first move (Black's in English
	// checkers): its moves are numbered "N.", the other side's "N...".
	offset := 0
	if p.FEN != "" {
		tag("SetUp", "1")
		tag("FEN", p.FEN)
		if black := strings.HasPrefix(strings.ToUpper(strings.TrimSpace(p.FEN)), "B"); black != (r.FirstMover == draughts.Black) {
			offset = 1
		}
	}
	tag("Result", "*")
	if p.Commentary != "" {
		g.Comments = []string{p.Commentary}
	}
	if p.Solution != nil {
		g.Root.Next = toPDNLine(p.Solution.Children, 1+offset, true)
	}
	return g
}

// toPDNLine converts the alternatives at one ply; halfmove counts plies from
// 1 (the opening side's first move), first says a move number is due even
// for the other side.
func toPDNLine(alts []*problems.Node, halfmove int, first bool) *pdn.Node {
	if len(alts) == 0 {
		return nil
	}
	var head *pdn.Node
	for i, a := range alts {
		n := pdnNode(a, halfmove, first || i > 0)
		n.Next = toPDNLine(a.Children, halfmove+1, false)
		if i == 0 {
			head = n
		} else {
			head.Variations = append(head.Variations, n)
		}
	}
	return head
}

// pdnNode writes one move; the resolved move when there is one, else the
// text as printed.
func pdnNode(a *problems.Node, halfmove int, numbered bool) *pdn.Node {
	n := &pdn.Node{Move: a.Move}
	if n.Move == "" {
		n.Move = strings.Join(strings.Fields(a.Text), "")
	}
	opening := halfmove%2 == 1
	if opening || numbered {
		n.MoveNumber = (halfmove + 1) / 2
		n.BlackToMove = !opening // the writer's "N..."
	}
	for _, mk := range strings.Split(a.Mark, ", ") {
		switch {
		case mk == "":
		case strings.Trim(mk, "!?") == "" || mk == "*":
			n.NAGs = append(n.NAGs, mk)
		default:
			n.Comments = append(n.Comments, mk)
		}
	}
	if a.Comment != "" {
		n.Comments = append(n.Comments, a.Comment)
	}
	return n
}
