package verdict

import "metz/problems"

// Report is the verdict on one problem with its evidence. Places in the
// stated tree are written as node paths: "1.2.1" is the first child of the
// second child of the first root child (1-based); Ply is the path's length.
type Report struct {
	ProblemID int64   `json:"problem_id,omitempty"`
	Label     string  `json:"label,omitempty"`
	Verdict   Verdict `json:"verdict"`
	Dual      bool    `json:"dual"`
	Rules     string  `json:"rules"`
	Goal      string  `json:"goal"`             // the goal verified, with its bound ("promote/11")
	Stated    string  `json:"stated,omitempty"` // the stipulation as given, when the goal was read from the stated line
	Within    int     `json:"within,omitempty"` // the goal's bound in plies (0: none)
	// Stipulation says in words what the verdict on a bounded goal
	// states: "the key crowns within 11 plies against every defence
	// (the stated line at ply 7); no other first move does within 11".
	Stipulation string `json:"stipulation,omitempty"`
	// Claim judges the source's plain "wins" when the verdict is on the
	// goal its line implies: proven, refuted, or not proven with the
	// material at the end of the line.
	Claim     string    `json:"claim,omitempty"`
	Reached   []Reached `json:"reached,omitempty"` // goals met before the end of a stated line
	Key       string    `json:"key,omitempty"`     // the stated first move, full path
	Keys      []string  `json:"keys,omitempty"`    // every first move proven to meet the goal
	Cooks     []Cook    `json:"cooks,omitempty"`
	Undecided []string  `json:"undecided_keys,omitempty"` // first moves neither proven nor refuted
	// UndecidedLines says, for each of Undecided (OpenLine.Move), where
	// its search stopped.
	UndecidedLines []OpenLine `json:"undecided_lines,omitempty"`
	Horizon        int        `json:"horizon,omitempty"` // plies within which the InHorizon moves were refuted
	// InHorizon: first moves with no win within Horizon plies (none as
	// fast as the key), but not refuted outright: a slower win is not
	// excluded, so they keep the verdict from sound.
	InHorizon    []string        `json:"refuted_within_horizon,omitempty"`
	Refutation   *Refutation     `json:"refutation,omitempty"`
	Omitted      []Omitted       `json:"omitted,omitempty"`
	Duals        []Dual          `json:"duals,omitempty"`
	Misprints    []MisprintPlace `json:"misprints,omitempty"`
	Repairs      []RepairResult  `json:"repairs,omitempty"`
	Unproven     []UnprovenLeaf  `json:"unproven,omitempty"`
	LeavesProven int             `json:"leaves_proven"`
	ProvenLeaves []string        `json:"proven_leaves,omitempty"` // the stated lines' ends proven, by path
	TableLeaves  []string        `json:"table_leaves,omitempty"`  // places whose proof read the endgame tables
	// TableLeavesNoDistance lists, of TableLeaves, the places whose proof
	// read a table that stores no distance (the international 6-piece
	// tables: win, draw or loss alone).
	TableLeavesNoDistance []string `json:"table_leaves_no_distance,omitempty"`
	TableHits             int64    `json:"table_hits,omitempty"`   // positions the tables decided, all searches`
	TablesBuilt           int64    `json:"tables_built,omitempty"` // table positions built for this verification (see solver.Options.Tables)
	// TablesUnsaved counts the positions the searches met of a material
	// the tables can hold (tables.MaxPieces) but with no table saved or
	// built: non-zero when building the tables ahead could change the
	// verdict.
	TablesUnsaved int64 `json:"tables_unsaved,omitempty"`
	KeyPlies      int   `json:"key_plies,omitempty"` // shortest win after the stated key, counting the key
	// KeyPliesAtMost: when the key's shortest win was too dear to
	// establish, the length of a proven win after it (an upper bound),
	// counting the key; the horizon is then measured from it.
	KeyPliesAtMost int     `json:"key_plies_at_most,omitempty"`
	ProofNodes     int64   `json:"proof_nodes"`    // positions searched for this report
	Work           *Work   `json:"work,omitempty"` // ProofNodes by part of the verification
	Seconds        float64 `json:"seconds"`
	SolverVersion  string  `json:"solver_version"`
	Budget         Budget  `json:"budget"`
	// DualsUnsearched are the stated attacker's places (the moves leading
	// to each) where duals were not searched: the stated move's shortest
	// win was not established within the budget.
	DualsUnsearched []string `json:"duals_unsearched,omitempty"`
	Notes           []string `json:"notes,omitempty"`
	// LineFindings are the printed line's own flaws: a printed move of
	// the solving side that fails where another move works. The key is
	// judged by what it forces, so such a move is a flaw of the line,
	// reported with the move that works, not a refutation of the key.
	LineFindings []LineFinding `json:"line_findings,omitempty"`
}

// LineFinding kinds.
const (
	// FindingFails: the printed move fails where another move works.
	FindingFails = "fails"
)

// LineFinding is a printed move of the solving side that fails where
// another move works (Kind FindingFails).
type LineFinding struct {
	Kind    string   `json:"kind"`
	Path    string   `json:"path"` // the place where the printed move is played
	Ply     int      `json:"ply"`  // the printed move's ply
	After   string   `json:"after,omitempty"`
	Printed string   `json:"printed"`
	Fails   []string `json:"fails"`           // the printed move and the line that defeats it
	Note    string   `json:"note"`            // why that line defeats it
	Works   string   `json:"works"`           // a move that works there
	Plies   int      `json:"plies,omitempty"` // its shortest win counting it, when established
	// Proof is the winning move's proof tree from the place (none for a
	// draw: the other side's failure is its proof).
	Proof *problems.Tree `json:"proof,omitempty"`
}

