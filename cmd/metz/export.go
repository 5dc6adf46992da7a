package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/db"
	"metz/export"
)

func init() { commandAdders = append(commandAdders, addExport) }

type exportFlags struct {
	search  searchFlags
	format  string
	output  string
	perPage int
	numbers bool
	title   string
	plain   bool
}

func addExport(root *cobra.Command) {
	var f exportFlags
	c := &cobra.Command{
		Use:   "export [ID|SOURCE:NUMBER ...] [filters] --format book|pdn|json|html|pdf -o FILE",
		Short: "Export problems for print or for other software (book text, PDN, JSON, HTML, PDF)",
		Long: `export writes problems from the database in one of five formats:

  book  plain text in the style of the old French books: the pieces of each
        side, the stipulation, the solution in two columns BLANCS. / NOIRS.
        with moves written "28 à 23" and the defences as "si", "deuxième si"...
  pdn   PDN games with FEN and GameType tags (as lidraughts reads them), the
        solution's branches as variations, marks and comments as comments,
        written by the importer's own PDN writer so that metz import reads
        them back; metz's tags (MetzSource, MetzNumber, ...) carry the rest
  json  one JSON array: each record with its position spelled out, the stated
        and the verified trees, themes, verdict and notes; metz import reads
        the records back (not the verdicts)
  html  a print-ready document (A4, print CSS): one to four problems a page
        (--per-page), each with its SVG diagram, source and number,
        stipulation, solution (the solver's tree when it has one), verdict and
        notes, and an index by theme
  pdf   the same layout as a PDF file, made by metz itself

The solution printed is the verified tree when the problem has a verdict:
the source's lines merged with what metz verify added (omitted defences
with the solver's answers, cooks, duals, the refutation, "gagne" at the
ends it proved where the source did not print it), each added move marked
"*" with a legend — the same tree metz show ID --tree prints.

Problems are chosen by id or source:number arguments, or else by the same
filters as metz search; with neither, the whole database is exported.

--plain leaves the comments out of the solution (how the importer read a
printed move, the solver's notes): the moves, their "si" branches, the
marks and the "*" of the solver's moves stay — a clean sheet for a club.

Records without a diagram (the Livre de Metz coups not transcribed) are
left out, and counted in one line, unless --with-empty is given or they are
named as arguments.

The book, HTML and PDF documents are in French (the solver's remarks too,
its moves written "32 à 28"); PDN, JSON and modern notation in English.

The format is taken from --format, else from the extension of -o (.txt,
.pdn, .json, .html, .htm, .pdf; another extension is an error), else book.
-o - (the default) writes to standard output, which PDF refuses: give it a
file.

` + searchHelp,
		Example: `  metz export metz:385 vantenac:6 --format book
  metz export --source vantenac --format pdn -o vantenac.pdn
  metz export --source metz --theme lunette --format html --per-page 4 -o lunettes.html
  metz export --verdict sound --format pdf -o verified.pdf
  metz export --source metz --number 373-388 --format json -o kings.json`,
		RunE: func(cmd *cobra.Command, args []string) error { return runExport(cmd, args, &f) },
	}
	f.search.bind(c)
	c.Flags().StringVar(&f.format, "format", "", "output format: "+strings.Join(export.Formats, ", "))
	c.Flags().StringVarP(&f.output, "output", "o", "-", "output file, - for standard output")
	c.Flags().IntVar(&f.perPage, "per-page", 2, "problems per printed page for html and pdf (1 to 4)")
	c.Flags().BoolVar(&f.numbers, "numbers", true, "print square numbers on the diagrams")
	c.Flags().StringVar(&f.title, "title", "", "document title for html and pdf")
	c.Flags().BoolVar(&f.plain, "plain", false, "leave the comments out of the solutions")
	if c.Flags().Lookup(withEmptyFlag) == nil { // the search filters may define it
		c.Flags().Bool(withEmptyFlag, false, "export the records without a diagram too")
	}
	_ = c.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return export.Formats, cobra.ShellCompDirectiveNoFileComp
	})
	root.AddCommand(c)
}

// exportExts are the file extensions that name a format.
var exportExts = map[string]string{".txt": "book", ".pdn": "pdn", ".json": "json", ".html": "html", ".htm": "html", ".pdf": "pdf"}

// withEmptyFlag keeps the records without a diagram in an export.
const withEmptyFlag = "with-empty"

