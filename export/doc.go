// Package export renders problems for print and for other software: SVG
// and terminal diagrams, the book's own text style, PDN, JSON, a
// print-ready HTML document and PDF.
//
// It works on problems.Problem values wrapped in an Item that carries what
// the verification concluded: the verdict and an Evidence, a view of the
// solver's report that export defines and the caller fills in (it imports
// neither the solver nor the importer, and never reads the database).
// Verified merges the evidence into the stated tree.
//
// Each document speaks one language (Lang): the book text, HTML and PDF
// are French with the book's "32 à 28" moves, the remarks of the solver
// and the verdict included; PDN, JSON and modern notation are English.
// Diagrams are built once as a list of shapes (scene.go) so that the SVG
// and the PDF draw exactly the same board; the PDF embeds the Go fonts so
// that every character is drawn.
package export