// Cook is another first move that meets the goal, with its proof.
type Cook struct {
	Move  string         `json:"move"`
	Plies int            `json:"plies,omitempty"` // shortest win counting the move, when established
	Proof *problems.Tree `json:"proof,omitempty"`
}

// Refutation is a defence that escapes, or a stated line whose end is not won.
type Refutation struct {
	Path string   `json:"path"`
	Ply  int      `json:"ply"`
	Line []string `json:"line"` // the moves from the start, the escaping one last
	Note string   `json:"note"`
}

// Omitted is a legal defence the source does not give, which still loses.
type Omitted struct {
	Path    string         `json:"path"` // the defender's node where it is missing
	Ply     int            `json:"ply"`
	After   string         `json:"after,omitempty"` // the stated moves leading to it
	Defence string         `json:"defence"`
	Answer  *problems.Tree `json:"answer,omitempty"` // the solver's winning answer
}

// Dual is another attacker move that also wins where the source gives one.
type Dual struct {
	Path        string `json:"path"`
	Ply         int    `json:"ply"`
	After       string `json:"after,omitempty"` // the stated moves leading to it
	Stated      string `json:"stated"`
	Alternative string `json:"alternative"`
	Plies       int    `json:"plies"` // it wins within this many plies, as fast as the stated move
}

// MisprintPlace is a stated move that cannot be played where it stands.
type MisprintPlace struct {
	Path       string   `json:"path"`
	Ply        int      `json:"ply"`
	Line       int      `json:"line,omitempty"` // source line
	Text       string   `json:"text"`           // as printed
	Reason     string   `json:"reason"`
	Candidates []string `json:"candidates,omitempty"`
}

// RepairResult is the verdict of the problem with one misprint replaced by
// a nearby legal move (the stored record is never modified).
type RepairResult struct {
	Path    string  `json:"path"`
	Ply     int     `json:"ply"`
	Printed string  `json:"printed"`
	Repair  string  `json:"repair"`
	Verdict Verdict `json:"verdict"`
	Dual    bool    `json:"dual"`
	Note    string  `json:"note,omitempty"`
}

// UnprovenLeaf is a place the budget left open.
type UnprovenLeaf struct {
	Path   string   `json:"path"`
	Ply    int      `json:"ply"`
	Line   []string `json:"line"`
	FEN    string   `json:"fen"`
	Nodes  int64    `json:"nodes"` // spent on it
	Reason string   `json:"reason"`
	// Open is where the search of this place stopped (nil in reports
	// stored before it was recorded, and where no search ran).
	Open *OpenLine `json:"open_line,omitempty"`
}

// OpenLine explains a place the budget left open: the line the search
// would have followed next, read from its own table after it stopped (at
// the attacker's positions the move with the smallest proof number, at
// the defender's the reply with the smallest disproof number: the most
// proving line of proof-number search), from the place to the frontier,
// the position where that line leaves what the search settled or
// expanded. The frontier's material and whether the endgame tables hold
// it say what would take the search further.
type OpenLine struct {
	Move     string   `json:"move,omitempty"` // the undecided first move it explains (UndecidedLines)
	Line     []string `json:"line"`           // from the place (the first move included, for Move) to the frontier
	FEN      string   `json:"fen"`            // the frontier
	Pieces   int      `json:"pieces"`
	Material string   `json:"material"` // "4 v 3: 2 men and 2 kings v 3 kings", the attacker's first
	// Tables says whether the endgame tables hold the frontier's
	// material: TablesSaved, TablesInMemory or TablesNone.
	Tables string `json:"tables"`
	// Build is a command that would build the frontier's tables, when
	// none holds them and the rule system has tables of that size; with
	// BuildPositions (what it analyses) and BuildMemoryMB (the most
	// memory one of its builds takes). PlanBuild sets the three.
	Build          string `json:"build,omitempty"`
	BuildPositions int64  `json:"build_positions,omitempty"`
	BuildMemoryMB  int64  `json:"build_memory_mb,omitempty"`
	Ends           string `json:"ends"`  // why the line stops there
	Nodes          int64  `json:"nodes"` // spent on the place or first move
}

// OpenLine.Tables values.
const (
	TablesSaved    = "saved"
	TablesInMemory = "in memory"
	TablesNone     = "none"
)

// Reached is a place where a stated line meets the goal before it ends:
// the moves printed after it are the continuation. They were replayed
// (an unplayable one is a misprint like any other) but are not judged:
// a goal reached is not undone by what follows.
type Reached struct {
	After        string   `json:"after"`        // the stated moves up to the goal
	Ply          int      `json:"ply"`          // where the goal is met
	Continuation []string `json:"continuation"` // the main line printed after it
}

// Work is where one verification's nodes went, so that a report says
// which part of the work cost what, and an unproven one which part the
// budget did not cover.
type Work struct {
	Keys     int64 `json:"keys"`     // other first moves (cooks), the key's horizon
	Defences int64 `json:"defences"` // omitted defences and their answers
	Leaves   int64 `json:"leaves"`   // the ends of the stated lines; a draw's checks
	Duals    int64 `json:"duals"`    // other attacker moves along the stated lines
}
