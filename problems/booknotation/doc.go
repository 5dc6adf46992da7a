// Package booknotation reads and writes the notation the old French books
// print their coups in, and the transcription format built on it (the full
// specification is FORMAT.md beside this file).
//
// A record is a header ("Coup 125", "Problème VI"), "key : value" fields
// (Classe, Règles, But, Trait, Source, Commentaire), the position as the
// books print it ("Noirs : (4, dame noire) 6, 17" / "Blancs : 14, 16") and
// the execution in two columns, BLANCS and NOIRS, with "X à Y" moves. The
// branching follows the Livre de Metz, usage note 6°: the first "si" of a
// level marks the point where the defender has several ways, and each later
// "si" of that level restarts the execution there; "deuxième si",
// "troisième si", … nest. "ou non" marks a move that may or may not be
// made, "gagne" the end of a line.
//
// Every move is resolved on the board with draughts.ParseMove. Nothing is
// ever corrected: a move that names no legal move is kept as printed, with
// Node.Issue and a problems.Warning giving file, line, text and what was
// expected.
//
// Entry points: Parse (a file of records), ParsePosition, ParseExecution
// (rows to a tree), Build (cells from another layout to a tree) and Write
// (a tree to rows).
package booknotation
