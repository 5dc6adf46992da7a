package web

import (
	"html/template"

	"metz/app"
	"metz/problems"
)

// similarLimit bounds the "Similar problems" of a page.
const similarLimit = 24

// similarRow is one match as a problem page shows it: a link, the
// relation and a small diagram.
type similarRow struct {
	app.SimilarMatch
	Diagram template.HTML
}

// similarSection is the "Similar problems" of record id: its matches
// and what went wrong, if anything (the page is shown all the same). The
// index is brought up to date at start-up (metz serve) and by imports and
// verifications; a record edited since is indexed here (app's one
// writer).
func (s *Server) similarSection(id int64) map[string]any {
	res, err := s.app.Similar(app.SimilarQuery{ID: id, Limit: similarLimit})
	if err != nil {
		return map[string]any{"Error": err.Error()}
	}
	rows := make([]similarRow, len(res.Matches))
	for i, m := range res.Matches {
		rows[i] = similarRow{SimilarMatch: m, Diagram: diagramOf(m.Position, 120, false)}
	}
	return map[string]any{"Matches": rows, "Blow": res.Blow}
}

// similarOf is the section of a loaded record, nil when it has no diagram.
func (s *Server) similarOf(p *problems.Problem) map[string]any {
	if p.Position == nil {
		return nil
	}
	return s.similarSection(p.ID)
}
