package intl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"metz/tables/internal/mapfile"
)

// File layout: a 16-byte header, then Size() value bytes (version 1) or
// packedLen(Size()) bytes of WDL values, five a byte (version 2: the
// tables of WDLPieces pieces and more; see value.go).
//
//	0..6   "METZEGT"
//	7      format version (1 or 2)
//	8..11  WM, WK, BM, BK
//	12..15 zero
const (
	fileMagic   = "METZEGT"
	fileVersion = 1 // a byte a position
	wdlVersion  = 2 // WDL, five positions a byte
	headerSize  = 16
	fileExt     = ".egt"
)

// fileName returns the file name of the table of s.
func fileName(s stmSig) string { return s.String() + fileExt }

// writeTable writes vals as the table of s in dir (packed or not, as vals
// is: see isPacked), through a temporary file
// renamed into place so that an interrupted build leaves no partial table.
func writeTable(dir string, s stmSig, vals []byte) error {
	var h [headerSize]byte
	copy(h[:], fileMagic)
	h[7] = fileVersion
	if isPacked(s, vals) {
		h[7] = wdlVersion
	}
	h[8], h[9], h[10], h[11] = byte(s.WM), byte(s.WK), byte(s.BM), byte(s.BK)
	path := filepath.Join(dir, fileName(s))
	tmp, err := os.CreateTemp(dir, fileName(s)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if _, err := tmp.Write(h[:]); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(vals); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil { // CreateTemp makes it private
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// errNoTable is returned by readTable when the file does not exist.
var errNoTable = errors.New("endgame: table not built")

// readTable reads the table of s from dir. A missing file gives errNoTable;
// a file that is not a table of s gives an error naming the file and what
// was expected. The bytes are read-only: on Unix the file is mapped, not
// copied (the 5-piece tables are 1.9 GB: read into memory, they cost
// seconds at every start and their size in memory in every process; mapped,
// the page cache holds them once for all).
func readTable(dir string, s stmSig) ([]byte, error) {
	tab, _, err := openTable(dir, s)
	return tab, err // kept for the life of the process
}

// openTable is readTable with the release of the table's memory (for the
// tests, which open many).
func openTable(dir string, s stmSig) (tab []byte, release func(), err error) {
	path := filepath.Join(dir, fileName(s))
	data, release, err := mapfile.Read(path, true)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, errNoTable
	}
	if err != nil {
		return nil, nil, err
	}
	if err := checkTable(path, s, data, int64(len(data))); err != nil {
		release()
		return nil, nil, err
	}
	return data[headerSize:], release, nil
}

// checkFile checks the table file path of s from its header and length,
// without reading the values.
func checkFile(path string, s stmSig) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	head := make([]byte, headerSize)
	n, _ := io.ReadFull(f, head)
	return checkTable(path, s, head[:n], fi.Size())
}

// checkTable checks a table file's header (the file's first bytes, data)
// and its length (size) against s.
func checkTable(path string, s stmSig, data []byte, size int64) error {
	if len(data) < headerSize || !bytes.Equal(data[:7], []byte(fileMagic)) {
		return fmt.Errorf("%s: not an endgame table (expected the %q header)", path, fileMagic)
	}
	want := s.Size()
	switch data[7] {
	case fileVersion:
	case wdlVersion:
		want = packedLen(want)
	default:
		return fmt.Errorf("%s: format version %d, expected %d or %d (rebuild the tables)", path, data[7], fileVersion, wdlVersion)
	}
	got := stmSig{int(data[8]), int(data[9]), int(data[10]), int(data[11])}
	if got != s {
		return fmt.Errorf("%s: holds signature %v, expected %v", path, got, s)
	}
	if size-headerSize != want {
		return fmt.Errorf("%s: %d value bytes, expected %d (truncated? delete it and build again)", path, size-headerSize, want)
	}
	return nil
}
