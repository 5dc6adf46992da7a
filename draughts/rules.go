package draughts

import (
	"fmt"
	"sort"
	"strings"
)

// Precedence is the rule that filters complete capture sequences.
type Precedence uint8

const (
	// Free: any complete capture may be chosen (Russian, French without majority).
	Free Precedence = iota
	// Quantity: the most pieces, a king counting one (international).
	Quantity
	// QuantityKings: the most pieces, then the most kings (Spanish, Manoury).
	QuantityKings
	// ItalianOrder: the most pieces; then capture with a king; then the most
	// kings; then the king met earliest (lexicographic on the capture order).
	ItalianOrder
	// WithKing: a king must capture when one can, whatever a man could
	// take; otherwise the choice is free (Czech).
	WithKing
	// Value: the capture of highest value, a man counting one and a king a
	// little less than two (more than one man, fewer than two); among
	// captures of equal value (the same men and kings), one made by a king
	// (Frisian).
	Value
)

// Passing says what happens to a man that reaches its promotion row during a
// capture and could go on capturing.
type Passing uint8

const (
	// StayMan: it continues as a man and is crowned only if it ends there.
	StayMan Passing = iota
	// BecomeKing: it is crowned at once and continues as a king (Russian).
	BecomeKing
)

// Rules is a complete rule system. The presets below are the only values the
// program builds; a Rules value is never modified after start-up.
type Rules struct {
	Name  string // key used by --rules
	Title string // human name
	Geo   *Geometry

	MenSideways        bool // men also move and capture sideways (Turkish)
	OrthoCaptures      bool // men and kings also capture along ranks and files (Frisian; directions 4..7)
	MenCaptureBackward bool
	MenCaptureKings    bool // false only in Italian
	FlyingKings        bool // kings move and capture at a distance
	KingLandsBehind    bool // a flying king must stop right behind the captured piece
	ImmediateRemoval   bool // captured pieces leave the board at once (Turkish, Thai)
	TurnBack           bool // with ImmediateRemoval, a capture may turn back 180° (Thai; Turkish forbids it)
	Passing            Passing
	Precedence         Precedence
	LosingGame         bool // qui perd gagne: the side that cannot move wins
	// KingMoveLimit, when above 0, is how many quiet moves in a row a side
	// that still has men may make with one king (Frisian: 3); the count
	// is position state (Position.Runs).
	KingMoveLimit int

	FirstMover Color
	StartRows  int  // rows of men for each side at the start
	StartGap   int  // empty rows behind the men at the start (Turkish: 1)
	Algebraic  bool // moves are written "c3-d4" rather than "32-28"
	CaptureSep byte // 'x' or ':'
	GameType   int  // PDN GameType number
	Note       string
}

func diag(w int, layout Layout, num Numbering) *Geometry { return NewGeometry(w, w, layout, num) }

var (
	geo10   = diag(10, DiagonalA1, TopLeft)
	geo8    = diag(8, DiagonalA1, TopLeft)
	geo12   = diag(12, DiagonalA1, TopLeft)
	geoIt   = diag(8, DiagonalH1, TopLeft)
	geoEs   = diag(8, DiagonalH1, BottomRight)
	geoTurk = NewGeometry(8, 8, Orthogonal, RowMajor)
)

// international builds the FMJD rules on a given board.
func international(name, title string, g *Geometry, rows, gameType int) *Rules {
	return &Rules{Name: name, Title: title, Geo: g, MenCaptureBackward: true, MenCaptureKings: true,
		FlyingKings: true, Precedence: Quantity, StartRows: rows, CaptureSep: 'x', GameType: gameType}
}

