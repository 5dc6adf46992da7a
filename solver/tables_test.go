package solver

import (
	"metz/draughts"
	"metz/problems"
	"metz/tables"
	"metz/verdict"
)

// testTables are the endgame tables of the package's tests: one handle,
// the tables built in memory as the tests meet them and saved nowhere,
// shared by every test as a program shares its own.
var testTables = tables.InMemory()

// solveT is Solve with the tests' tables.
func solveT(p draughts.Position, goal Goal, b verdict.Budget) *verdict.Solution {
	return SolveWith(p, goal, Options{Budget: b, Tables: testTables})
}

// solveWithT is SolveWith with the tests' tables when opt names none.
func solveWithT(p draughts.Position, goal Goal, opt Options) *verdict.Solution {
	if opt.Tables == nil {
		opt.Tables = testTables
	}
	return SolveWith(p, goal, opt)
}

// verifyT is Verify with the tests' tables when opt names none (NoTables
// still searches without any).
func verifyT(p *problems.Problem, opt Options) *verdict.Report {
	if opt.Tables == nil {
		opt.Tables = testTables
	}
	return Verify(p, opt)
}
