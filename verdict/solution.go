package verdict

import "metz/problems"

// The results of a solve, for the side to move.
const (
	ResultWin     = "win"     // the goal is forced
	ResultLoss    = "loss"    // the opponent forces a win
	ResultDraw    = "draw"    // neither side forces a win; for gain/promote: the goal cannot be forced
	ResultUnknown = "unknown" // the budget ran out first
)

// Solution is what a solve proves from a position: the result for the
// side to move, its keys and proof, within a budget. The solver writes it
// and the front ends print it.
type Solution struct {
	Result    string         `json:"result"`
	Goal      string         `json:"goal"`                // the goal, with its bound ("promote/11")
	Plies     int            `json:"plies,omitempty"`     // exact length of the shortest forced win, or of the longest defence of a loss the tables hold; 0 if not established
	Keys      []string       `json:"keys"`                // every first move that meets the goal (full path)
	Undecided []string       `json:"undecided,omitempty"` // first moves the budget left open
	Nodes     int64          `json:"nodes"`
	Seconds   float64        `json:"seconds"`
	Tree      *problems.Tree `json:"tree,omitempty"` // the proof: one attacker move, every defence
	Note      string         `json:"note,omitempty"`
	// Open is where the search stopped when the result is unknown (the
	// win of the side to move, or for a draw or a loss the opponent's):
	// verify's open line (Report.UndecidedLines), from the position.
	Open      *OpenLine `json:"open_line,omitempty"`
	Rules     string    `json:"rules"`
	Budget    Budget    `json:"budget"`
	TableHits int64     `json:"table_hits,omitempty"` // positions decided by the endgame tables
	// TableHitsNoDistance counts, of TableHits, the positions decided
	// by a table that stores no distance (the international 6-piece
	// tables: win, draw or loss alone).
	TableHitsNoDistance int64 `json:"table_hits_no_distance,omitempty"`
	// TablesBuilt counts the table positions built for this solve (the
	// signatures its searches met that were neither in memory nor in
	// the table directory).
	TablesBuilt int64 `json:"tables_built,omitempty"`
	// TablesUnsaved: positions met of a material the tables can hold
	// with no table saved or built (as Report.TablesUnsaved).
	TablesUnsaved int64 `json:"tables_unsaved,omitempty"`
}