// The rule systems named in the sources.
var (
	International = international("international", "International draughts (jeu à la polonaise, FMJD)", geo10, 4, 20)
	Manoury       = withPrecedence(international("manoury", "Manoury's older rule: the most pieces, then the most kings", geo10, 4, 20), QuantityKings)
	QuiPerdGagne  = losing(international("qui-perd-gagne", "Qui perd gagne (losing game) on 100 squares", geo10, 4, 20))
	Brazilian     = algebraic(international("brazilian", "Brazilian draughts (international rules on 8x8)", geo8, 3, 26))
	German        = algebraic(international("german", "German draughts (international rules on 8x8, as the variants article says)", geo8, 3, 26))
	Canadian      = international("canadian", "Canadian draughts (international rules on 12x12)", geo12, 5, 27)
	Francaise     = &Rules{Name: "francaise", Title: "Jeu à la française (64 squares, men forward only, short kings, majority rule)",
		Geo: geo8, MenCaptureKings: true, Precedence: Quantity, StartRows: 3, CaptureSep: 'x', GameType: 21}
	Spanish = &Rules{Name: "spanish", Title: "Spanish draughts (men capture forward only, flying kings, most pieces then most kings)",
		Geo: geoEs, MenCaptureKings: true, FlyingKings: true, Precedence: QuantityKings, StartRows: 3, CaptureSep: 'x', GameType: 24}
	Italian = &Rules{Name: "italian", Title: "Italian draughts (FID)", Geo: geoIt, FlyingKings: false,
		Precedence: ItalianOrder, StartRows: 3, CaptureSep: 'x', GameType: 22}
	Russian = &Rules{Name: "russian", Title: "Russian draughts (shashki)", Geo: geo8, MenCaptureBackward: true,
		MenCaptureKings: true, FlyingKings: true, Passing: BecomeKing, Precedence: Free, StartRows: 3,
		Algebraic: true, CaptureSep: ':', GameType: 25}
	// English checkers: the jeu à la française's moves without its majority
	// rule, Black moving first (dctl's checkers rules; PDN GameType 21).
	English = &Rules{Name: "english", Title: "English checkers (straight checkers: men forward only, short kings, free choice of captures, Black moves first)",
		Geo: geo8, MenCaptureKings: true, Precedence: Free, FirstMover: Black, StartRows: 3, CaptureSep: 'x', GameType: 21}
	// Czech draughts (damweb.cz rules, as dctl's czech preset restates
	// them): men move and capture forward only, flying kings, and the one
	// precedence rule that a king must capture if a king can.
	Czech = &Rules{Name: "czech", Title: "Czech draughts (men capture forward only, flying kings, a king must capture when it can)",
		Geo: geo8, MenCaptureKings: true, FlyingKings: true, Precedence: WithKing, StartRows: 3,
		Algebraic: true, CaptureSep: ':', GameType: 29}
	// American pool checkers (APCA rules, as dctl's pool preset restates
	// them): Russian's moves without the crowning in passing — a man that
	// reaches the last row during a capture goes on as a man — and free
	// choice among captures; Black moves first, squares numbered as in
	// English checkers.
	Pool = &Rules{Name: "pool", Title: "American pool checkers (men capture backward, flying kings, free choice of captures, Black moves first)",
		Geo: geo8, MenCaptureBackward: true, MenCaptureKings: true, FlyingKings: true, Precedence: Free,
		FirstMover: Black, StartRows: 3, CaptureSep: 'x', GameType: 23}
	// Thai draughts (mak-hot; dctl's thai preset, MindSports' rules): men
	// move and capture forward only, kings fly but land right behind the
	// piece taken, captured pieces leave the board at once and a capture
	// may turn back over the square it freed; free choice among captures;
	// 8 men a side on the two nearest rows, White moves first.
	Thai = &Rules{Name: "thai", Title: "Thai draughts (mak-hot: 8 men a side, flying kings stop right behind, pieces taken off at once, free choice)",
		Geo: geo8, MenCaptureKings: true, FlyingKings: true, KingLandsBehind: true, ImmediateRemoval: true, TurnBack: true,
		Precedence: Free, StartRows: 2, CaptureSep: 'x', GameType: 31}
	// Frisian draughts (the Frisian federation's rules as lidraughts and
	// dctl play them): the international game with captures along ranks
	// and files too, the capture of highest value, and at most three quiet
	// moves in a row with one king while a side has men.
	Frisian = &Rules{Name: "frisian", Title: "Frisian draughts (captures along ranks and files too, the capture of highest value, a king moves three times in a row)",
		Geo: geo10, OrthoCaptures: true, MenCaptureBackward: true, MenCaptureKings: true, FlyingKings: true,
		Precedence: Value, KingMoveLimit: 3, StartRows: 4, CaptureSep: 'x', GameType: 40}
	Turkish = &Rules{Name: "turkish", Title: "Turkish draughts (dama)", Geo: geoTurk, MenSideways: true,
		MenCaptureKings: true, FlyingKings: true, ImmediateRemoval: true, Precedence: Quantity, StartRows: 2, StartGap: 1,
		Algebraic: true, CaptureSep: 'x', GameType: 30}
)

func withPrecedence(r *Rules, p Precedence) *Rules { r.Precedence = p; return r }
func losing(r *Rules) *Rules                       { r.LosingGame = true; return r }
func algebraic(r *Rules) *Rules                    { r.Algebraic = true; return r }

var allRules = []*Rules{International, Manoury, Francaise, Brazilian, German, Canadian, Spanish,
	Italian, Russian, Turkish, QuiPerdGagne, English, Czech, Pool, Thai, Frisian}

