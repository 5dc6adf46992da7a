// Package themes detects the books' themes in a solution line and says
// where each happens. It works on positions and moves only (the rules
// engine); it knows nothing of the database.
//
// The definitions are data: Definitions (definitions.go) gives, for every
// key the detector reports, the French label, the source of the idea and the
// exact rule applied; `metz themes list` prints that table and the README
// quotes it. Each definition has a case and a near miss in the tests, and
// the Van Tenac problems the book names a theme for are tested on their
// lines (vantenac_test.go).
//
// DetectLine analyses one line, DetectTree every root-to-leaf line of a
// solution tree, ForProblem a stored problem's stated solution. BookKeys maps
// the books' index themes to detector keys so the two can be compared.
package themes
