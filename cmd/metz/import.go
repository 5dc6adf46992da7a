package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"

	"metz/db"
	"metz/importer"
	"metz/problems"
)

func init() { commandAdders = append(commandAdders, addImport) }

// importReport is one source's line of import's summary (--json prints an array).
type importReport struct {
	db.ImportStats
	Title    string `json:"title,omitempty"`
	File     string `json:"file,omitempty"`
	Problems int    `json:"problems"`
	Error    string `json:"error,omitempty"`
	// The warnings about the file as a whole rather than one record (a game
	// that could not be read, a damaged index line); a record's own are
	// in metz show.
	FileWarnings []problems.Warning `json:"file_warnings,omitempty"`
}

// shownFileWarnings is how many of a source's file warnings the text
// summary prints (--json has them all).
const shownFileWarnings = 10

// Loaders of batches; tests replace them to feed the command known batches.
var (
	loadBundled = importer.Bundled
	loadFile    = importer.File
)

func addImport(root *cobra.Command) {
	c := &cobra.Command{
		Use:   "import [FILES...]",
		Short: "Import the bundled books, PDN files or transcriptions into the database",
		Long: `import reads sources into the database (created if missing). With no file it
imports the books bundled with metz: the Livre de Metz (its 415 coups, with
the themes and cross references of its first part) and Van Tenac's problems.
With files it reads each one: PDN (problem collections and games), a
transcription in the books' notation (metz export --format book writes one),
or metz's own JSON export (the records, without the verdicts: verify them
again); the source key is the file's base name. A directory stands for the
.pdn and .metz files under it. A PDN game's rule
system is its MetzRules tag (metz's own export), else a Variant tag naming
one, else its GameType (20 international, 21 English checkers, 22 Italian,
24 Spanish, 25 Russian, 26 Brazilian, 27 Canadian, 30 Turkish, 98
antidraughts); an unknown one is read as international with a warning.

Each source is imported in one transaction: if the import is interrupted the
database stays as it was. Re-importing is safe: unchanged records are not
touched, changed ones are updated in place, and user tags, notes, verdicts
and detected themes are kept; the source's book themes and warnings are
replaced. A record that cannot be read is kept as printed with a warning; a
PDN game that cannot be parsed (a tag without its "]", a variation left
open) is left out with a warning at its line, and the games after it still
go in with their numbers; a file that cannot be read at all is reported and
the other files still go in.

The summary gives per source the records new, updated and unchanged, the
warnings stored and the records the source no longer has (kept). Under it,
the warnings about the files given as a whole (a game left out) with their
places; a record's own are in metz show ID, and --json has every source's
(file_warnings). A progress bar is drawn on stderr when it is a terminal.`,
		Example: `  metz import
  metz import problems.pdn coups-transcrits.txt
  metz import ~/draughts/collections/
  metz import --db /tmp/test.db --json`,
		RunE: func(cmd *cobra.Command, args []string) error { return runImport(cmd, args) },
	}
	root.AddCommand(c)
}

func runImport(cmd *cobra.Command, files []string) error {
	d, err := db.Open(global.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	var reports []importReport
	var failed []string
	add := func(b importer.Batch, name string) {
		r := importOne(d, b, cmd.ErrOrStderr())
		if r.Error != "" {
			failed = append(failed, name+": "+r.Error)
		}
		reports = append(reports, r)
	}
	if len(files) == 0 {
		batches, err := loadBundled()
		if err != nil {
			return err
		}
		for _, b := range batches {
			add(b, b.Source.Key)
		}
	}
	paths, bad := expandDirs(files)
	for _, b := range bad {
		reports = append(reports, importReport{File: b.dir, Error: b.err.Error()})
		failed = append(failed, b.err.Error())
	}
	keys := map[string]string{} // source key -> the file that gave it
	for _, f := range paths {
		b, err := loadFile(f)
		if err == nil && keys[b.Source.Key] != "" {
			err = fmt.Errorf("%s: its source key %q is %s's too in this import (the key is the file's base name): rename one", f, b.Source.Key, keys[b.Source.Key])
		}
		if err != nil {
			reports = append(reports, importReport{File: f, Error: err.Error()})
			failed = append(failed, err.Error())
			continue
		}
		keys[b.Source.Key] = f
		add(b, f)
	}
	if err := printImport(cmd.OutOrStdout(), reports, len(files) > 0); err != nil {
		return err
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d of %d sources not imported:\n  %s", len(failed), len(reports), strings.Join(failed, "\n  "))
	}
	return nil
}

// sourceExts are the file kinds a directory given to import is searched
// for: PDN and transcriptions. Other texts (a README beside a collection)
// would each be an error; they are imported when named.
var sourceExts = map[string]bool{".pdn": true, ".metz": true}

// expandDirs replaces each directory among args by the source files under
// it (sourceExts, hidden ones skipped), in name order; files stay as given.
// A directory without any is an error of its own.
func expandDirs(args []string) (paths []string, bad []dirError) {
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil || !fi.IsDir() {
			paths = append(paths, a) // loadFile says what is wrong with it
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

// dirError is a directory given to import that could not be searched.
type dirError struct {
	dir string
	err error
}

func importOne(d *db.DB, b importer.Batch, progressTo io.Writer) importReport {
	r := importReport{Title: b.Source.Title, File: b.Source.File, Problems: len(b.Problems)}
	r.Source = b.Source.Key
	bar := newProgressBar(progressTo, b.Source.Key)
	st, err := d.ImportBatchWith(b.Source, b.Problems, b.Warnings, db.ImportOptions{Progress: bar.update, Texts: b.Texts})
	bar.finish()
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.ImportStats = st
	r.FileWarnings = b.Warnings
	return r
}

func printImport(w io.Writer, reports []importReport, listWarnings bool) error {
	if global.json {
		if reports == nil {
			reports = []importReport{}
		}
		return writeJSON(w, reports)
	}
	t := tablewriter.NewWriter(w)
	t.Header("source", "problems", "new", "updated", "unchanged", "warnings", "missing", "error")
	for _, r := range reports {
		name := r.Source
		if name == "" {
			name = r.File
		}
		if err := t.Append(name, fmt.Sprint(r.Problems), fmt.Sprint(r.New), fmt.Sprint(r.Updated),
			fmt.Sprint(r.Unchanged), fmt.Sprint(r.Warnings), fmt.Sprint(r.Missing), shorten(r.Error, 60)); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if listWarnings {
		for _, r := range reports {
			printFileWarnings(w, r)
		}
	}
	return nil
}

// printFileWarnings lists the first of a source's warnings about its file,
// each with its place, under the summary: for files the user gives, where
// they say what to mend (the bundled books' are notes on the digitised
// text, in --json).
func printFileWarnings(w io.Writer, r importReport) {
	for i, x := range r.FileWarnings {
		if i == shownFileWarnings {
			fmt.Fprintf(w, "  … %d more (metz import --json lists them all)\n", len(r.FileWarnings)-i)
			return
		}
		fmt.Fprintf(w, "%s:%d: %s", x.File, x.Line, x.Text)
		if x.Expected != "" {
			fmt.Fprintf(w, " (expected %s)", x.Expected)
		}
		fmt.Fprintln(w)
	}
}