// AllRules lists every rule system in a stable order.
func AllRules() []*Rules { return append([]*Rules(nil), allRules...) }

// RuleNames lists the --rules keys.
func RuleNames() []string {
	names := make([]string, len(allRules))
	for i, r := range allRules {
		names[i] = r.Name
	}
	return names
}

var ruleAliases = map[string]string{
	"": "international", "polonaise": "international", "polish": "international", "fmjd": "international",
	"10x10": "international", "frysk": "frisian", "frysk!": "frisian", "fries": "frisian", "friesch": "frisian", "frison": "frisian",
	"frisian draughts": "frisian", "french": "francaise", "française": "francaise",
	"brazil": "brazilian", "canada": "canadian", "12x12": "canadian", "spain": "spanish",
	"portuguese": "spanish", "italy": "italian", "shashki": "russian", "dama": "turkish",
	"losing": "qui-perd-gagne", "antidraughts": "qui-perd-gagne", "giveaway": "qui-perd-gagne",
	"quiperdgagne": "qui-perd-gagne", "qpg": "qui-perd-gagne",
	"checkers": "english", "english checkers": "english", "straight checkers": "english",
	"american checkers": "english", "american/english": "english", "american": "english", "anglo american": "english", "english draughts": "english", "anglais": "english", "anglaise": "english",
	"czech draughts": "czech", "ceska dama": "czech", "česká dáma": "czech", "tchèque": "czech", "tcheque": "czech",
	"mak-hot": "thai", "makhos": "thai", "thai draughts": "thai", "thaï": "thai",
	"pool checkers": "pool", "american pool": "pool", "american pool checkers": "pool",
	"jeu à l'anglaise": "english", "à l'anglaise": "english", "a l'anglaise": "english",
	// The French names, as a transcription's "Règles :" line gives them.
	"internationale": "international", "jeu à la polonaise": "international", "à la polonaise": "international",
	"a la polonaise": "international", "à la française": "francaise", "a la francaise": "francaise",
	"jeu à la française": "francaise", "francais": "francaise", "français": "francaise",
	"russe": "russian", "brésilien": "brazilian", "brésilienne": "brazilian", "bresilien": "brazilian",
	"bresilienne": "brazilian", "allemand": "german", "allemande": "german", "italien": "italian",
	"italienne": "italian", "espagnol": "spanish", "espagnole": "spanish", "turc": "turkish",
	"turque": "turkish", "canadien": "canadian", "canadienne": "canadian", "qui perd gagne": "qui-perd-gagne",
	"à qui perd gagne": "qui-perd-gagne", "a qui perd gagne": "qui-perd-gagne",
}

// RulesByName finds a rule system by its key or a common alias.
func RulesByName(name string) (*Rules, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	if a, ok := ruleAliases[key]; ok && a != "" {
		key = a
	}
	for _, r := range allRules {
		if r.Name == key {
			return r, nil
		}
	}
	names := RuleNames()
	sort.Strings(names)
	return nil, fmt.Errorf("unknown rule system %q (expected one of %s)", name, strings.Join(names, ", "))
}

// gameTypes are the PDN GameType numbers and the rule system each names.
// Several of metz's systems write a neighbour's number, having none of
// their own (Manoury and qui perd gagne 20, German 26, the jeu à la
// française 21): a number read back names the system PDN means by it.
// Portuguese draughts (28) is the Spanish game: the Portuguese federation's
// rules, which dctl's Spanish preset follows, put the playable corner on
// each player's right and number from White's bottom right, as Spanish.
var gameTypes = map[int]*Rules{20: International, 21: English, 22: Italian, 23: Pool, 24: Spanish,
	25: Russian, 26: Brazilian, 27: Canadian, 28: Spanish, 29: Czech, 30: Turkish, 31: Thai, 40: Frisian}

// RulesByGameType maps a PDN GameType number to a rule system.
func RulesByGameType(t int) (*Rules, bool) {
	r, ok := gameTypes[t]
	return r, ok
}

// PromotionRow reports whether s is on the row where men of colour c are crowned.
func (r *Rules) PromotionRow(s int, c Color) bool {
	if c == White {
		return r.Geo.Row(s) == r.Geo.Height-1
	}
	return r.Geo.Row(s) == 0
}

// String returns the rules' key.
func (r *Rules) String() string { return r.Name }

// MarshalText writes the rule system as its key (Name), the text
// RulesByName reads back to the one canonical value.
func (r *Rules) MarshalText() ([]byte, error) { return []byte(r.Name), nil }
