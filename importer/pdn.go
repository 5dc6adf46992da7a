package importer

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
	"metz/problems/pdngame"
)

// readPDN reads every game of a PDN file held in memory (see pdnStream).
func readPDN(name string, data []byte, opt Options) (Batch, error) {
	return collect(pdnBytes(name, data, opt))
}

// FromPDN maps one PDN game to a problem: the rule system from GameType,
// the position from FEN (the start position without one), Event as title,
// Number (or the game's rank in the file, from 1) as number, the moves as a
// solution tree with variations as alternatives, every move resolved on the
// board, comments kept. The stipulation comes from a Stipulation tag, else
// "draw" when the White or Black tag says so or the Event or a game comment
// states it ("White to play and draw", "jouent et font remise") or the
// Result is drawn, "loss" when a position's Result names the side not to
// move as the winner, else "win".
func FromPDN(g *pdn.Game, file string, index int) *problems.Problem {
	return fromPDN(g, file, index, nil, nil)
}

// fromPDN is FromPDN with the rule system of games that state none
// (import --rules); nil infers it from the game (inferRules), taking
// prefer among several systems under which it replays.
func fromPDN(g *pdn.Game, file string, index int, given, prefer *draughts.Rules) *problems.Problem {
	p := &problems.Problem{Number: index + 1, Stipulation: problems.StipWin, Location: fmt.Sprintf("%s:%d", file, g.Line)}
	warn := func(line int, text, expected string) {
		p.Warnings = append(p.Warnings, problems.Warning{File: file, Line: line, Text: text, Expected: expected})
	}
	gameWarn := func(t, e string) { warn(g.Line, t, e) }
	r, unplayed := pdnRules(g, gameWarn)
	pdnTags(p, g, gameWarn)
	resultStipulation(p, g)
	p.Commentary = commentText(g.Comments, "\n")
	p.SolutionText = movetext(g)
	notReplayed := func(why string, r *draughts.Rules) *problems.Problem {
		p.Solution = &problems.Tree{Children: pdnLine(g.Root.Next, nil, true, "not replayed: "+why, r, file, &p.Warnings)}
		return p
	}
	switch {
	case unplayed != "":
		// Kept as read, never played on another variant's board.
		p.Rules = draughts.International
		return notReplayed(unplayed, draughts.International)
	case r == nil && given != nil:
		r = given
	case r == nil:
		inf := inferRules(g, prefer)
		r = inf.rules
		if inf.note != "" {
			gameWarn(inf.note, "a GameType tag naming the rules (or import --rules)")
		}
	}
	p.Rules = r
	if v, _ := g.Tag(pdngame.TagDiagram); strings.EqualFold(strings.TrimSpace(v), pdngame.DiagramNone) {
		return notReplayed("the record has no diagram", r)
	}
	g = numberSquares(g, r)
	start := draughts.Start(r)
	if fen, ok := g.Tag("FEN"); ok && strings.TrimSpace(fen) != "" {
		pos, note, err := startPosition(g, r)
		if err != nil {
			warn(g.Line, "[FEN \""+fen+"\"]", "a FEN for "+r.Name+": "+err.Error())
			return notReplayed("the FEN tag cannot be read", r)
		}
		if note != "" {
			gameWarn(note, "W or B")
		}
		start = pos
	}
	p.Position = &start
	resultLoss(p, g, start)
	p.Solution = &problems.Tree{Start: &start, Children: pdnLine(g.Root.Next, &start, true, "", r, file, &p.Warnings)}
	return p
}

// pdnRules reads the rule system: metz's own MetzRules tag, else a Variant
// tag naming one (lidraughts writes "Antidraughts", "Russian", …), else
// GameType ("20" or "20,W,10,10,N2,0"). It is nil when the game states
// none; unplayed says why the game cannot be played when its GameType is
// a variant metz does not play.
func pdnRules(g *pdn.Game, warn func(text, expected string)) (r *draughts.Rules, unplayed string) {
	gt, hasGT := g.Tag("GameType")
	byType, typeOK := gameTypeRules(gt)
	if r, tag := namedRules(g, warn); r != nil {
		if typeOK && byType.Geo != r.Geo {
			warn(tag, fmt.Sprintf("rules on the board of [GameType %q] (%s); read as %s", gt, byType.Name, r.Name))
		}
		return r, ""
	}
	switch {
	case (!hasGT || !typeOK) && unplayedVariant(g) != "":
		why := unplayedVariant(g)
		warn(why+"; the game is kept as written, its moves not replayed", "a Variant metz plays ("+strings.Join(draughts.RuleNames(), ", ")+")")
		return nil, why
	case !hasGT || strings.TrimSpace(gt) == "":
		return nil, ""
	case !typeOK:
		why := unplayedGameType(gt)
		warn(why+"; the game is kept as written, its moves not replayed", "a GameType metz plays (20 international, 21 English checkers, 22 Italian, 23 American pool checkers, 24 Spanish, 25 Russian, 26 Brazilian, 27 Canadian, 28 Portuguese (Spanish rules), 29 Czech, 30 Turkish, 31 Thai, 40 Frisian; lidraughts' 97 Frysk!, 98 antidraughts, 99 from a position)")
		return nil, why
	}
	return byType, ""
}

