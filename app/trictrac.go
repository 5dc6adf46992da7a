package app

import (
	"fmt"
	"os"

	"metz/sources"
	"metz/trictrac"
	"metz/trictrac/guiton"
)

// TrictracReport is Guiton's treatise checked: every count of chances it
// states, read and counted, and its rules of thumb on every case they
// cover.
type TrictracReport struct {
	File    string              `json:"file"`
	Summary guiton.Summary      `json:"summary"`
	Claims  []guiton.Claim      `json:"claims"` // disagreements first, then agreements, then unread
	Rules   []guiton.PlacedRule `json:"rules"`
}

// TrictracClaims reads Guiton's treatise — the copy bundled with metz
// when file is "" — and checks every count of chances it states.
func TrictracClaims(file string) (*TrictracReport, error) {
	data, name, err := trictracText(file)
	if err != nil {
		return nil, err
	}
	claims := guiton.Read(data)
	if len(claims) == 0 {
		return nil, fmt.Errorf("%s: no count of chances found (expected Guiton's Traité du jeu de Trictrac)", name)
	}
	return &TrictracReport{File: name, Summary: guiton.Summarize(claims), Claims: guiton.Ordered(claims),
		Rules: guiton.PlaceRules(data, trictrac.Rules())}, nil
}

func trictracText(file string) ([]byte, string, error) {
	if file == "" {
		data, err := sources.Read(sources.Trictrac)
		return data, sources.Trictrac, err
	}
	data, err := os.ReadFile(file)
	return data, file, err
}
