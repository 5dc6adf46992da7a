package app

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"

	"metz/db"
	"metz/importer"
	"metz/problems"
)

// RuleTexts are the rules of the game a source prints (the Livre de Metz's
// 22), one of them when number is not "", read from the database at
// dbPath; without a database, the Livre de Metz's (source metz) are read
// from the copy bundled with metz, so that they need no import.
func RuleTexts(dbPath, source, number string) ([]problems.SourceText, error) {
	texts, err := ruleTexts(dbPath, source)
	if err != nil || number == "" {
		return texts, err
	}
	n, err := strconv.Atoi(number)
	if err != nil {
		return nil, fmt.Errorf("rule %q: expected a number", number)
	}
	for _, t := range texts {
		if t.Number == n {
			return []problems.SourceText{t}, nil
		}
	}
	return nil, fmt.Errorf("no rule %d (the source has %d rules)", n, len(texts))
}

func ruleTexts(dbPath, source string) ([]problems.SourceText, error) {
	if _, err := os.Stat(dbPath); errors.Is(err, fs.ErrNotExist) && source == "metz" && !db.IsPostgres(dbPath) {
		return importer.BundledRuleTexts() // the Livre de Metz alone, not every bundled book
	}
	d, err := db.OpenExisting(dbPath)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Texts(source, "rule")
}
