package main

import (
	"cmp"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"

	"metz/db"
	"metz/draughts"
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
	// that could not be read, a damaged index line).
	FileWarnings []problems.Warning `json:"file_warnings,omitempty"`
	// Every warning of the import, the file's and the records' (a move
	// that does not replay, the rules inferred), in file order.
	AllWarnings []problems.Warning `json:"all_warnings,omitempty"`
	Note        string             `json:"note,omitempty"` // how the source key was chosen, when not the base name
}

// shownWarnings is how many of a source's warnings the text summary prints
// (--verbose and --json have them all).
const shownWarnings = 10

// importFlags are import's own options.
var importFlags struct {
	rules, source string
	verbose       bool
}

// Loaders of batches; tests replace them to feed the command known batches.
var (
	loadBundled = importer.Bundled
	loadFile    = importer.FileWith
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
again). A directory stands for the .pdn and .metz files under it. A file
that is not text, or holds no game, is an error naming it; the other files
still go in.

A source is its file: its key is the file's base name, or base-2, base-3 ...
when another file already holds that name (--source KEY chooses it); a file
metz exported carries its source key and numbers (MetzSource, MetzNumber)
and updates those records. A PDN game's rule system is its MetzRules tag,
else a Variant tag naming one, else its GameType (20 international, 21
English checkers, 22 Italian, 23 pool checkers, 24 Spanish, 25 Russian, 26
Brazilian, 27 Canadian, 28 Portuguese (Spanish rules), 29 Czech, 30 Turkish,
31 Thai, 98 antidraughts). A GameType metz does not play (Frisian, ...) is
named in a warning and the game kept as
written, never played on another board. Without any, --rules says the
system, else it is inferred: the systems whose notation fits the game are
tried in turn and the first under which every move replays is taken, with a
warning saying which (see docs/pdn.md).

Each source is imported in one transaction: if the import is interrupted the
database stays as it was. Re-importing is safe: unchanged records are not
touched, changed ones are updated in place, user tags and notes are kept.
Verdicts belong to a position and stated solution: when a re-import changes
either, the old verdicts stay in the history as the earlier version's, no
command shows them as current, and the record reads "not verified since it
changed" until verified again. A record that cannot be read is kept as
printed with a warning; a PDN game that cannot be parsed (a tag without its
"]", a variation left open) is left out with a warning at its line, and the
games after it still go in with their numbers.

The summary gives per source the records new, updated and unchanged, the
warnings stored, the records the source no longer has (kept) and those
whose verdicts this import outdated. Under it, the first warnings with
their places (--verbose: all; --json: all_warnings and file_warnings). A
progress bar is drawn on stderr when it is a terminal.`,
		Example: `  metz import
  metz import problems.pdn coups-transcrits.txt
  metz import --rules english --source ross problems.pdn
  metz import ~/draughts/collections/
  metz import --db /tmp/test.db --json`,
		RunE: func(cmd *cobra.Command, args []string) error { return runImport(cmd, args) },
	}
	c.Flags().StringVar(&importFlags.rules, "rules", "", "rule system of the PDN games that state none (no GameType tag): english, italian, ... (default: inferred from each game)")
	c.Flags().StringVar(&importFlags.source, "source", "", "source key of the one file imported (default: its base name, or the key an exported file carries)")
	c.Flags().BoolVarP(&importFlags.verbose, "verbose", "v", false, "list every warning under the summary, not only the first ones")
	root.AddCommand(c)
}

func runImport(cmd *cobra.Command, files []string) error {
	var opt importer.Options
	if importFlags.rules != "" {
		r, err := draughts.RulesByName(importFlags.rules)
		if err != nil {
			return fmt.Errorf("--rules: %w", err)
		}
		opt.Rules = r
	}
	if importFlags.source != "" && len(files) != 1 {
		return fmt.Errorf("--source %s names the source of one file; %d given", importFlags.source, len(files))
	}
	opt.Key = importFlags.source
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
	keys := map[string]string{} // source key -> the file that gave it in this import
	for _, f := range paths {
		b, err := loadFile(f, opt)
		var note string
		if err == nil && opt.Key == "" {
			note, err = chooseSourceKey(d, &b, f, keys)
		}
		if err != nil {
			reports = append(reports, importReport{File: f, Error: err.Error()})
			failed = append(failed, err.Error())
			continue
		}
		keys[b.Source.Key] = f
		add(b, f)
		reports[len(reports)-1].Note = note
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

func printImport(w io.Writer, reports []importReport, listWarnings bool) error {
	if global.json {
		if reports == nil {
			reports = []importReport{}
		}
		return writeJSON(w, reports)
	}
	t := tablewriter.NewWriter(w)
	t.Header("source", "problems", "new", "updated", "unchanged", "warnings", "missing", "outdated", "error")
	for _, r := range reports {
		name := r.Source
		if name == "" {
			name = r.File
		}
		if err := t.Append(name, fmt.Sprint(r.Problems), fmt.Sprint(r.New), fmt.Sprint(r.Updated),
			fmt.Sprint(r.Unchanged), fmt.Sprint(r.Warnings), fmt.Sprint(r.Missing), fmt.Sprint(r.Outdated), shorten(r.Error, 60)); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if listWarnings {
		for _, r := range reports {
			if r.Note != "" {
				fmt.Fprintln(w, r.Note)
			}
			printWarnings(w, r)
		}
	}
	return nil
}

// printWarnings lists the first of a source's warnings (every one with
// --verbose), each with its place, under the summary: for files the user
// gives, where they say what to mend (the bundled books' are notes on the
// digitised text, in --json).
func printWarnings(w io.Writer, r importReport) {
	for i, x := range r.AllWarnings {
		if i == shownWarnings && !importFlags.verbose {
			fmt.Fprintf(w, "  … %d more (metz import --verbose or --json lists them all)\n", len(r.AllWarnings)-i)
			return
		}
		fmt.Fprintf(w, "%s:%d: %s", x.File, x.Line, x.Text)
		if x.Expected != "" {
			fmt.Fprintf(w, " (expected %s)", x.Expected)
		}
		fmt.Fprintln(w)
	}
}
