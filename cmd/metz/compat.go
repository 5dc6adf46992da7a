package main

import (
	"metz/app"
	"metz/db"
	"metz/internal/texttable"
	"metz/problems"
)

// What the command files owned elsewhere (export.go, import.go,
// endgame.go) still call by their old names; each is a door to package
// app. TODO: they call app directly and this file goes, with `global`.

func checkSources(d *db.DB, keys []string) error { return app.CheckSources(d, keys) }

type verified = app.VerifiedTree

func verifiedTree(p *problems.Problem, history []db.Verdict) verified {
	return app.BuildVerifiedTree(p, history)
}

func ref(p *problems.Problem) string { return app.ProblemName(p) }

func shorten(s string, n int) string { return texttable.Cut(s, n) }
