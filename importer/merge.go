package importer

import (
	"fmt"
	"slices"
	"strings"

	"metz/draughts"
	"metz/problems"
	"metz/problems/booknotation"
	"metz/problems/pdngame"
)

// The fields of a record an edited copy (an export of metz's, changed and
// imported again) can change, by the names the import lists them under.
const (
	FieldSource      = "source"
	FieldNumber      = "number"
	FieldLabel       = "label"
	FieldTitle       = "title"
	FieldClass       = "class"
	FieldAuthor      = "author"
	FieldDate        = "date"
	FieldRules       = "rules"
	FieldPosition    = "position"
	FieldStipulation = "stipulation"
	FieldSolution    = "solution"
	FieldCommentary  = "commentary"
	FieldResult      = "result"
	FieldThemes      = "themes"
	FieldUserTags    = "user tags"
	FieldPDNTags     = "PDN tags"
)

// Fields lists every field an edited copy can change, in the order changes
// are listed.
var Fields = []string{FieldSource, FieldNumber, FieldLabel, FieldTitle, FieldClass, FieldAuthor, FieldDate,
	FieldRules, FieldPosition, FieldStipulation, FieldSolution, FieldCommentary, FieldResult, FieldThemes,
	FieldUserTags, FieldPDNTags}

// tagFields maps a PDN tag (lower case) to the field it writes.
var tagFields = map[string]string{
	"event": FieldTitle, "author": FieldAuthor, "composer": FieldAuthor, "date": FieldDate,
	"gametype": FieldRules, "variant": FieldRules, strings.ToLower(pdngame.TagRules): FieldRules,
	"fen": FieldPosition, "setup": FieldPosition, strings.ToLower(pdngame.TagDiagram): FieldPosition,
	"stipulation": FieldStipulation, "result": FieldResult, strings.ToLower(pdngame.TagThemes): FieldThemes,
	strings.ToLower(pdngame.TagUserTags): FieldUserTags, strings.ToLower(pdngame.TagClass): FieldClass,
	"number": FieldNumber, strings.ToLower(pdngame.TagNumber): FieldNumber,
	strings.ToLower(pdngame.TagLabel): FieldLabel, "source": FieldSource, strings.ToLower(pdngame.TagSource): FieldSource,
	strings.ToLower(pdngame.TagVerdict): "", // the solver's, not read back
	pdngame.PartMoves:                   FieldSolution, pdngame.PartComments: FieldCommentary,
}