// namedRules is the rule system a MetzRules or Variant tag names ("Standard"
// names none: GameType says which) and the tag as written, nil if none; a
// name metz does not play is warned of.
func namedRules(g *pdn.Game, warn func(text, expected string)) (*draughts.Rules, string) {
	for _, tag := range []string{pdngame.TagRules, "Variant"} {
		v, ok := g.Tag(tag)
		if !ok || strings.TrimSpace(v) == "" || strings.EqualFold(strings.TrimSpace(v), "standard") {
			continue
		}
		written := "[" + tag + " \"" + v + "\"]"
		if r, err := draughts.RulesByName(v); err == nil {
			return r, written
		}
		if _, known := variantNames[strings.ToLower(strings.TrimSpace(v))]; known {
			continue // named as a variant metz does not play (pdnRules)
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
	if r, ok := lidraughtsGameTypes[n]; ok {
		return r, true
	}
	return draughts.RulesByGameType(n)
}

// pdnTags reads the descriptive tags. A tag read into a field is one the
// writer (pdngame) writes back from that field; every other tag is kept in
// Tags as the file wrote it, so that an export gives it back.
func pdnTags(p *problems.Problem, g *pdn.Game, warn func(text, expected string)) {
	used := make([]bool, len(g.Tags))
	get := g.Tag
	use := func(name string) {
		for i, t := range g.Tags {
			if strings.EqualFold(t.Name, name) {
				used[i] = true
				return
			}
		}
	}
	for _, n := range []string{"GameType", "SetUp", "FEN", pdngame.TagRules, pdngame.TagSource, pdngame.TagDiagram,
		pdngame.TagVerdict, pdngame.TagRecord} {
		use(n)
	}
	if v, ok := get("Event"); ok && v != "?" {
		p.Title = v
		use("Event")
	}
	_, exported := get(pdngame.TagSource)
	if v, ok := get("Source"); ok && v != "?" {
		if !exported {
			p.Label = v
		}
		use("Source") // metz's own export writes the source key there
	}
	if exported {
		// metz's own export: the record's label, as it was, is MetzLabel
		// (absent when empty).
		p.Label, _ = get(pdngame.TagLabel)
		use(pdngame.TagLabel)
	} else if v, ok := get(pdngame.TagLabel); ok && strings.TrimSpace(v) != "" {
		p.Label = v
		use(pdngame.TagLabel)
	}
	if v, ok := get(pdngame.TagClass); ok {
		p.Class = v
		use(pdngame.TagClass)
	}
	for _, n := range []string{"Author", "Composer"} {
		if v := firstTag(g, n); v != "" {
			p.Author = v
			use(n)
			break
		}
	}
	if v := firstTag(g, "Date"); strings.Trim(v, "?.") != "" {
		p.Date = v // "1868.??.??" says the year; "????.??.??" says nothing
		use("Date")
	}
	if v, ok := get("Result"); ok {
		if v = strings.TrimSpace(v); v != "*" {
			p.Result = v
		}
		use("Result")
	}
	if p.Result == "" && g.Result != "*" {
		p.Result = g.Result
	}
	if v, ok := get(pdngame.TagThemes); ok {
		p.Themes = append(p.Themes, pdnThemes(v, problems.OriginBook)...)
		use(pdngame.TagThemes)
	}
	if v, ok := get(pdngame.TagUserTags); ok {
		for _, t := range pdnThemes(v, problems.OriginUser) {
			if p.Carried == nil {
				p.Carried = &problems.Carried{}
			}
			p.Carried.Themes = append(p.Carried.Themes, problems.CarriedTheme{Theme: problems.Theme{Name: t.Name, Origin: t.Origin}})
		}
		use(pdngame.TagUserTags)
	}
	for _, tag := range []string{pdngame.TagNumber, "Number"} {
		v, ok := get(tag)
		if !ok {
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > 0 {
			p.Number = n
			use(tag)
			if tag == pdngame.TagNumber {
				use("Number") // the export writes both
			}
			break // MetzNumber, metz's own, before the file's Number
		}
		warn("["+tag+" \""+v+"\"]", "a positive whole number; the game's rank in the file is used")
	}
	if v, ok := get("Stipulation"); ok {
		use("Stipulation")
		p.Stipulation = stipulation(v)
		if f := strings.ToLower(strings.TrimSpace(v)); strings.HasPrefix(f, "gain:") && p.Stipulation.Kind != problems.GoalGain {
			warn("[Stipulation \""+v+"\"]", "gain:N with N a whole number ≥ 1, like gain:2; the goal is read as a win")
		}
		if strings.Contains(v, "/") && p.Stipulation.Within == 0 {
			warn("[Stipulation \""+v+"\"]", "a bound in plies after the slash, a whole number ≥ 1 (gain:2/15); a draw or a loss takes none. The goal is read without it")
		}
	} else {
		statedGoal(p, g)
	}
	for i, t := range g.Tags {
		if !used[i] {
			p.Tags = append(p.Tags, problems.Tag{Name: t.Name, Value: t.Value})
		}
	}
}

// statedGoal reads a goal the game states in words: a White or Black tag
// or a title or comment saying the side draws.
func statedGoal(p *problems.Problem, g *pdn.Game) {
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

// resultStipulation reads the goal of a problem printed as a position and
// its Result only (English problem books): a drawn result, in the Result
// tag or as the game's terminator, makes it a draw; a won one is the
// default win. A Stipulation tag, when there is one, says it better.
func resultStipulation(p *problems.Problem, g *pdn.Game) {
	if _, ok := g.Tag("Stipulation"); ok {
		return
	}
	switch pdnResult(g) {
	case "1/2-1/2", "½-½", "1-1":
		p.Stipulation = problems.StipDraw
	}
}

// resultLoss makes a problem given as a position (a FEN tag) a loss when
// its Result names the side not to move as the winner (1-0: the side that
// opens the game under the rules, Black in English checkers; 0-1: the
// other). A goal stated otherwise (a Stipulation tag, a draw in the
// text) says it better.
func resultLoss(p *problems.Problem, g *pdn.Game, start draughts.Position) {
	if _, ok := g.Tag("Stipulation"); ok || p.Stipulation != problems.StipWin {
		return
	}
	if fen, ok := g.Tag("FEN"); !ok || strings.TrimSpace(fen) == "" {
		return
	}
	first := start.Rules.FirstMover
	var winner draughts.Color
	switch pdnResult(g) {
	case "1-0", "2-0":
		winner = first
	case "0-1", "0-2":
		winner = first.Opponent()
	default:
		return
	}
	if winner != start.Turn {
		p.Stipulation = problems.StipLoss
	}
}

// pdnResult is the game's result: its Result tag, else its terminator.
func pdnResult(g *pdn.Game) string {
	res, _ := g.Tag("Result")
	if strings.TrimSpace(res) == "" || res == "*" {
		res = g.Result
	}
	return strings.TrimSpace(res)
}

// drawStated matches a stated drawing goal, in English or French.
var drawStated = regexp.MustCompile(`(?i)\b(play|plays|move|moves|jouent|joue|jouant)\s+(and|et)\s+(draw|draws|make\s+a\s+draw|font\s+(la\s+)?remise|fait\s+(la\s+)?remise|annulent|annule|font\s+nulle|fait\s+nulle)\b`)

// pdnThemes reads a Themes (or MetzTags) tag: names separated by commas
// or semicolons, in words or as keys ("coup de repos, lunette"), the
// file's own themes (or a reader's tags: origin).
func pdnThemes(v, origin string) []problems.Theme {
	var out []problems.Theme
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' }) {
		name := problems.ThemeKey(f)
		if name == "" || seen[name] || strings.ContainsAny(name, `"()`) {
			continue
		}
		seen[name] = true
		out = append(out, problems.Theme{Name: name, Label: strings.TrimSpace(f), Origin: origin})
	}
	return out
}

// stipulation reads a Stipulation tag: win, draw, loss, promote or gain:N
// in words or keys, optionally bounded by "/P" plies ("gain:2/15",
// "promote/9"), the bound kept with the goal (a draw or a loss takes none).
func stipulation(v string) problems.Stipulation {
	f, bound, bounded := strings.Cut(strings.ToLower(strings.TrimSpace(v)), "/")
	s := stipulationKind(strings.TrimSpace(f))
	if n, err := strconv.Atoi(strings.TrimSpace(bound)); bounded && err == nil && n > 0 {
		s = s.WithBound(n)
	}
	return s
}

func stipulationKind(f string) problems.Stipulation {
	switch {
	case strings.Contains(f, "draw") || strings.Contains(f, "remise") || f == "=":
		return problems.StipDraw
	case strings.Contains(f, "loss") || strings.Contains(f, "lose") || strings.HasPrefix(f, "perd"):
		return problems.StipLoss
	case strings.HasPrefix(f, "gain:"):
		if s, err := problems.ParseStipulation(f); err == nil {
			return s
		}
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
		node := &problems.Node{Text: a.Move, Line: a.Line}
		if len(a.CommentsBefore)+len(a.Comments) > 0 {
			node.Comment = commentText(append(append([]string{}, a.CommentsBefore...), a.Comments...), " ")
		}
		if len(a.NAGs) > 0 {
			node.Mark = strings.Join(nagMarks(a.NAGs), " ")
		}
		var next *draughts.Position
		nextWhy := why
		last := a
		if pos != nil {
			node.White = pos.Turn == draughts.White
			var m draughts.Move
			var note string
			var err error
			m, last, note, err = resolvePly(*pos, a)
			if last != a {
				// A capture written ply by ply, read as one move.
				text, comments, nags := joinedPly(a, last)
				node.Text, node.Comment, node.Mark = text, commentText(comments, " "), strings.Join(nagMarks(nags), " ")
			}
			if note != "" {
				*warns = append(*warns, problems.Warning{File: file, Line: a.Line, Text: note, Expected: "a move written as the standard writes it"})
			}
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
		node.Children = pdnLine(last.Next, next, !node.White, nextWhy, r, file, warns)
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
