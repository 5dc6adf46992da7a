package problems

// BookClaim is a statement a source makes that metz checks, with metz's
// answer: a count of chances Guiton's Trictrac treatise states, checked by
// counting the throws of two dice. It is the source's, not any problem's.
type BookClaim struct {
	Number    int    `json:"number"` // its order in the source
	Chapter   string `json:"chapter,omitempty"`
	Line      int    `json:"line"` // where it stands in the source file
	Kind      string `json:"kind"`
	Subject   string `json:"subject,omitempty"` // what it is about (the game)
	Wording   string `json:"wording"`           // the words that state it
	Text      string `json:"text"`              // the sentence that holds it
	Situation string `json:"situation,omitempty"`
	Stated    *int   `json:"stated,omitempty"`
	Computed  *int   `json:"computed,omitempty"`
	Verdict   string `json:"verdict"`          // ClaimAgree, ClaimDisagree or ClaimUnread
	Voice     string `json:"voice,omitempty"`  // "refuted": the source quotes it to refute it
	Detail    string `json:"detail,omitempty"` // the throws that make a disagreement, or why it is unread
	Throws    string `json:"throws,omitempty"` // for a disagreement, the throws that make it ("3-3 2-2")
}

// The verdicts of a BookClaim.
const (
	ClaimAgree    = "agree"
	ClaimDisagree = "disagree"
	ClaimUnread   = "unread"
)
