package livremetz

// cleanText returns the passage [from, to) of d as clean as the scan allows:
// the runes as scanned, with the word gaps put back (see Segment).
func cleanText(d *doc, from, to int) string { return Segment(d.text(from, to)) }
