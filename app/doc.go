// Package app is what metz does, between the domain packages (db, solver,
// themes) and the programs that face a user (cmd/metz, and the web server,
// package web): which problems a command means, verifying many of them with
// progress and cancellation, the stored form of a verdict's evidence,
// the themes found after a verification, the report, and the endgame
// tables' builds (with the room they need), probes and the Livre de Metz's
// claims answered by them.
//
// Its functions take options structs and a context where the work is
// long; they print nothing: output goes through callbacks and return
// values, so every front end formats it its own way.
package app
