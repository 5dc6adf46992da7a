package guiton

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"metz/sources"
)

func TestDebugClaims(t *testing.T) {
	if os.Getenv("DBG") == "" {
		t.Skip()
	}
	data, _ := sources.Read(sources.Trictrac)
	for _, c := range Read(data) {
		c.Text = ""
		c.Throws = nil
		b, _ := json.Marshal(c)
		fmt.Printf("%s %s\n", c.Status(), b)
	}
}

func TestDebugLine(t *testing.T) {
	line := os.Getenv("LINE")
	if line == "" {
		t.Skip()
	}
	data, _ := sources.Read(sources.Trictrac)
	d := parse(data)
	for _, s := range d.sentences {
		if fmt.Sprint(s.line) != line {
			continue
		}
		fmt.Println(s.text)
		for i, tk := range s.toks {
			fmt.Printf("%d:%s ", i, tk.key)
		}
		fmt.Println()
		fmt.Printf("cues %+v\nsets %+v\nmentions %+v\n", kindCues(s.toks, s.game), numberSets(s.toks), mentions(s.toks, nil))
		for _, f := range boardFacts(s.toks) {
			var b board
			f.apply(&b)
			fmt.Printf("fact at %d: %+v\n", f.at, b)
		}
	}
}

func TestDebugArith(t *testing.T) {
	if os.Getenv("DBG") == "" {
		t.Skip()
	}
	toks := tokenize("que trois nombres donnent quarante - quatre chances or tous les nombres réunis n'en peuvent donner que trente-six, ainsi")
	for i := range toks {
		fmt.Println(i, toks[i].key, isArith(toks, i, i+3))
	}
}
