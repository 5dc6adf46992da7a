// Package pdn reads and writes PDN (Portable Draughts Notation) at the
// syntax level. It knows nothing of the board: a move is kept as written
// ("32-28", "33x22x13", "c3:e5:g3") with its square tokens, and the rules
// engine resolves it later.
//
// # What is read
//
//   - Tag pairs [Name "value"], with \" and \\ escapes (other backslashes are
//     kept). Names keep the case written; Game.Tag looks them up ignoring
//     case. Each tag pair must be on one line, as every writer lays them out;
//     this lets a missing "]" be reported on its own line.
//   - Move numbers "12." and "12..." (or "12. ...", or a bare "..."), also
//     glued to the move ("12.32-28"). Two or more dots mean Black to move.
//   - Moves: numeric or algebraic squares (files a-l) joined by "-" or by a
//     capture separator "x", "X" or ":"; algebraic squares may be written
//     without separator ("a3b4"). A word that is no such move ("28à23",
//     "-") is still kept as a move, with no squares and a Warning, so that
//     the moves after it keep their colour.
//   - Move strengths glued to the move or standing alone ("!", "?!", "(?)",
//     and "*" for a forced move when glued) and NAGs ("$14"), in Node.NAGs.
//   - Comments in braces (multi-line) and after ";" to the end of the line.
//     Whitespace inside a comment is collapsed to single spaces. Lines
//     starting with "%" are escape lines and are skipped.
//   - Variations in parentheses, nested to any depth (read with an explicit
//     stack, so depth costs no recursion).
//   - Results 2-0, 0-2, 1-1, 1-0, 0-1, 0-0, 1/2-1/2, ½-½ and "*". A result
//     ends a game, and so does a new tag pair once the game has movetext.
//     Comments on the line of the result belong to the game it ends.
//   - PDN 3.0 setup commands (/FEN "..."/) are skipped with a Warning.
//
// # Errors and warnings
//
// A *SyntaxError means the game cannot be read from there on: a tag pair
// without name, value or "]", an unterminated string, a comment or
// variation still open at the end of the file (or, for a variation, at the
// next tag pair). It gives file, line and column (columns count characters
// from 1) and what was expected. Parse stops there and returns the games
// read completely before it; Reader.Next can instead drop the damaged game
// and resume at the next one (the first "[" after a result or an empty
// line). Everything else that is odd (an unknown move, an annotation or
// variation before any move, an empty variation, a result inside a
// variation, stray brackets, a comment outside any game) gives a Warning
// and reading goes on. Input never makes the parser panic (see FuzzParse).
//
// # Encoding
//
// PDN 3.0 asks for UTF-8. A UTF-8 byte order mark is skipped. A line that
// is not valid UTF-8 is decoded as Windows-1252 (which covers printable
// Latin-1), the encoding of older draughts programs, rather than rejected;
// decoding line by line keeps files concatenated from mixed sources
// readable. The first such line of a file gives a Warning naming its byte
// offset.
//
// # Writing
//
// Write emits the tag pairs, a blank line and the movetext wrapped at 80
// columns. Move numbers, strengths and NAGs are written as stored, so that
// parsing the output gives the same games back (positions aside); call
// Game.Renumber first for canonical numbering.
package pdn
