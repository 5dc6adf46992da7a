package web

import (
	"cmp"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"metz/app"
	"metz/draughts"
)

// POST /api/problems/{ref}/notes {"text": …}: metz note --json.
func (s *Server) apiAddNote(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Text string `json:"text"`
	}
	sum, err := s.resolve(r)
	if err == nil {
		err = readJSON(r, &body)
	}
	if err == nil && strings.TrimSpace(body.Text) == "" {
		err = badRequest("note: empty text (expected the note's words)")
	}
	var n app.Note
	if err == nil {
		n, err = s.app.AddNote(sum.ID, body.Text)
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, n)
}

// DELETE /api/problems/{ref}/notes/{note}.
func (s *Server) apiDeleteNote(w http.ResponseWriter, r *http.Request) {
	sum, err := s.resolve(r)
	var noteID int64
	if err == nil {
		noteID, err = strconv.ParseInt(r.PathValue("note"), 10, 64)
		if err != nil {
			err = badRequest("note %q: expected the note's number", r.PathValue("note"))
		}
	}
	var ok bool
	if err == nil {
		ok, err = s.app.DeleteNote(sum.ID, noteID)
	}
	if err == nil && !ok {
		err = &httpError{http.StatusNotFound, fmt.Errorf("note %d: %s has no such note", noteID, app.Name(sum.Source, sum.Number))}
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": sum.ID, "note": noteID, "deleted": ok})
}

// POST /api/problems/{ref}/tags {"tag": …}: metz tag --json.
func (s *Server) apiAddTag(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Tag string `json:"tag"`
	}
	sum, err := s.resolve(r)
	if err == nil {
		err = readJSON(r, &body)
	}
	var theme string
	var added bool
	if err == nil {
		theme, added, err = s.app.AddTag(sum.ID, body.Tag)
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": sum.ID, "theme": theme, "origin": "user", "added": added})
}

// DELETE /api/problems/{ref}/tags/{tag}.
func (s *Server) apiRemoveTag(w http.ResponseWriter, r *http.Request) {
	sum, err := s.resolve(r)
	var theme string
	var removed bool
	if err == nil {
		theme, removed, err = s.app.RemoveTag(sum.ID, r.PathValue("tag"))
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": sum.ID, "theme": theme, "origin": "user", "removed": removed})
}

// POST /api/check {"rules", "fen", "solution"}: the solution read move by
// move on the position, with the import's messages.
func (s *Server) apiCheck(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Rules, FEN, Solution string
	}
	err := readJSON(r, &body)
	var c app.Checked
	if err == nil {
		c, err = app.CheckSolution(body.Rules, body.FEN, body.Solution)
	}
	var rp *replayed
	if err == nil {
		rp, err = replay(cmp.Or(body.Rules, draughts.International.Name), body.FEN, c.Tree)
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"warnings": c.Warnings, "tree": c.Tree, "replay": rp})
}

// POST /api/drafts (app.Draft): stores a problem set up in the editor as
// metz import stores a transcription.
func (s *Server) apiSaveDraft(w http.ResponseWriter, r *http.Request) {
	var dr app.Draft
	err := readJSON(r, &dr)
	var st app.ImportStats
	if err == nil {
		st, err = s.app.SaveDraft(dr)
	}
	if err != nil {
		fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"import": st, "name": app.Name(st.Source, dr.Number)})
}
