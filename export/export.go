package export

import (
	"fmt"
	"io"
	"strings"
)

// Formats lists the output formats, in the order the command documents them.
var Formats = []string{"book", "pdn", "json", "html", "pdf"}

// Binary reports whether a format's output is not text (it is not written
// to a terminal).
func Binary(format string) bool { return format == "pdf" }

// Write renders items in one of Formats.
func Write(w io.Writer, format string, items []Item, o HTMLOptions) error {
	switch format {
	case "book":
		if err := WriteBook(w, items); err != nil {
			return err
		}
		return writeBookTruths(w, o.Truths)
	case "pdn":
		return WritePDN(w, items)
	case "json":
		return writeJSON(w, items, o.Truths)
	case "html":
		return WriteHTML(w, items, o)
	case "pdf":
		return WritePDF(w, items, o)
	}
	return fmt.Errorf("unknown export format %q (expected one of %s)", format, strings.Join(Formats, ", "))
}
