package app

import (
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"metz/db"
	"metz/draughts"
	"metz/importer"
	"metz/problems"
)

// ImportReport is one source's outcome of Import.
type ImportReport struct {
	db.ImportStats
	Title    string `json:"title,omitempty"`
	File     string `json:"file,omitempty"`
	Problems int    `json:"problems"`
	Claims   int    `json:"claims,omitempty"` // statements of the source checked (Guiton's counts of chances)
	Error    string `json:"error,omitempty"`
	// The warnings about the file as a whole rather than one record (a game
	// that could not be read, a damaged index line).
	FileWarnings []problems.Warning `json:"file_warnings,omitempty"`
	// Every warning of the import, the file's and the records' (a move
	// that does not replay, the rules inferred), in file order.
	AllWarnings []problems.Warning `json:"all_warnings,omitempty"`
	Note        string             `json:"note,omitempty"` // how the source key was chosen, when not the base name
	// Duplicates are the source's positions that another record repeats,
	// in this source or another (app/similar.go): reported, never merged.
	Duplicates []Duplicate `json:"duplicates,omitempty"`
	// SimilarError says why the anticipation index could not be updated.
	SimilarError string `json:"similar_error,omitempty"`
}

// ImportOptions set up Import.
type ImportOptions struct {
	// Rules is the rule system of the PDN games that state none; nil
	// infers it from each game.
	Rules *draughts.Rules
	// Key is the source key of the one file imported ("": its base name,
	// or the key an exported file carries).
	Key string
	// Progress, if set, is called for each source before it is stored and
	// returns what is told how many of its records are stored.
	Progress func(source string) func(done, total int)
}

// Import reads the files (the bundled books when there is none; a
// directory stands for the source files under it) and stores each as one
// source in its own transaction. A file that cannot be read or stored is
// reported, and the others still go in; the error then names every source
// that did not.
func Import(d *db.DB, files []string, opt ImportOptions) ([]ImportReport, error) {
	if opt.Key != "" && len(files) != 1 {
		return nil, fmt.Errorf("--source %s names the source of one file; %d given", opt.Key, len(files))
	}
	reports := []ImportReport{}
	var failed []string
	add := func(r ImportReport, name string) {
		if r.Error != "" {
			failed = append(failed, name+r.Error)
		}
		reports = append(reports, r)
	}
	if len(files) == 0 {
		batches, err := importer.Bundled()
		if err != nil {
			return nil, err
		}
		for _, b := range batches {
			add(importOne(d, b, opt.Progress), b.Source.Key+": ")
		}
	}
	paths, bad := expandDirs(files)
	for _, err := range bad {
		add(ImportReport{File: err.dir, Error: err.Error()}, "")
	}
	keys := map[string]string{} // source key -> the file that gave it in this import
	iopt := importer.Options{Rules: opt.Rules, Key: opt.Key}
	for _, f := range paths {
		b, err := importer.FileWith(f, iopt)
		var note string
		if err == nil && opt.Key == "" {
			note, err = chooseSourceKey(d, &b, f, keys)
		}
		if err != nil {
			add(ImportReport{File: f, Error: err.Error()}, "")
			continue
		}
		keys[b.Source.Key] = f
		r := importOne(d, b, opt.Progress)
		r.Note = note
		add(r, f+": ")
	}
	if len(failed) == 0 {
		return reports, nil
	}
	return reports, fmt.Errorf("%d of %d sources not imported:\n  %s", len(failed), len(reports), strings.Join(failed, "\n  "))
}

// sourceExts are the file kinds a directory given to import is searched
// for: PDN and transcriptions. Other texts (a README beside a collection)
// would each be an error; they are imported when named.
var sourceExts = map[string]bool{".pdn": true, ".metz": true}

// dirError is a directory given to import that could not be searched.
type dirError struct {
	dir string
	error
}

