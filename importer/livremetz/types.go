package livremetz

// Index is what the first part of the Livre de Metz says about the 415 coups
// of its second part, plus the texts the project takes from it (rules, the one
// complete execution, endgame claims).
type Index struct {
	File       string
	Count      int // number of coups the book announces (415)
	Classes    []Class
	Coups      []Coup // Count records, numbered 1..Count
	ThemeLists []ThemeList
	Claims     []Claim
	Execution  *Execution // nil when the text holds none
	Rules      []RuleText
	Warnings   []Warning
}

// Class is one class of coups as the book delimits it (`du nº 78 au nº 371,
// avec des Dames et des Pions`).
type Class struct {
	Key   string // stable ASCII key, see the package documentation
	Label string // the book's French words
	From  int
	To    int
	Line  int
}

// ClassRef names the class of one coup.
type ClassRef struct {
	Key   string
	Label string
}

// Coup is one of the numbered coups of the second part. Its position is not
// in this text; the record carries what the first part says about it.
type Coup struct {
	Number       int
	Class        ClassRef
	QuiPerdGagne bool
	Themes       []ThemeRef
	Refs         []CrossRef
	Remarks      []string
}

// ThemeRef says that a coup appears in one of the book's lists.
type ThemeRef struct {
	Theme string // general theme key (lunette, coup-de-repos, …)
	List  string // key of the ThemeList that cites the coup
	Label string // the book's French label of that list
	Line  int    // source line where the number is printed
}

// CrossRef links a coup to another one the book pairs it with.
type CrossRef struct {
	Coup int
	Kind string // same-coup-other-line, same-after-first-move, differs-at-start, differs-at-end
	Note string // the book's French words
	Line int
}

// ThemeList is one list of coup numbers the text gives.
type ThemeList struct {
	Key     string // stable ASCII key, see the package documentation
	Theme   string // general theme key shared by related lists
	Label   string // French label, in the book's words
	Numbers []int  // in printed order (ranges expanded); corrections applied
	Printed []int  // the numbers as read, only when a correction changed them
	Lines   []int  // source lines the numbers are printed on
	Range   bool   // the book gives the list as a range (`373 à 383`)
	Derived bool   // built by the rule the book states, not printed as a list
}

// Claim is a statement of the text about the result of an ending or of a
// family of coups.
type Claim struct {
	ID    string
	Text  string // French, as cleaned
	Coups []int  // coup numbers the claim cites
	Line  int    // first source line
}

// Execution is the one complete execution printed in the first part, in the
// book's two-column notation.
type Execution struct {
	Coup  int // the coup it belongs to, 0 when the text does not say
	Line  int // source line where it starts (the BLANCS. heading)
	Moves []ExecMove
}

// ExecMove is one line of the execution.
type ExecMove struct {
	Line     int
	Raw      string // the line with letter-spacing undone
	Text     string // book style: `20 à 14`, `31 27`, `si 35 40 ou non`, `39 34 gagne.`
	Column   string // BLANCS or NOIRS; empty when it could not be told
	Inferred bool   // the column was inferred from the direction of the move
	From, To int    // squares; 0 when unreadable
	Si       bool   // an alternative defence introduced by `si`
	OuNon    bool   // `ou non`: the move may be played or not, same result
	Gagne    bool   // the line ends the execution with `gagne`
	Certain  bool   // the squares were read without guessing
}

// RuleText is one of the 22 rules of the game à la polonaise.
type RuleText struct {
	Number int
	Text   string
	Line   int
	Notes  []string // footnotes printed with the rule
}

// Warning records something that could not be read with certainty.
type Warning struct {
	Line     int
	Text     string // what the source holds, and what was done with it
	Expected string // the reading kept or proposed
}
