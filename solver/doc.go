// Package solver proves draughts stipulations and verifies stated solutions.
//
// It takes draughts.Positions and problems.Trees and returns results; it
// knows nothing of books, French notation or SQL.
//
// # Searches
//
//   - An exhaustive forcing search (bounded.go, forcing mode): the attacker
//     may only play moves after which the defender must capture, or his own
//     compulsory captures; every defence is searched. Most combinations are
//     built that way, so this narrow search settles them in few nodes.
//   - df-pn (dfpn.go), Nagai's depth-first proof-number search, for
//     everything else: a transposition table keyed by Zobrist hashes with a
//     hard entry bound (table.go; it starts small and doubles up to the
//     bound), initial numbers guessed from the material won or lost since
//     the root, the endgame tables and the attacker's mobility (df-pn+),
//     the 1+ε trick at the attacker's nodes, weak proof numbers (an AND
//     node counts its largest child plus one per other open child, not the
//     sum, so that transpositions are not counted once per path), and a
//     repetition rule that keeps what it can: a position already on the
//     current path is a failure for the attacker; a disproof resting on the
//     repetition of one position is stored with that position and read only
//     where it is on the path again, one resting on several stays in the
//     searching frame.
//   - "win within d plies" (bounded.go): an exact depth-bounded AND/OR search
//     with a (hash, depth) table, run with iterative deepening on d to give
//     the exact length of the shortest forced win and a fastest proof tree.
//
// # Games
//
// The searches are written once, generic over the engine contract of the
// rules engine (draughts.Engine; game.go adds the few solver-only helpers:
// play with the incremental hash, material, probe). The engine is the one
// the registry draughts/engines chooses for the rule system, chosen in one
// place (job.run in game.go): the 10x10 bitboard generator for
// international draughts and qui-perd-gagne, bitboard8 for the 8x8 systems
// and Turkish, bitboard12 for Canadian (12x12) and Manoury's rule, the
// generic engine for the rest (docs/engines.md).
// The stated solutions are always read and replayed with the generic
// engine, which knows the books' notations.
//
// # Endgame tables
//
// Positions of few pieces are decided by retrograde tables instead of
// searched, through package tables alone, whatever the rule system:
// Options.Tables is the program's one handle (nil: no tables at all), and
// each search holds its system of the position's rules (tables.System). A
// search reads the tables saved in the table directory, and builds the
// signatures of up to four pieces it meets that are missing (five at the
// root of a small ending), within a bound in positions set from its time
// (search.go, useTables); package tables builds the international ones
// with its international builder, the others with its generic one. The
// bounded search uses their distances, so shortest wins stay exact. Draws
// and king endings, where df-pn has to exhaust cycles, are where the
// tables matter. When the directory holds every signature of 2 to n
// pieces (tables.System.Reach),
// df-pn judges a position of up to n pieces from its table as soon as it
// is generated, and guesses a position one capture above as nearer a
// decision. Without tables, an ending of up to four pieces is solved by a
// closure (closure.go): every position reachable from it listed, the wins
// computed backwards with exact distances, when they fit the memory budget.
//
// # Draws
//
// A draw is proven as "the other side has no forced win": the searches
// attack for the opponent and must fail. Verify checks that after every
// stated move of the drawing side, and at every leaf.
//
// # Why df-pn rather than PN²
//
// Both grow the same AND/OR proof tree by the same most-proving-node rule;
// they differ in where the tree lives. PN² (Breuker) keeps the first-level
// tree in memory and runs a second, throw-away PN search at each of its
// leaves: memory grows with the first-level tree and nothing bounds it,
// and the second-level work is lost each time. df-pn re-expresses the
// search as recursive threshold-bounded descents, so the only memory is the
// transposition table, whose size we fix in advance: when it is full the
// cheapest entries are replaced and the search redoes some work instead of
// failing. A verifier runs thousands of small proofs on all cores under a
// fixed memory budget, and draughts transposes heavily once kings appear;
// a bounded table that also merges transpositions fits that better than a
// tree that grows until the budget is gone. df-pn's known weaknesses are
// handled by the refinements above (1+ε against thrashing between siblings,
// weak proof numbers against over-counting transpositions, repetition
// disproofs stored with the position they rest on against graph-history
// errors).
//
// # What is proven
//
// A "win" is always a complete proof: every defence answered. A "draw" or
// a disproof means the search covered every attacker try, counting a return
// to a position of the current line as a failure for the attacker. When the
// budget runs out the answer is "unknown", never a guess.
package solver
