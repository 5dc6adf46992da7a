package problems

// Source describes a book or file problems come from.
type Source struct {
	Key      string `json:"key"` // short stable key: "metz", "vantenac", or a file's base name
	Title    string `json:"title"`
	Author   string `json:"author,omitempty"`
	Year     int    `json:"year,omitempty"`
	Edition  string `json:"edition,omitempty"`
	File     string `json:"file,omitempty"`     // file name it was read from
	Checksum string `json:"checksum,omitempty"` // sha256 of the file's bytes
}

// SourceText is a numbered passage of a source kept for reading (the Livre
// de Metz's rules of the game), not a problem.
type SourceText struct {
	Kind   string `json:"kind"`   // "rule"
	Number int    `json:"number"` // the source's number
	Text   string `json:"text"`
	Line   int    `json:"line,omitempty"` // where it starts in the source file
}
