package importer

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"metz/draughts"
	"metz/pdn"
	"metz/problems"
	"metz/problems/pdngame"
)

// pdnStream reads a PDN file game by game. A game with a syntax error is
// dropped with a warning naming its place and the reading goes on at the
// next game, so that one damaged game does not lose a collection; it keeps
// its rank, so the games after it keep their numbers. Only a file with no
// readable game at all is an error, found at its end.
type pdnStream struct {
	name, file, key string
	opt             Options
	rd              *pdn.Reader
	in              *hashingReader
	reopen          func() (io.ReadCloser, error)
	index           int // rank of the next game in the file
	warns           []problems.Warning
	firstErr        error
	read, anyGame   bool // a game was read; one holds a tag pair or a move
	// The rules of the file's games that state none, decided once by a
	// pass over the whole file (fileDecisionOf) when the first such game
	// is met; a file whose games all state their rules is read once.
	decision fileDecision
	decided  bool
}

// newPDNStream streams the PDN games read from r; reopen gives the file
// again from its start, for the pass that decides the rules of the games
// without GameType.
func newPDNStream(name string, r io.Reader, reopen func() (io.ReadCloser, error), opt Options) *Stream {
	ps := &pdnStream{name: name, file: base(name), key: fileKey(name), opt: opt, reopen: reopen,
		in: newHashingReader(r)}
	if opt.Key != "" {
		ps.key = opt.Key
	}
	ps.rd = pdn.NewReader(ps.in, ps.file)
	return &Stream{
		src:   problems.Source{Key: ps.key, Title: ps.file, File: ps.file},
		next:  ps.next,
		warns: ps.warnings,
		done:  func() int64 { return ps.in.n },
		sum:   ps.in.sum,
	}
}

// pdnBytes streams PDN data held in memory.
func pdnBytes(name string, data []byte, opt Options) *Stream {
	return newPDNStream(name, bytes.NewReader(data), func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(data)), nil
	}, opt)
}

func (ps *pdnStream) next() (Record, error) {
	for {
		g, err := ps.rd.Next()
		if errors.Is(err, io.EOF) {
			return Record{}, ps.end()
		}
		var se *pdn.SyntaxError
		if errors.As(err, &se) {
			ps.firstErr = cmp.Or(ps.firstErr, err)
			ps.warns = append(ps.warns, problems.Warning{File: ps.file, Line: se.Line,
				Text: fmt.Sprintf("found %s; the game is not read (reading goes on at the next game)", se.Found), Expected: se.Expected})
			ps.index++
			continue
		}
		if err != nil {
			return Record{}, fmt.Errorf("%s: %w", ps.file, err)
		}
		ps.read = true
		ps.anyGame = ps.anyGame || isGame(g)
		rec, err := ps.record(g, ps.index)
		ps.index++
		if errors.Is(err, errCopyRefused) {
			continue // warned of: the stored record stays as it is
		}
		return rec, err
	}
}

// end checks, at the end of the file, that it held a game.
func (ps *pdnStream) end() error {
	if !ps.read && ps.firstErr != nil {
		return fmt.Errorf("%s: no game could be read: %w", ps.file, ps.firstErr)
	}
	if !ps.anyGame {
		return fmt.Errorf("%s: no game in it (expected tag pairs like [FEN \"W:W31-50:B1-20\"] or moves like 1. 32-28)", ps.file)
	}
	return io.EOF
}

// warnings are the file's own warnings, the reader's and the dropped
// games', in line order.
func (ps *pdnStream) warnings() []problems.Warning {
	out := append([]problems.Warning(nil), ps.warns...)
	for _, w := range ps.rd.Warnings() {
		out = append(out, problems.Warning{File: w.File, Line: w.Line, Text: w.Text, Expected: w.Expected})
	}
	slices.SortStableFunc(out, func(x, y problems.Warning) int { return x.Line - y.Line })
	return out
}