// expandDirs replaces each directory among args by the source files under
// it (sourceExts, hidden ones skipped), in name order; files stay as given.
// A directory without any is an error of its own.
func expandDirs(args []string) (paths []string, bad []dirError) {
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil || !fi.IsDir() {
			paths = append(paths, a) // the importer says what is wrong with it
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, e fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case p != a && strings.HasPrefix(e.Name(), "."):
				if e.IsDir() {
					return filepath.SkipDir
				}
			case !e.IsDir() && sourceExts[strings.ToLower(filepath.Ext(p))]:
				found = append(found, p)
			}
			return nil
		})
		switch {
		case err != nil:
			bad = append(bad, dirError{a, fmt.Errorf("%s: %w", a, err)})
		case len(found) == 0:
			bad = append(bad, dirError{a, fmt.Errorf("%s: a directory with no source file in it (expected .pdn or .metz files)", a)})
		}
		paths = append(paths, found...)
	}
	return paths, bad
}

func importOne(d *db.DB, b importer.Batch, progress func(string) func(done, total int)) ImportReport {
	r := ImportReport{Title: b.Source.Title, File: b.Source.File, Problems: len(b.Problems), Claims: len(b.Claims)}
	r.Source = b.Source.Key
	var update func(done, total int)
	if progress != nil {
		update = progress(b.Source.Key)
	}
	st, err := d.ImportBatchWith(b.Source, b.Problems, b.Warnings, db.ImportOptions{Progress: update, Texts: b.Texts, Claims: b.Claims})
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.ImportStats = st
	// After the batch is stored, the anticipation index takes its records
	// and names the positions already in the database (app/similar.go).
	r.Duplicates, err = indexAndDuplicates(d, b.Source.Key)
	if err != nil {
		r.SimilarError = err.Error()
	}
	r.FileWarnings = b.Warnings
	r.AllWarnings = allWarnings(b)
	return r
}

// allWarnings is every warning of a batch, the file's and its records',
// in file order.
func allWarnings(b importer.Batch) []problems.Warning {
	all := append([]problems.Warning(nil), b.Warnings...)
	for _, p := range b.Problems {
		all = append(all, p.Warnings...)
	}
	slices.SortStableFunc(all, func(x, y problems.Warning) int { return cmp.Compare(x.Line, y.Line) })
	return all
}

// chooseSourceKey gives a file's batch its source key: a source is its
// file, not its base name. The key an exported file carries (MetzSource)
// is kept; else the key this file was imported under before; else its base
// name, unless another file holds that key (in the database or in this
// import), then the base name with -2, -3, ... The note says so.
func chooseSourceKey(d *db.DB, b *importer.Batch, file string, used map[string]string) (string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	b.Source.File = abs
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	if b.Source.Key != base {
		return "", nil // the file names its source (an export)
	}
	key, err := d.SourceOfFile(abs)
	if err == nil && (key == "" || used[key] != "") {
		key, err = freeSourceKey(d, base, abs, used)
	}
	if err != nil {
		return "", err
	}
	rekey(b, key)
	if key != base {
		return fmt.Sprintf("%s: the source key %s belongs to another file; imported as %s (--source KEY names it)", file, base, key), nil
	}
	return "", nil
}

// freeSourceKey is base, or base-2, base-3, ...: the first key no other
// file holds, in the database or in this import. A bare base name stored
// (before paths were kept) is taken to be this file.
func freeSourceKey(d *db.DB, base, abs string, used map[string]string) (string, error) {
	for i := 1; ; i++ {
		cand := base
		if i > 1 {
			cand = fmt.Sprintf("%s-%d", base, i)
		}
		stored, found, err := d.SourceFile(cand)
		if err != nil {
			return "", err
		}
		if (!found || stored == abs || !strings.ContainsRune(stored, filepath.Separator)) && used[cand] == "" {
			return cand, nil
		}
	}
}

// rekey moves a batch to source key.
func rekey(b *importer.Batch, key string) {
	b.Source.Key = key
	for _, p := range b.Problems {
		p.Source = key
	}
}
