package app

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"metz/db"
	"metz/export"
)

// exportExts are the file extensions that name a format.
var exportExts = map[string]string{".txt": "book", ".pdn": "pdn", ".json": "json", ".html": "html", ".htm": "html", ".pdf": "pdf"}

// ExportFormat is the format of an export: the one asked for, else JSON
// when asJSON, else the one the extension of output names, else book.
// output "-" is standard output, which a binary format refuses.
func ExportFormat(format, output string, asJSON bool) (string, error) {
	f := strings.ToLower(format)
	if f == "" && asJSON {
		f = "json"
	}
	if f == "" && output != "-" {
		ext := strings.ToLower(filepath.Ext(output))
		if f = exportExts[ext]; f == "" {
			return "", fmt.Errorf("-o %s: the extension %q names no export format (expected .txt, .pdn, .json, .html, .htm or .pdf, or give --format)", output, ext)
		}
	}
	if f == "" {
		f = "book"
	}
	if !slices.Contains(export.Formats, f) {
		return "", fmt.Errorf("--format %q: expected one of %s", format, strings.Join(export.Formats, ", "))
	}
	if output == "-" && export.Binary(f) {
		return "", fmt.Errorf("--format %s writes a binary file: give one with -o FILE", f)
	}
	return f, nil
}

// ExportItems loads each problem with its current verdict, the verified
// tree built from that verdict's evidence, its notes, and the record as an
// export carries it (db.Copy; the first record of each source with the
// source's description). The notes say what evidence could not be
// placed, by problem; a record without a diagram has no tree to place it
// on, and is not named.
func ExportItems(d *db.DB, ids []int64) (items []export.Item, notes []string, err error) {
	items = make([]export.Item, 0, len(ids))
	described := map[string]bool{}
	for _, id := range ids {
		rec, err := LoadRecord(d, id)
		if err != nil {
			return nil, nil, err
		}
		it := export.Item{Problem: rec.Problem}
		if it.Copy, err = d.Copy(id, !described[rec.Source]); err != nil {
			return nil, nil, err
		}
		described[rec.Source] = true
		if cur := rec.Current(); cur != nil && rec.HasPosition() {
			v := BuildVerifiedTree(rec.Problem, cur)
			it.Verdict, it.Evidence = v.Verdict, v.Evidence
			it.VerdictDetail = verdictDetail(v, *cur)
			for _, note := range v.Notes {
				notes = append(notes, ProblemName(rec.Problem)+": "+note)
			}
		}
		for _, n := range rec.Notes {
			it.Notes = append(it.Notes, n.Text)
		}
		items = append(items, it)
	}
	return items, notes, nil
}

// verdictDetail is the evidence of the current verdict in words, with its
// dual flag and solver.
func verdictDetail(v VerifiedTree, cur db.Verdict) string {
	var parts []string
	if v.Detail != "" {
		parts = append(parts, v.Detail)
	}
	if cur.Dual {
		parts = append(parts, "dual")
	}
	if cur.SolverVersion != "" {
		parts = append(parts, "solver "+cur.SolverVersion)
	}
	return strings.Join(parts, "; ")
}

// WriteExport writes the items in format to w, or to the file output
// unless it is "-": written beside it and renamed, so that a failed export
// never leaves half a file where a good one was.
func WriteExport(w io.Writer, output, format string, items []export.Item, o export.HTMLOptions) error {
	if output == "-" {
		return export.Write(w, format, items, o)
	}
	tmp := output + ".tmp"
	file, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("-o %s: %w", output, err)
	}
	werr := export.Write(file, format, items, o)
	if cerr := file.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", output, werr)
	}
	return os.Rename(tmp, output)
}