// editedFields are the fields the edited parts of a sealed game write.
func editedFields(parts []string) []string {
	var out []string
	for _, part := range parts {
		f, ok := tagFields[strings.ToLower(part)]
		if !ok {
			f = FieldPDNTags
		}
		if f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// Differences lists the fields (of those given, nil for all) in which b
// differs from a, in the order of Fields. Positions are compared as
// positions, solutions by their moves (what the solver added, marked in
// an export, left out), themes and tags by name.
func Differences(a, b *problems.Problem, fields []string) []string {
	var out []string
	for _, f := range Fields {
		if fields != nil && !slices.Contains(fields, f) {
			continue
		}
		if !sameField(a, b, f) {
			out = append(out, f)
		}
	}
	return out
}

// textFields are the fields that are one string of the record.
var textFields = map[string]func(p *problems.Problem) *string{
	FieldSource: func(p *problems.Problem) *string { return &p.Source },
	FieldLabel:  func(p *problems.Problem) *string { return &p.Label },
	FieldTitle:  func(p *problems.Problem) *string { return &p.Title },
	FieldClass:  func(p *problems.Problem) *string { return &p.Class },
	FieldAuthor: func(p *problems.Problem) *string { return &p.Author },
	FieldDate:   func(p *problems.Problem) *string { return &p.Date },
	FieldResult: func(p *problems.Problem) *string { return &p.Result },
	// A commentary is set with the others; compared as it reads (see
	// sameField).
	FieldCommentary: func(p *problems.Problem) *string { return &p.Commentary },
}

func sameField(a, b *problems.Problem, f string) bool {
	switch f {
	case FieldNumber:
		return a.Number == b.Number
	case FieldCommentary:
		return strings.Join(strings.Fields(a.Commentary), " ") == strings.Join(strings.Fields(b.Commentary), " ")
	case FieldRules:
		return rulesOf(a) == rulesOf(b)
	case FieldStipulation:
		return a.Stipulation == b.Stipulation
	case FieldPosition:
		return samePosition(a, b)
	case FieldSolution:
		return slices.Equal(moveList(a.Solution), moveList(b.Solution))
	case FieldThemes:
		return slices.Equal(pdngame.ThemeNames(a, problems.OriginBook), pdngame.ThemeNames(b, problems.OriginBook))
	case FieldUserTags:
		return slices.Equal(pdngame.ThemeNames(a, problems.OriginUser), pdngame.ThemeNames(b, problems.OriginUser))
	case FieldPDNTags:
		return slices.Equal(a.Tags, b.Tags)
	}
	if of, ok := textFields[f]; ok {
		return *of(a) == *of(b)
	}
	return true
}

// rulesOf is a record's rule system, international when it names none.
func rulesOf(p *problems.Problem) *draughts.Rules {
	if p.Rules == nil {
		return draughts.International
	}
	return p.Rules
}

// samePosition compares two records' diagrams as positions.
func samePosition(a, b *problems.Problem) bool {
	if a.Position == nil || b.Position == nil {
		return a.Position == b.Position
	}
	return a.Position.Equal(*b.Position)
}

// moveList lists a tree's stated moves with their depth and order, the
// resolved move where there is one, else the text as printed.
func moveList(t *problems.Tree) []string {
	var out []string
	var walk func(ns []*problems.Node, depth int)
	walk = func(ns []*problems.Node, depth int) {
		for _, n := range ns {
			if addedByMetz(n) {
				continue
			}
			m := n.Move
			if m == "" {
				m = strings.Join(strings.Fields(n.Text), " ")
			}
			out = append(out, fmt.Sprintf("%d %s", depth, m))
			walk(n.Children, depth+1)
		}
	}
	if t != nil {
		walk(t.Children, 0)
	}
	return out
}

// addedByMetz tells a move an export added to the stated lines (the
// solver's): its origin, the book text's "*", a PDN comment "metz: …".
func addedByMetz(n *problems.Node) bool {
	if n.Origin == problems.Solver {
		return true
	}
	for _, m := range strings.Split(n.Mark, " ") {
		if strings.Trim(m, ",") == booknotation.SolverMark {
			return true
		}
	}
	return strings.HasPrefix(n.Comment, "metz:") || strings.HasPrefix(n.Comment, "metz :")
}

// statedOnly is a copy of t without the moves an export added.
func statedOnly(t *problems.Tree) *problems.Tree {
	if t == nil {
		return nil
	}
	var keep func(ns []*problems.Node) []*problems.Node
	keep = func(ns []*problems.Node) []*problems.Node {
		var out []*problems.Node
		for _, n := range ns {
			if addedByMetz(n) {
				continue
			}
			c := *n
			c.Children = keep(n.Children)
			out = append(out, &c)
		}
		return out
	}
	return t.WithChildren(keep(t.Children))
}

// Apply returns a copy of base with the given fields taken from edit (an
// edited copy's reading of them). A new diagram, new rules or new moves
// take the edited reading's diagram, rules and moves together (the moves
// are resolved on the diagram, under the rules), with its warnings, unless
// it has no moves where base has some and the moves were not edited.
func Apply(base, edit *problems.Problem, fields []string) *problems.Problem {
	c := *base
	has := func(f string) bool { return slices.Contains(fields, f) }
	for _, f := range fields {
		if of, ok := textFields[f]; ok {
			*of(&c) = *of(edit)
		}
		switch f {
		case FieldNumber:
			c.Number = edit.Number
		case FieldStipulation:
			c.Stipulation = edit.Stipulation
		case FieldThemes:
			c.Themes = mergeThemes(base, edit.Themes)
		case FieldUserTags:
			c.Carried = withUserTags(base.Carried, edit)
		case FieldPDNTags:
			c.Tags = edit.Tags
		}
	}
	if has(FieldRules) || has(FieldPosition) || has(FieldSolution) {
		c.Rules = edit.Rules
		if !samePosition(base, edit) || base.Rules != edit.Rules {
			c.Position = edit.Position
		}
		if has(FieldSolution) || edit.Solution != nil && len(edit.Solution.Children) > 0 || base.Solution == nil {
			c.Solution, c.SolutionText = statedOnly(edit.Solution), edit.SolutionText
		}
		c.Warnings = edit.Warnings
	}
	return &c
}

// mergeThemes is the source's themes of an edited copy: those base had
// keep what base says of them (the source's words); a name base has as a
// user tag or a detected theme stays that; another is the source's.
func mergeThemes(base *problems.Problem, edit []problems.Theme) []problems.Theme {
	other := map[string]bool{}
	if base.Carried != nil {
		for _, t := range base.Carried.Themes {
			other[t.Name] = true
		}
	}
	for _, t := range base.Themes {
		if t.Origin != "" && t.Origin != problems.OriginBook {
			other[t.Name] = true
		}
	}
	var out []problems.Theme
	for _, t := range edit {
		if t.Origin != "" && t.Origin != problems.OriginBook {
			continue
		}
		i := slices.IndexFunc(base.Themes, func(b problems.Theme) bool {
			return b.Name == t.Name && (b.Origin == "" || b.Origin == problems.OriginBook)
		})
		switch {
		case i >= 0:
			t = base.Themes[i]
		case other[t.Name]:
			continue
		}
		out = append(out, t)
	}
	return out
}

// withUserTags is base's carried data with the user tags an edited copy
// lists: those base had keep their time, the others are new.
func withUserTags(base *problems.Carried, edit *problems.Problem) *problems.Carried {
	c := &problems.Carried{}
	if base != nil {
		*c = *base
	}
	var themes []problems.CarriedTheme
	for _, t := range c.Themes {
		if t.Origin != problems.OriginUser {
			themes = append(themes, t)
		}
	}
	for _, name := range pdngame.ThemeNames(edit, problems.OriginUser) {
		t := problems.CarriedTheme{Theme: problems.Theme{Name: name, Origin: problems.OriginUser}}
		if base != nil {
			if i := slices.IndexFunc(base.Themes, func(b problems.CarriedTheme) bool {
				return b.Origin == problems.OriginUser && b.Name == name
			}); i >= 0 {
				t = base.Themes[i]
			}
		}
		themes = append(themes, t)
	}
	c.Themes = themes
	return c
}
