// Package sources bundles the digitised source texts that metz imports, so that
// `metz import` works on a fresh install with no file arguments. The files are
// kept byte for byte as they were digitised (OCR errors included): the importer
// reads them as they are and never "fixes" them here.
package sources

import "embed"

//go:embed livre-de-metz-1re-partie.txt van-tenac-traite-1868.md jeu-de-dames-et-variantes.txt regles-64-144-cases.md trictrac-guiton-1822.md README.md
var FS embed.FS

// Bundled file names.
const (
	LivreDeMetz = "livre-de-metz-1re-partie.txt"
	VanTenac    = "van-tenac-traite-1868.md"
	Variantes   = "jeu-de-dames-et-variantes.txt"
	Regles64144 = "regles-64-144-cases.md"
	Trictrac    = "trictrac-guiton-1822.md"
)

// Read returns the bytes of one bundled file.
func Read(name string) ([]byte, error) { return FS.ReadFile(name) }
