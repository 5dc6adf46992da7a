package export

import (
	"fmt"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// The PDF's fonts are the Go fonts, embedded as TrueType (UTF-8): the
// PDF core fonts know only a Western code page and print "→" and the like
// as ".". The Go fonts cover WGL4 — accents, dashes, "½", arrows —, every
// character metz writes; TestPDFFontDrawsEveryCharacter checks it.
const (
	fontText = "gotext"
	fontMono = "gomono"
)

// addFonts registers the fonts with the document (only the characters a
// document uses are embedded).
func addFonts(pdf *fpdf.Fpdf) error {
	pdf.AddUTF8FontFromBytes(fontText, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(fontText, "B", gobold.TTF)
	pdf.AddUTF8FontFromBytes(fontText, "I", goitalic.TTF)
	pdf.AddUTF8FontFromBytes(fontMono, "", gomono.TTF)
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("pdf fonts: %w", err)
	}
	return nil
}