// record reads one game: a record of the file's source, or the copy of a
// record metz exported (MetzSource), sealed with the record itself
// (MetzRecord): unedited, it is that record; edited, that record with the
// edited parts read from the game.
func (ps *pdnStream) record(g *pdn.Game, index int) (Record, error) {
	given, prefer, err := ps.rulesFor(g)
	if err != nil {
		return Record{}, err
	}
	p := fromPDN(g, ps.file, index, given, prefer)
	p.Source = ps.key
	k, exported := g.Tag(pdngame.TagSource)
	k = strings.TrimSpace(k)
	if !exported || k == "" || ps.opt.Key != "" {
		diagramWarnings(p)
		return Record{Problem: p}, nil
	}
	p.Source = k
	if w, bad := unreadCopy(g, p, ps.file); bad {
		ps.warns = append(ps.warns, w)
		return Record{}, errCopyRefused
	}
	rec, edited, sealed, err := pdngame.Unseal(g)
	switch {
	case err != nil:
		p.Warnings = append(p.Warnings, problems.Warning{File: ps.file, Line: g.Line, Text: err.Error(),
			Expected: "the record metz export wrote; the game is read from its tags and moves"})
	case sealed && len(edited) == 0:
		rec.Source = k // the tag says whose record it is
		return Record{Problem: rec, Copy: true, Format: FormatPDN}, nil
	case sealed:
		diagramWarnings(p)
		merged := Apply(rec, p, editedFields(edited))
		merged.Source = k
		return Record{Problem: merged, Copy: true, Format: FormatPDN}, nil
	}
	diagramWarnings(p)
	return Record{Problem: p, Copy: true, Format: FormatPDN}, nil
}

// rulesFor is the system a game that states none is read under, or the
// one it prefers when it is inferred from itself (see fileDecision): the
// file decides, at the first game that states no rules, by a pass over the
// whole file, whose note goes with the file's warnings.
func (ps *pdnStream) rulesFor(g *pdn.Game) (given, prefer *draughts.Rules, err error) {
	if ps.opt.Rules != nil {
		return ps.opt.Rules, nil, nil
	}
	if r, unplayed := pdnRules(g, func(string, string) {}); r != nil || unplayed != "" {
		return nil, nil, nil
	}
	if !ps.decided {
		f, err := ps.reopen()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", ps.file, err)
		}
		defer f.Close()
		ps.decision, ps.decided = fileDecisionOf(pdn.NewReader(f, ps.file), ps.file), true
		if n := ps.decision.note; n != nil {
			ps.warns = append(ps.warns, *n)
		}
	}
	given, prefer = ps.decision.forGame(g)
	return given, prefer, nil
}

// isGame reports whether a game read holds a game: a tag pair or a move
// written as one. Words alone (a text or binary file named .pdn) are none.
func isGame(g *pdn.Game) bool {
	if len(g.Tags) > 0 {
		return true
	}
	found := false
	walk(g.Root.Next, func(n *pdn.Node) { found = found || n.Squares != nil })
	return found
}

// errCopyRefused says a copy's game was not read (unreadCopy).
var errCopyRefused = errors.New("copy refused")

// unreadCopy checks the rules, diagram and stipulation of a copy of a
// stored record (metz's own export, which writes each in the form metz
// reads): one that does not read, edited by hand, would replace what the
// record holds with a guess (no diagram, a win), so the game is not read,
// the warning naming its place and what is wrong.
func unreadCopy(g *pdn.Game, p *problems.Problem, file string) (problems.Warning, bool) {
	refuse := func(text, why string) (problems.Warning, bool) {
		return problems.Warning{File: file, Line: g.Line, Text: text,
			Expected: why + "; the copy of " + p.Source + " is not read: the stored record stays as it is"}, true
	}
	if v, ok := g.Tag(pdngame.TagRules); ok {
		if _, err := draughts.RulesByName(v); err != nil {
			return refuse("["+pdngame.TagRules+" \""+v+"\"]", err.Error())
		}
	}
	if v, ok := g.Tag("FEN"); ok && strings.TrimSpace(v) != "" && p.Position == nil && p.Rules != nil {
		if _, err := draughts.ParseFEN(p.Rules, v); err != nil {
			return refuse("[FEN \""+v+"\"]", fmt.Sprintf("a FEN for %s: %v", p.Rules.Name, err))
		}
	}
	if v, ok := g.Tag("Stipulation"); ok {
		if _, err := problems.ParseStipulation(v); err != nil {
			return refuse("[Stipulation \""+v+"\"]", err.Error())
		}
	}
	return problems.Warning{}, false
}
