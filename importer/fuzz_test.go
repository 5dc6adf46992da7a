package importer

import (
	"bytes"
	"metz/draughts"
	"strings"
	"testing"

	"metz/pdn"
	"metz/problems"
	"metz/problems/pdngame"
)

// Any bytes given as a PDN file, sealed metz exports among them, are read
// or refused with an error; never a crash, and every record read has a
// source.
func FuzzReadPDN(f *testing.F) {
	p := &problems.Problem{Source: "club", Number: 2, Rules: draughts.International, Position: problems.MustPosition(draughts.International, "W:W32:B27"), Stipulation: problems.StipWin,
		Solution: &problems.Tree{Children: []*problems.Node{{Move: "32x21", White: true}}}}
	g := pdngame.Game(p)
	if err := pdngame.Seal(g, p); err != nil {
		f.Fatal(err)
	}
	var b bytes.Buffer
	if err := pdn.Write(&b, []*pdn.Game{g}); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add([]byte(strings.Replace(b.String(), "32x21", "32-28", 1)))
	f.Add([]byte("[MetzSource \"x\"]\n[MetzRecord \"{\\\"v\\\":1,\\\"record\\\":{}}\"]\n1. 32-28 *\n"))
	f.Add([]byte("[FEN \"W:W28:B23\"]\n[Result \"2-0\"]\n[Site \"?\"]\n1. 28x19 2-0\n"))
	f.Add([]byte("[MetzDiagram \"none\"]\n[MetzTags \"a, b\"]\n1. 32-28 *\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Reader("f.pdn", bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, p := range b.Problems {
			if p.Source == "" {
				t.Errorf("record %d without a source", p.Number)
			}
		}
	})
}
