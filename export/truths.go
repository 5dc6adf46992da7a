package export

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/go-pdf/fpdf"

	"metz/problems"
)

// Truth is what metz found of the claims a source makes, as the caller
// fills it in: the "truth of the books" section that closes a document.
type Truth struct {
	Source string               `json:"source"`
	Title  string               `json:"title"`
	Claims []problems.BookClaim `json:"claims"` // the source's claims, the disagreements first
}

// counts is how many claims hold, fail, were quoted to be refuted, were
// not read.
func (t Truth) counts() (agree, disagree, refuted, unread int) {
	for _, c := range t.Claims {
		switch c.Verdict {
		case problems.ClaimAgree:
			agree++
		case problems.ClaimDisagree:
			disagree++
			if c.Voice != "" {
				refuted++
			}
		default:
			unread++
		}
	}
	return
}

// truthHeading is the section's title, in French like the documents.
const truthHeading = "Vérité des livres"

// truthSummary says in French what the check found.
func (t Truth) truthSummary() string {
	agree, disagree, refuted, unread := t.counts()
	return fmt.Sprintf("%s (%s) : %d assertions relevées ; %d vérifiées en comptant les coups : %d justes, %d fausses (dont %d que le livre cite pour les réfuter) ; %d non lues.",
		t.Title, t.Source, len(t.Claims), agree+disagree, agree, disagree, refuted, unread)
}

// truthLines are the claims that do not hold, one line each, in French:
// where, the words, the count stated and the count of the throws, and the
// throws that make the difference.
func (t Truth) truthLines() []string {
	var out []string
	for _, c := range t.Claims {
		if c.Verdict != problems.ClaimDisagree || c.Stated == nil || c.Computed == nil {
			continue
		}
		l := fmt.Sprintf("%s, ligne %d : « %s » — le livre : %d, le compte : %d", c.Chapter, c.Line, c.Wording, *c.Stated, *c.Computed)
		if c.Throws != "" {
			l += " (" + c.Throws + ")"
		}
		if c.Voice != "" {
			l += " ; citée pour être réfutée"
		}
		out = append(out, l+".")
	}
	return out
}

// writeBookTruths closes a book text with the section as comment lines
// ("# "), which the transcription reader skips: the file reads back the same.
func writeBookTruths(w io.Writer, truths []Truth) error {
	var b strings.Builder
	for _, t := range truths {
		b.WriteString("\n# " + truthHeading + "\n# " + t.truthSummary() + "\n")
		for _, l := range t.truthLines() {
			b.WriteString("#   " + l + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// TruthElement is the element a JSON export ends with when it carries
// the section: an object with this one key, which the JSON reader skips.
const TruthElement = "truth_of_the_books"

// truthJSON is the JSON element of the section.
func truthJSON(truths []Truth) json.RawMessage {
	raw, _ := json.Marshal(map[string][]Truth{TruthElement: truths})
	return raw
}

// htmlTruths writes the section as the document's last part.
func htmlTruths(b *strings.Builder, truths []Truth) {
	if len(truths) == 0 {
		return
	}
	b.WriteString("<section class=\"index truths\"><h2>" + truthHeading + "</h2>\n")
	for _, t := range truths {
		b.WriteString("<p>" + html.EscapeString(t.truthSummary()) + "</p>\n")
		if lines := t.truthLines(); len(lines) > 0 {
			b.WriteString("<ul>\n")
			for _, l := range lines {
				b.WriteString("<li>" + html.EscapeString(l) + "</li>\n")
			}
			b.WriteString("</ul>\n")
		}
	}
	b.WriteString("</section>\n")
}

// pdfTruths writes the section on pages of its own.
func pdfTruths(pdf *fpdf.Fpdf, truths []Truth) {
	if len(truths) == 0 {
		return
	}
	var bs []textBlock
	for _, t := range truths {
		bs = append(bs, textBlock{fontText, "", 10, 3, t.truthSummary()})
		for _, l := range t.truthLines() {
			bs = append(bs, textBlock{fontText, "", 9, 1, "• " + l})
		}
	}
	for first := true; len(bs) > 0; first = false {
		pdf.AddPage()
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont(fontText, "B", 14)
		pdf.SetXY(pdfMargin, pdfMargin)
		heading := truthHeading
		if !first {
			heading += " (suite)"
		}
		pdf.CellFormat(contentW, 8, heading, "", 1, "L", false, 0, "")
		bs = printBlocks(pdf, bs, pdfMargin, pdfMargin+10, contentW, pageH-pdfMargin)
	}
}