// exportFormat picks the format from the flag, then the file's extension.
func exportFormat(f *exportFlags) (string, error) {
	format := strings.ToLower(f.format)
	if format == "" && global.json {
		format = "json"
	}
	if format == "" && f.output != "-" {
		ext := strings.ToLower(filepath.Ext(f.output))
		if format = exportExts[ext]; format == "" {
			return "", fmt.Errorf("-o %s: the extension %q names no export format (expected .txt, .pdn, .json, .html, .htm or .pdf, or give --format)", f.output, ext)
		}
	}
	if format == "" {
		format = "book"
	}
	for _, k := range export.Formats {
		if k == format {
			if f.output == "-" && export.Binary(k) {
				return "", fmt.Errorf("--format %s writes a binary file: give one with -o FILE", k)
			}
			return k, nil
		}
	}
	return "", fmt.Errorf("--format %q: expected one of %s", f.format, strings.Join(export.Formats, ", "))
}

func runExport(cmd *cobra.Command, args []string, f *exportFlags) error {
	format, err := exportFormat(f)
	if err != nil {
		return err
	}
	if f.perPage < 1 || f.perPage > 4 {
		return fmt.Errorf("--per-page %d: expected 1 to 4", f.perPage)
	}
	d, err := db.OpenExisting(global.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	ids, err := exportIDs(d, args, f)
	if err != nil {
		return err
	}
	items, err := exportItems(d, ids, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	if f.plain {
		plainItems(items)
	}
	if withEmpty, _ := cmd.Flags().GetBool(withEmptyFlag); !withEmpty && len(args) == 0 && !f.search.NoPosition {
		var left int
		items, left = withDiagram(items)
		if left > 0 {
			fmt.Fprintf(cmd.ErrOrStderr(), "metz: %s without a diagram left out (--with-empty keeps them)\n", count(left, "record", "records"))
		}
	}
	if len(items) == 0 {
		// An empty file would pass for an export (and replace a good one).
		return errors.New("no problem matches the filters: nothing written (metz search with the same filters lists what they select)")
	}
	return writeExport(cmd.OutOrStdout(), cmd.ErrOrStderr(), f, format, items)
}

// exportIDs resolves the arguments, or runs the search filters.
func exportIDs(d *db.DB, args []string, f *exportFlags) ([]int64, error) {
	var ids []int64
	for _, a := range args {
		id, err := d.Resolve(a)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	if len(args) > 0 {
		return ids, nil
	}
	q, err := f.search.query()
	if err != nil {
		return nil, err
	}
	if err := checkSources(d, q.Sources); err != nil {
		return nil, err
	}
	res, err := d.Search(q)
	if err != nil {
		return nil, err
	}
	for _, s := range res {
		ids = append(ids, s.ID)
	}
	return ids, nil
}

// exportItems loads each problem for the export (app.ExportItems, which
// the web server's print page shares); evidence that cannot be placed is
// named on errw.
func exportItems(d *db.DB, ids []int64, errw io.Writer) ([]export.Item, error) {
	items, notes, err := app.ExportItems(d, ids)
	for _, n := range notes {
		fmt.Fprintf(errw, "metz: %s\n", n)
	}
	return items, err
}

// withDiagram keeps the items whose record has a diagram and says how
// many it left out.
func withDiagram(items []export.Item) ([]export.Item, int) {
	kept := items[:0]
	for _, it := range items {
		if it.Problem.HasPosition() {
			kept = append(kept, it)
		}
	}
	return kept, len(items) - len(kept)
}

// plainItems asks for the items' solutions without their comments.
func plainItems(items []export.Item) {
	for i := range items {
		items[i].Plain = true
	}
}

func writeExport(stdout, stderr io.Writer, f *exportFlags, format string, items []export.Item) error {
	o := export.HTMLOptions{Title: f.title, PerPage: f.perPage, Numbers: f.numbers}
	if f.output == "-" {
		return export.Write(stdout, format, items, o)
	}
	tmp := f.output + ".tmp"
	file, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("-o %s: %w", f.output, err)
	}
	werr := export.Write(file, format, items, o)
	cerr := file.Close()
	if werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", f.output, werr)
	}
	// Written beside the target and renamed, so a failed export never
	// leaves half a file where a good one was.
	if err := os.Rename(tmp, f.output); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "metz: %s written to %s (%s)\n", count(len(items), "problem", "problems"), f.output, format)
	return nil
}
