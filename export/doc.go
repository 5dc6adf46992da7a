// Package export renders problems for print and for other software: SVG
// and terminal diagrams, the book's own text style, PDN, JSON, a
// print-ready HTML document and PDF.
//
// It works on problems.Problem values wrapped in an Item that carries what
// the solver found (verdict, verified tree); it never reads the database.
// Diagrams are built once as a list of shapes (scene.go) so that the SVG and
// the PDF draw exactly the same board.
package export
