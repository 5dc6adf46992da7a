package app

import (
	"fmt"
	"strconv"
	"strings"

	"metz/db"
	"metz/export"
	"metz/importer"
	"metz/problems"
)

// copied stores a copy of a record (an export of metz's read back): the
// record it copies, changed only where the copy differs from it. A book
// text holds only part of a record: its fields are compared with the
// stored record's written the same way and read back, so that only what
// the reader edited counts. A bundled book's record is changed only when
// opt.Update names the book; otherwise the changes are listed and held.
func (fi *fileImport) copied(rec importer.Record) error {
	r := fi.report(rec.Source)
	r.Problems++
	if _, seen := fi.existed[rec.Source]; !seen {
		exists, err := fi.run.SourceExists(rec.Source)
		if err != nil {
			return err
		}
		fi.existed[rec.Source] = exists
	}
	stored, found, err := fi.run.Copy(rec.Source, rec.Number, rec.Label)
	if err != nil {
		return err
	}
	full := rec.Problem
	var changes []string
	if found {
		if rec.Format == importer.FormatBook {
			if full, err = fi.fromBook(stored, rec.Problem); err != nil {
				return err
			}
		}
		changes = importer.Differences(stored, full, nil)
		if len(changes) == 0 && db.RecordHash(stored) != db.RecordHash(full) {
			changes = []string{"comments, marks or places"}
		}
	}
	if (len(changes) > 0 || !found) && fi.hold(r, rec.Problem, found, changes) {
		return nil
	}
	if found && len(changes) == 0 && rec.Format == importer.FormatBook {
		r.Unchanged++ // a book text carries nothing the record lacks
		return nil
	}
	res, err := fi.run.Put(full)
	if err != nil {
		return err
	}
	if res.Action == db.ActionNew || res.Action == db.ActionUpdated {
		fi.warn(r, full.Warnings) // an unchanged copy's are its source's, already stored
	}
	if found && res.Action == db.ActionUpdated {
		r.Changes = append(r.Changes, fmt.Sprintf("%s: %s", recordName(full), strings.Join(changes, ", ")))
	}
	return nil
}

// hold keeps an edited copy's record out of a bundled book the import may
// not change (a record the book lacks included), listing what it would
// change; held is false when the record may be stored: the book is named
// in opt.Update, or the database did not have it before this file.
func (fi *fileImport) hold(r *ImportReport, p *problems.Problem, found bool, changes []string) (held bool) {
	if !importer.IsBundled(p.Source) || fi.update[p.Source] {
		return false
	}
	if !found {
		if !fi.existed[p.Source] {
			return false // a database without the book takes the copy whole
		}
		changes = []string{"not in the book"}
	}
	r.Held++
	r.Changes = append(r.Changes, fmt.Sprintf("%s: %s (not applied: --update %s applies it)",
		recordName(p), strings.Join(changes, ", "), p.Source))
	return true
}

// fromBook is the stored record with what a book text edited in it: the
// stored record is written as the book export writes it and read back,
// and each field where the text differs from that reading is taken from
// the text.
func (fi *fileImport) fromBook(stored, text *problems.Problem) (*problems.Problem, error) {
	base, err := fi.bookReading(stored)
	if err != nil {
		return nil, err
	}
	return importer.Apply(stored, text, importer.Differences(base, text, bookFields)), nil
}

// bookFields are the fields the book text writes.
var bookFields = []string{importer.FieldTitle, importer.FieldAuthor, importer.FieldDate, importer.FieldRules,
	importer.FieldPosition, importer.FieldStipulation, importer.FieldSolution, importer.FieldThemes}

// bookReading is how the book export writes a stored record (with its
// current verdict, as an export now would), read back.
func (fi *fileImport) bookReading(stored *problems.Problem) (*problems.Problem, error) {
	it := export.Item{Problem: withCarriedThemes(stored)}
	if id, ok, err := fi.run.Find(stored.Source, stored.Number, stored.Label); err == nil && ok {
		if items, _, err := ExportItems(fi.d, []int64{id}); err == nil && len(items) == 1 {
			it = items[0]
		}
	}
	var b strings.Builder
	if err := export.WriteBook(&b, []export.Item{it}); err != nil {
		return nil, err
	}
	batch, err := importer.Reader(stored.Source+".txt", strings.NewReader(b.String()))
	if err != nil || len(batch.Problems) != 1 {
		return nil, fmt.Errorf("%s: the book text of the stored record does not read back (%v)", recordName(stored), err)
	}
	return batch.Problems[0], nil
}

// withCarriedThemes is a copy of p with the themes it carries among its
// own, as a stored record is read (db.Get).
func withCarriedThemes(p *problems.Problem) *problems.Problem {
	c := *p
	if p.Carried != nil {
		c.Themes = append([]problems.Theme(nil), p.Themes...)
		for _, t := range p.Carried.Themes {
			c.Themes = append(c.Themes, t.Theme)
		}
	}
	return &c
}

// recordName names a record as the command line does: source:number, or
// source:number:label where a label tells it apart.
func recordName(p *problems.Problem) string {
	s := p.Source + ":" + strconv.Itoa(p.Number)
	if p.Label != "" {
		s += " (" + p.Label + ")"
	}
	return s
}
