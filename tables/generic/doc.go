// Package generic is the generic builder behind package tables: it builds
// exact endgame tables in memory, by retrograde analysis, for any rule
// system of package draughts: the 8x8 and 12x12 systems, Turkish and the
// losing game (package tables/intl builds the international tables;
// package tables puts both behind one door). It imports no other builder:
// what they share is in package tables/base.
//
// A table covers one material signature (the men and kings of each colour)
// with either side to move, and holds for each position its value for the
// side to move and the exact distance to the end in plies (DTW: the winner
// hurries, the loser delays). What the analysis does not prove won or lost
// is a draw: neither side can force the end, so play goes on for ever; no
// move counter is applied.
//
// Where package tables/intl un-moves with the bitboard generator of one rule
// system, this package works for every system by asking a move generator
// for each position's moves once and un-moving only quiet moves, which
// look the same in every system: a king slides back along a line (one
// square when kings are short), a man steps back against one of the
// directions it moves in. A predecessor is kept when it has no capture (a
// capture would have been compulsory), which the generator tells. On the
// boards package draughts/bitboard8 plays (the 8x8 systems and Turkish),
// positions are read from their index into bitboards and that generator
// lists the moves (bits.go). On the 10x10 and 12x12 boards the positions
// are decoded, indexed and un-moved on the generic engine's board of
// pieces; draughts/bitboard12 lists their moves where it plays the rules
// (Canadian, Manoury's rule: wide.go), the generic engine elsewhere (the
// losing game). The tables are the same either way (TestBitsAgreeWithGeneric,
// TestWideAgreesWithGeneric). Both passes run on
// every core: the first on slices of the indices, the un-moving in rounds
// (unmove.go) where the cores list a level's predecessors and then each
// refutes the quiet moves of the indices it owns.
//
// A build holds three bytes a position: the value (two bytes) and the
// quiet moves not yet refuted (one); the positions decided at each
// distance are found again by scanning the values, level by level, not
// kept in lists (8 bytes each, which took a six-piece 8x8 signature to
// 16 bytes a position). A table built keeps one byte a value when its
// distances fit (compact.go): 8x8 tables take one byte a position on
// disk, and a saved table is mapped, not read onto the heap, so a search
// may read every saved table whatever its memory budget.
//
// Captures and crownings leave the signature; the signatures they reach
// are built first (fewer pieces, then fewer men). A signature is built on
// demand, with all it needs, when its size fits the memory it is given;
// Tables is safe for concurrent use and keeps what it built for as long
// as it is held (a tables.Tables handle holds one a rule system for its
// program). Given a directory (SetDir), it also saves each table it
// builds there and reads the saved ones back instead of building them
// (disk.go), so that a table is built once per machine, not once per
// process.
package generic
