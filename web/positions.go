package web

import (
	"cmp"
	"net/http"

	"metz/app"
	"metz/draughts"
	"metz/problems"
	"metz/verdict"
)

// positionOf reads rules and a FEN as metz solve and moves read them.
func positionOf(rulesName, fen string) (draughts.Position, error) {
	if fen == "" {
		return draughts.Position{}, badRequest("fen: missing (expected a position such as W:W28:B19, or start)")
	}
	return app.ParsePosition(cmp.Or(rulesName, draughts.International.Name), fen)
}

// POST /api/solve {"fen", "rules", "goal", "budget"}: metz solve --json.
func (s *Server) apiSolve(w http.ResponseWriter, r *http.Request) {
	var body struct {
		FEN, Rules, Goal, Budget string
	}
	err := readJSON(r, &body)
	var p draughts.Position
	if err == nil {
		p, err = positionOf(body.Rules, body.FEN)
	}
	if wm, wk, bm, bk := p.Material(); err == nil && wm+wk+bm+bk == 0 {
		err = badRequest("FEN %q: no piece on the board (expected a position such as W:W28:B19)", body.FEN)
	}
	var b verdict.Budget
	if err == nil {
		b, err = ParseBudget(cmp.Or(body.Budget, app.DefaultSolveBudget), s.opt.MaxMemoryMB)
	}
	if err == nil {
		longAnswer(w, b.WithDefaults().Time+s.times.write) // the budget's time is the solve's
	}
	var sol any
	var goal problems.Stipulation
	if err == nil {
		if goal, err = app.ParseGoal(body.Goal, 0); err != nil {
			err = badRequest("goal: %v", err)
		}
	}
	if err == nil {
		sol, err = s.app.Solve(p, goal, b)
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sol)
}

// GET /api/moves?fen=…&rules=…: metz moves --json.
func (s *Server) apiMoves(w http.ResponseWriter, r *http.Request) {
	p, err := positionOf(r.URL.Query().Get("rules"), r.URL.Query().Get("fen"))
	if err != nil {
		fail(w, r, err)
		return
	}
	list := []app.Move{}
	for _, m := range p.Moves() {
		list = append(list, app.DescribeMove(p.Rules, m))
	}
	writeJSON(w, http.StatusOK, list)
}

// GET /api/position?fen=…&rules=…: the position as the board draws it,
// the FEN written back in metz's form.
func (s *Server) apiPosition(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p, err := positionOf(q.Get("rules"), cmp.Or(q.Get("fen"), "W::"))
	if err != nil {
		fail(w, r, err)
		return
	}
	rp, err := replayFrom(p, nil)
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rp)
}
