package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
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
	// Held counts the records of an edited copy of a bundled book that
	// differ from the book's and were not applied (ImportOptions.Update
	// applies them); Changes lists, record by record, what an edited copy
	// changed or would change.
	Held    int      `json:"held,omitempty"`
	Changes []string `json:"changes,omitempty"`
	// The warnings about the file as a whole rather than one record (a game
	// that could not be read, a damaged index line).
	FileWarnings []problems.Warning `json:"file_warnings,omitempty"`
	// The warnings of the import, the file's and the records' (a move that
	// does not replay, the rules inferred), in file order: the first
	// keptWarnings of them unless ImportOptions.AllWarnings, MoreWarnings
	// counting the others.
	AllWarnings  []problems.Warning `json:"all_warnings,omitempty"`
	MoreWarnings int                `json:"more_warnings,omitempty"`
	Note         string             `json:"note,omitempty"` // how the source key was chosen, when not the base name
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
	// Update names the bundled books an edited copy may change; a book
	// not named keeps its records, and the report lists what the copy
	// would change.
	Update []string
	// AllWarnings keeps every warning in the reports (for --verbose and
	// --json); otherwise the first keptWarnings of each source.
	AllWarnings bool
	// Progress, if set, is called for each file (or bundled source) before
	// it is read and returns what is told how much of it is read, in bytes.
	Progress func(label string) func(done, total int64)
	// Context, if set, stops the import when cancelled: the file being
	// read is left out (its transaction rolled back), those before it stay.
	Context context.Context
}

// keptWarnings is how many warnings a source's report keeps by default:
// more than the summary shows.
const keptWarnings = 100

// ErrHeld is returned (wrapped) when an edited copy of a bundled book
// differs from the book and ImportOptions.Update does not name it: the
// rest is imported, those records are not.
var ErrHeld = errors.New("an edited copy of a bundled book was not applied")

// ErrInterrupted is returned (wrapped) when ImportOptions.Context is
// cancelled.
var ErrInterrupted = errors.New("import interrupted")

// Import reads the files (the bundled books when there is none; a
// directory stands for the source files under it) and stores each in its
// own transaction, record by record as they are read. A file that cannot be
// read or stored is reported, and the others still go in; the error then
// names every file that did not.
//
// A file is one source, its own; but a record metz exported (a PDN game
// with MetzSource, a JSON record naming its source, a book text's heading
// "vantenac n° 76 — …") is a copy of its source's record: imported again it
// updates that record, and only with what differs from it (each change
// listed in the report); a bundled book's record only when Update names
// the book.
func Import(d *db.DB, files []string, opt ImportOptions) ([]ImportReport, error) {
	if opt.Key != "" && len(files) != 1 {
		return nil, fmt.Errorf("--source %s names the source of one file; %d given", opt.Key, len(files))
	}
	reports := []ImportReport{}
	var failed []string
	add := func(rs []ImportReport, name string) {
		for _, r := range rs {
			if r.Error != "" {
				failed = append(failed, name+r.Error)
			}
		}
		reports = append(reports, rs...)
	}
	if len(files) == 0 {
		batches, err := importer.Bundled()
		if err != nil {
			return nil, err
		}
		for _, b := range batches {
			src := b.Source
			add(importStream(d, importer.StreamOf(b), &src, src.Key, opt), src.Key+": ")
		}
	}
	paths, bad := expandDirs(files)
	for _, err := range bad {
		add([]ImportReport{{File: err.dir, Error: err.Error()}}, "")
	}
	keys := map[string]string{} // source key -> the file that gave it in this import
	iopt := importer.Options{Rules: opt.Rules, Key: opt.Key}
	for _, f := range paths {
		if err := interrupted(opt.Context); err != nil {
			add([]ImportReport{{File: f, Error: err.Error()}}, f+": ")
			break
		}
		rs, err := importFile(d, f, iopt, opt, keys)
		if err != nil {
			rs = []ImportReport{{File: f, Error: err.Error()}}
		}
		add(rs, f+": ")
	}
	var held []string
	for _, r := range reports {
		if r.Held > 0 {
			held = append(held, fmt.Sprintf("%d record(s) of %s (--update %s applies them)", r.Held, r.Source, r.Source))
		}
	}
	if len(failed) == 0 && len(held) > 0 {
		return reports, fmt.Errorf("%w: %s", ErrHeld, strings.Join(held, "; "))
	}
	if len(failed) == 0 {
		return reports, nil
	}
	err := fmt.Errorf("%d of %d sources not imported:\n  %s", len(failed), len(reports), strings.Join(failed, "\n  "))
	if interrupted(opt.Context) != nil {
		err = fmt.Errorf("%w: %w", ErrInterrupted, err)
	}
	return reports, err
}

