package db

import (
	"reflect"
	"testing"

	"metz/problems"
)

func intp(n int) *int { return &n }

// A source's claims are stored with its import, read back as stored, and
// replaced whole by the next import that gives them; an import without
// them leaves them.
func TestClaimsStored(t *testing.T) {
	d := openTemp(t)
	src := problems.Source{Key: "trictrac", Title: "Traité complet du jeu de Trictrac"}
	claims := []problems.BookClaim{
		{Number: 1, Chapter: "Introduction", Line: 67, Kind: "reach", Subject: "trictrac", Wording: "vingt-cinq chances",
			Text: "Il est dit ...", Situation: "cover a point with checkers at 2 and 3", Stated: intp(25), Computed: intp(21),
			Verdict: problems.ClaimDisagree, Voice: "refuted", Detail: "the throws counted", Throws: "3-2 2-2"},
		{Number: 2, Chapter: "Backgammon I", Line: 8336, Kind: "", Wording: "nombre 8 a", Verdict: problems.ClaimUnread,
			Detail: "the count is lost to the scan"},
	}
	if _, err := d.ImportBatchWith(src, nil, nil, ImportOptions{Claims: claims}); err != nil {
		t.Fatal(err)
	}
	got, err := d.Claims("trictrac")
	if err != nil || !reflect.DeepEqual(got, claims) {
		t.Fatalf("claims read back: %v\n%+v\nwant %+v", err, got, claims)
	}
	if _, err := d.ImportBatchWith(src, nil, nil, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Claims(""); len(got) != 2 {
		t.Errorf("an import without claims changed them: %+v", got)
	}
	if _, err := d.ImportBatchWith(src, nil, nil, ImportOptions{Claims: claims[1:]}); err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Claims("trictrac"); len(got) != 1 || got[0].Number != 2 {
		t.Errorf("claims not replaced: %+v", got)
	}
	if got, err := d.Claims("none"); err != nil || len(got) != 0 {
		t.Errorf("another source's claims: %v %+v", err, got)
	}
	// A verdict the schema does not know is refused, and the import with it.
	bad := []problems.BookClaim{{Number: 1, Verdict: "maybe"}}
	if _, err := d.ImportBatchWith(src, nil, nil, ImportOptions{Claims: bad}); err == nil {
		t.Error("a claim with verdict \"maybe\" was stored")
	}
	if got, _ := d.Claims("trictrac"); len(got) != 1 {
		t.Errorf("a failed import changed the claims: %+v", got)
	}
}
