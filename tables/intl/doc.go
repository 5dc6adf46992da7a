// Package intl is the international builder behind package tables: it
// builds and probes retrograde-analysis endgame tables for international
// draughts (10x10, FMJD rules as draughts.International).
//
// # What a table holds
//
// A table covers one material signature: the men and kings of the side to
// move and of the opponent (e.g. "KKvK": two kings to move against one king).
// Positions are normalised so that the side to move plays "White" (upwards,
// towards square 1): a position with Black to move is rotated by 180° and its
// colours swapped, which is the same position under the rules. So every
// signature has one table, for its side to move, and "KKvK" and "KvKK" are two
// different tables (who is to move matters). That side-to-move signature
// is internal (stmSig, derived from base.Sig): the exported functions name
// material by the tables' one signature (base.Sig, White's pieces first)
// and read or build both tables of it, White to move and Black to move.
//
// Each position gets one byte:
//
//	0        draw (see below)
//	1..254   decided: plies = byte-1; an odd number of plies is a win for the
//	         side to move, an even number a loss (0 = no legal move now)
//	255      not a position (two pieces on one square)
//
// The distance is DTW in plies: the number of plies until the loser has no
// legal move (or no piece) when the winner hurries and the loser delays.
//
// # Conventions
//
// The side to move with no legal move, or no piece, loses. Captures are
// compulsory with the majority rule, as in draughts.International. A position
// that the fixed-point iteration does not prove won or lost is a draw: neither
// side can force the end, so play goes on for ever (by repetition); no move
// counter is applied, in particular not the FMJD or Livre de Metz limits on
// the number of moves of three kings against one. That "three kings cannot
// beat one on the long diagonal" is therefore a fact the tables check (metz
// endgame claims), not a rule built into them.
//
// # Index
//
// The index of a position is mixed-radix over four groups (men and kings of
// each side); inside a group the squares are numbered by the combinatorial
// number system (colex rank of the sorted squares), so identical pieces are
// counted once. Men use only the 45 squares they can stand on (not their own
// crowning row), kings all 50. Indices where two groups share a square are
// kept (the table is dense) and marked 255.
//
// # Building
//
// Build makes every table up to a piece count ahead; Ensure builds the
// closure of one signature of up to DemandPieces pieces on demand (what the
// solver's searches meet, probe and claims need; EnsureBitboard within a
// bound in indices), writing it to the directory when the tables have
// one. EnsureSlice builds, for a solve's root, only the slices of those
// tables the root can reach (its men only move forward), kept in memory
// and never written (slice.go). Build and EnsureContext take a context:
// they stop between tables when it is done. Package tables is the API the
// rest of metz uses.
//
// Captures and promotions leave the signature, so tables are built in the
// order of their piece count, then of their number of men (a promotion turns a
// man into a king and keeps the count). A signature and its colour-swapped
// twin ("KMvK" and "KvKM") feed each other through quiet moves and are built
// together; pairs of the same (pieces, men) level are independent and run in
// parallel. Inside a pair the builder
//
//  1. generates every position's moves once (bitboard generator), counts the
//     quiet moves that stay in the pair, and reads the value of the other
//     moves from the smaller tables (a batch of positions' reads asked of
//     the cache at once, and made after the next batch's moves, so that
//     their cache misses overlap with that work);
//  2. then walks the plies d = 0, 1, 2, ...: every position decided at
//     distance d is un-moved (quiet un-moves of the side that just moved), a
//     predecessor of a loss becomes a win in d+1, and a predecessor whose last
//     quiet move has been refuted becomes a loss (its distance being the
//     longest refutation, quiet or not). A bitset says which positions
//     still wait for a move's refutation or win, and predecessors that do
//     not are dropped before their record is read; the bits and records
//     are asked of the cache ahead (amd64), while the next positions are
//     un-moved or the next updates made. A table built without distances
//     may make a level of losses forwards instead, where that is cheaper
//     (forward.go): every position still waiting reads the values its
//     quiet moves reach, a piece at a time, until one is a loss of that
//     level (the same positions win). Both steps run on every
//     core: the first on slices of the indices, the second in rounds where
//     the cores list predecessors, then each updates the stretches of the
//     table it owns.
//
// One file per signature ("KKvK.egt": an 16-byte header, then one byte per
// index) is written in the table directory and mapped (Unix) or read on first
// use.
//
// The Livre de Metz's claims about endings are checked through Scan, by
// package endgameclaims through the door (tables.System.ScanBitboard).
package intl