// Import imports files into the App's database (see Import); the App of
// a command that imports is opened with Config.Create, so that the first
// import makes the database.
func (a *App) Import(files []string, opt ImportOptions) ([]ImportReport, error) {
	var reports []ImportReport
	var ierr error
	if err := a.write(func(d *db.DB) error { reports, ierr = Import(d, files, opt); return nil }); err != nil {
		return nil, err
	}
	return reports, ierr
}

// importFile opens one file, gives its own source its key, and stores it.
func importFile(d *db.DB, file string, iopt importer.Options, opt ImportOptions, keys map[string]string) ([]ImportReport, error) {
	s, err := importer.Open(file, iopt)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	own := s.Source()
	var note string
	if opt.Key == "" {
		if note, err = chooseSourceKey(d, &own, file, keys); err != nil {
			return nil, err
		}
	}
	keys[own.Key] = file
	rs := importStream(d, s, &own, filepath.Base(file), opt)
	for i := range rs {
		if rs[i].Source == own.Key {
			rs[i].Note = note
		}
	}
	return rs, nil
}

// fileImport is the state of one file's import.
type fileImport struct {
	d       *db.DB
	run     *db.ImportRun
	s       *importer.Stream
	own     *problems.Source // the file's own source (its key chosen), opened at its first record
	opened  bool
	opt     ImportOptions
	update  map[string]bool
	reports []*ImportReport
	bySrc   map[string]*ImportReport
	existed map[string]bool // whether a source of copies was in the database before this file
}

// importStream stores the records of a stream in one transaction. own is
// the source its own records belong to; label names it on the progress
// bar. On an error the transaction is rolled back and one report says so.
func importStream(d *db.DB, s *importer.Stream, own *problems.Source, label string, opt ImportOptions) []ImportReport {
	fi := &fileImport{d: d, s: s, own: own, opt: opt, update: map[string]bool{}, bySrc: map[string]*ImportReport{},
		existed: map[string]bool{}}
	for _, k := range opt.Update {
		fi.update[k] = true
	}
	err := fi.store(label)
	if fi.run != nil {
		fi.run.Rollback()
	}
	if err != nil {
		return []ImportReport{{ImportStats: db.ImportStats{Source: own.Key}, Title: own.Title, File: own.File, Error: err.Error()}}
	}
	out := make([]ImportReport, len(fi.reports))
	for i, r := range fi.reports {
		out[i] = *r
		// Once the file is stored, the anticipation index takes its
		// records and names the positions already in the database
		// (app/similar.go).
		var err error
		if out[i].Duplicates, err = indexAndDuplicates(d, r.Source); err != nil {
			out[i].SimilarError = err.Error()
		}
	}
	return out
}

// store reads the stream to its end, storing each record, and commits.
func (fi *fileImport) store(label string) error {
	run, err := fi.d.BeginImport()
	if err != nil {
		return err
	}
	fi.run = run
	var progress func(done, total int64)
	if fi.opt.Progress != nil {
		progress = fi.opt.Progress(label)
	}
	for {
		if err := interrupted(fi.opt.Context); err != nil {
			return err
		}
		rec, err := fi.s.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if rec.Copy {
			err = fi.copied(rec)
		} else {
			err = fi.ownRecord(rec.Problem)
		}
		if err != nil {
			return err
		}
		if progress != nil {
			// The file is read ahead of the records stored: the end is
			// told once, after the last one.
			done, total := fi.s.Progress()
			progress(min(done, total-1), total)
		}
	}
	if progress != nil {
		_, total := fi.s.Progress()
		progress(total, total)
	}
	return fi.finish()
}

