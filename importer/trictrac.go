package importer

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"metz/problems"
	"metz/trictrac/guiton"
)

// TrictracKey is the source key of Guiton's treatise.
const TrictracKey = "trictrac"

// trictracSource describes the treatise: no problem of draughts, but its
// counts of chances, each checked by counting the throws.
var trictracSource = problems.Source{Key: TrictracKey,
	Title:  "Traité complet du jeu de Trictrac, suivi d'un Traité du jeu de Backgammon",
	Author: "N. Guiton l'aîné", Year: 1822, Edition: "2nd edition"}

// isTrictracText reports whether the text is Guiton's treatise.
func isTrictracText(data []byte) bool {
	head := data[:min(len(data), 2000)]
	return bytes.Contains(head, []byte("TRAITÉ COMPLET DU JEU DE TRICTRAC"))
}

// readTrictrac reads the treatise's counts of chances and checks each
// (the guiton package); it has no problem records.
func readTrictrac(name string, data []byte) (Batch, error) {
	claims := guiton.Read(data)
	if len(claims) == 0 {
		return Batch{}, fmt.Errorf("%s: no count of chances found (expected Guiton's Traité du jeu de Trictrac)", filepath.Base(name))
	}
	return Batch{Source: trictracSource, Claims: BookClaims(claims)}, nil
}

// BookClaims turns the treatise's claims into the records the database
// keeps, numbered in the order of the text.
func BookClaims(claims []guiton.Claim) []problems.BookClaim {
	out := make([]problems.BookClaim, len(claims))
	for i, c := range claims {
		bc := problems.BookClaim{Number: i + 1, Chapter: c.Chapter, Line: c.Line, Kind: c.Kind, Subject: c.Game,
			Wording: c.Wording, Text: c.Text, Situation: c.Situation, Computed: c.Computed, Verdict: c.Status()}
		if c.Status() != problems.ClaimUnread || c.Stated > 0 {
			stated := c.Stated
			bc.Stated = &stated
		}
		if c.Voice == guiton.VoiceRefuted {
			bc.Voice = c.Voice
		}
		switch c.Status() {
		case problems.ClaimUnread:
			bc.Detail = c.Unread
		case problems.ClaimDisagree:
			bc.Detail, bc.Throws = c.Difference, strings.Join(c.DiffThrows, " ")
		}
		out[i] = bc
	}
	return out
}