// report is the report of source key, made at its first record.
func (fi *fileImport) report(key string) *ImportReport {
	r := fi.bySrc[key]
	if r == nil {
		r = &ImportReport{ImportStats: db.ImportStats{Source: key}}
		if key == fi.own.Key {
			r.Title, r.File = fi.own.Title, fi.own.File
		}
		fi.bySrc[key] = r
		fi.reports = append(fi.reports, r)
	}
	return r
}

// ownRecord stores a record of the file's own source.
func (fi *fileImport) ownRecord(p *problems.Problem) error {
	p.Source = fi.own.Key
	if !fi.opened {
		if err := fi.run.OpenSource(*fi.own); err != nil {
			return err
		}
		fi.opened = true
	}
	r := fi.report(p.Source)
	r.Problems++
	fi.warn(r, p.Warnings)
	_, err := fi.run.Put(p)
	return err
}

// warn keeps a record's warnings in its source's report.
func (fi *fileImport) warn(r *ImportReport, ws []problems.Warning) {
	for _, w := range ws {
		if fi.opt.AllWarnings || len(r.AllWarnings) < keptWarnings {
			r.AllWarnings = append(r.AllWarnings, w)
		} else {
			r.MoreWarnings++
		}
	}
}

// finish writes the file's own source and its warnings, commits, and
// fills the reports in. The file's warnings go to its own source's report,
// or, when all its records are copies, to the first report.
func (fi *fileImport) finish() error {
	fileWarnings := fi.s.Warnings()
	own := fi.s.Source() // the checksum is known at the end
	fi.own.Checksum = own.Checksum
	if fi.opened || len(fi.s.Claims()) > 0 {
		// A source of claims only (Guiton's treatise) has no record to open it.
		if !fi.opened {
			if err := fi.run.OpenSource(*fi.own); err != nil {
				return err
			}
			fi.opened = true
		}
		if err := fi.run.CloseSource(*fi.own, fileWarnings, db.ImportOptions{Texts: fi.s.Texts(), Claims: fi.s.Claims()}); err != nil {
			return err
		}
		fi.report(fi.own.Key).Claims = len(fi.s.Claims())
	}
	stats, err := fi.run.Commit()
	fi.run = nil
	if err != nil {
		return err
	}
	for _, st := range stats {
		r := fi.report(st.Source)
		st.Unchanged += r.Unchanged // copies found the same without being stored
		r.ImportStats = st
	}
	if len(fi.reports) == 0 {
		fi.report(fi.own.Key)
	}
	r := fi.reports[0]
	if fi.opened {
		r = fi.report(fi.own.Key)
	}
	r.FileWarnings = fileWarnings
	r.AllWarnings = append(r.AllWarnings, fileWarnings...)
	for _, r := range fi.reports {
		slices.SortStableFunc(r.AllWarnings, func(x, y problems.Warning) int { return cmp.Compare(x.Line, y.Line) })
	}
	return nil
}

// interrupted is ErrInterrupted once ctx is cancelled.
func interrupted(ctx context.Context) error {
	if ctx != nil && ctx.Err() != nil {
		return ErrInterrupted
	}
	return nil
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

// chooseSourceKey gives a file's own source its key: a source is its
// file, not its base name. The key this file was imported under before is
// kept; else its base name, unless another file holds that key (in the
// database or in this import), then the base name with -2, -3, ... The
// note says so.
func chooseSourceKey(d *db.DB, src *problems.Source, file string, used map[string]string) (string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	src.File = abs
	base := src.Key
	key, err := d.SourceOfFile(abs)
	if err == nil && (key == "" || used[key] != "") {
		key, err = freeSourceKey(d, base, abs, used)
	}
	if err != nil {
		return "", err
	}
	src.Key = key
	if key != base {
		return fmt.Sprintf("%s: the source key %s belongs to another file; imported as %s (--source KEY names it)", file, base, key), nil
	}
	return "", nil
}

// freeSourceKey is base, or base-2, base-3, ...: the first key no other
// file holds, in the database or in this import. A bare base name stored
// (before paths were kept) is taken to be this file, unless it is a
// bundled book's.
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
		// A bundled book's key is the book's: a file of the same name is
		// another source.
		mine := !found || stored == abs || !strings.ContainsRune(stored, filepath.Separator) && !importer.IsBundled(cand)
		if mine && used[cand] == "" {
			return cand, nil
		}
	}
}
