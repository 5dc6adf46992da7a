package retro

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unsafe"

	"metz/draughts"

	"metz/tables/base"
)

// Tables built once are worth keeping: a five-piece ending on 8x8 takes
// seconds to build and milliseconds to read back. A table directory holds
// a subdirectory per rule system and a file per signature ("KKKvKK.rtb"):
// a header naming the format, the rules (and a fingerprint of their
// definition) and the signature, the values of both sides to move (two
// bytes each, little-endian) and a checksum. A file that does not match
// what this build of metz would write (another format, rule system,
// definition, size, or a bad checksum) is ignored and built again.

// Format is the version of the files; it changes whenever the values a
// build computes could change (the builder, the index or the rules).
const Format = 1

const (
	fileMagic = "metz-retro\n"
	fileExt   = ".rtb"
)

// header is what a file says of itself before its values.
type header struct {
	format int
	rules  string
	game   uint64 // rulesPrint of the rules it was built under
	sig    Sig
	size   int64 // positions per side to move
}

// rulesPrint is a fingerprint of what the rules decide of play (the board
// and every rule of movement, capture and the end), so that a file built
// before a rule system's definition changed is not read as its table.
func rulesPrint(r *draughts.Rules) uint64 {
	h := fnv.New64a()
	g := r.Geo
	fmt.Fprintf(h, "%d %d %d %d|%t %t %t %t %t %t %d %d %t", g.Width, g.Height, g.Layout, g.Numbering,
		r.MenSideways, r.MenCaptureBackward, r.MenCaptureKings, r.FlyingKings, r.KingLandsBehind,
		r.ImmediateRemoval, r.Passing, r.Precedence, r.LosingGame)
	return h.Sum64()
}

// Dir is where t reads and saves its tables ("" when it keeps them in
// memory only).
func (t *Tables) Dir() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dir
}

// SetDir makes t read the tables saved under dir (in its rule system's
// subdirectory) instead of building them, and save there each table it
// builds. An empty dir turns that off. The directory is created when the
// first table is saved.
func (t *Tables) SetDir(dir string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.dir = dir
	clear(t.refused) // what was too large to build may be saved there
	for i := range t.stored {
		t.stored[i].Store(false)
	}
	t.maxStored.Store(0)
	if dir == "" {
		return
	}
	names, _ := filepath.Glob(filepath.Join(t.rulesDir(), "*"+fileExt))
	for _, name := range names {
		base := strings.TrimSuffix(filepath.Base(name), fileExt)
		if s, err := ParseSig(base); err == nil && s.String() == base { // the name it is saved under
			t.markStored(s)
		}
	}
	base.RemoveStaleTemps(t.rulesDir(), "*.tmp", time.Now().Add(-base.StaleTemp))
}

// rulesDir is the subdirectory of t's rule system (t.mu held).
func (t *Tables) rulesDir() string { return filepath.Join(t.dir, t.r.Name) }

// path is where s is saved (t.mu held).
func (t *Tables) path(s Sig) string { return filepath.Join(t.rulesDir(), s.String()+fileExt) }

func (t *Tables) markStored(s Sig) {
	t.stored[s.code()].Store(true)
	if n := int32(s.Pieces()); n > t.maxStored.Load() {
		t.maxStored.Store(n)
	}
}

// Stored reports whether s is saved in t's directory (read when needed).
func (t *Tables) Stored(s Sig) bool { return s.valid() && t.stored[s.code()].Load() }

// StoredPieces is the most pieces of a signature saved in t's directory:
// a search need not look for larger ones there.
func (t *Tables) StoredPieces() int { return int(t.maxStored.Load()) }

// SaveErr is the first error met while saving a table (nil: none). A
// table that could not be saved stays in memory; the next process builds
// it again.
func (t *Tables) SaveErr() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.saveErr
}

// load reads s from t's directory and publishes it (t.mu held). A file
// that does not read back as s's table is forgotten, so that s is built
// (and saved over it).
func (t *Tables) load(s Sig) error {
	tab, err := t.readFile(t.path(s), s)
	if err != nil {
		t.stored[s.code()].Store(false)
		return err
	}
	t.add(s, tab)
	return nil
}

// readFile reads the table of s from the file name.
func (t *Tables) readFile(name string, s Sig) (*table, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tab, err := t.readTable(f, s)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return tab, nil
}

// readTable reads the table of s from f, a file's contents.
func (t *Tables) readTable(f io.Reader, s Sig) (*table, error) {
	want := header{format: Format, rules: t.r.Name, game: rulesPrint(t.r), sig: s, size: t.l.shape(s).size}
	tab := &table{sh: t.l.shape(s)}
	crc := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	r := io.TeeReader(f, crc)
	got, err := readHeader(r)
	if err != nil {
		return nil, err
	}
	if got != want {
		return nil, fmt.Errorf("written for %+v, want %+v", got, want)
	}
	for side := range tab.vals {
		tab.vals[side] = make([]uint16, want.size)
		if err := readValues(r, tab.vals[side]); err != nil {
			return nil, err
		}
	}
	sum := crc.Sum32()
	var stored uint32
	if err := binary.Read(f, binary.LittleEndian, &stored); err != nil || stored != sum {
		return nil, errors.New("bad checksum")
	}
	return tab, nil
}

// littleEndian: the files' byte order is the machine's, and values are
// read straight into memory (converting them one by one took most of the
// time a table took to read).
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// readValues fills vals from r, little-endian.
func readValues(r io.Reader, vals []uint16) error {
	if !littleEndian || len(vals) == 0 {
		return binary.Read(r, binary.LittleEndian, vals)
	}
	_, err := io.ReadFull(r, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(vals))), 2*len(vals)))
	return err
}

// readHeader reads a file's header.
func readHeader(r io.Reader) (header, error) {
	var h header
	magic := make([]byte, len(fileMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != fileMagic {
		return h, errors.New("not a metz table file")
	}
	var fixed struct {
		Format, Rules, WM, WK, BM, BK uint8
		Game                          uint64
		Size                          int64
	}
	if err := binary.Read(r, binary.LittleEndian, &fixed); err != nil {
		return h, err
	}
	name := make([]byte, fixed.Rules)
	if _, err := io.ReadFull(r, name); err != nil {
		return h, err
	}
	h = header{format: int(fixed.Format), rules: string(name), game: fixed.Game,
		sig: Sig{int(fixed.WM), int(fixed.WK), int(fixed.BM), int(fixed.BK)}, size: fixed.Size}
	return h, nil
}

// save writes tab, the table of s, to t's directory (t.mu held), through
// a temporary file renamed into place: a process reading the directory
// meanwhile sees the whole file or none.
func (t *Tables) save(s Sig, tab *table) {
	if t.dir == "" || s.WM+s.WK == 0 || s.BM+s.BK == 0 {
		return // a side without pieces: the game is over, nothing to keep
	}
	err := t.writeFile(s, tab)
	if err == nil {
		t.markStored(s)
	} else if t.saveErr == nil {
		t.saveErr = err
	}
}

func (t *Tables) writeFile(s Sig, tab *table) error {
	if err := os.MkdirAll(t.rulesDir(), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(t.rulesDir(), s.String()+"-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after the rename, a no-op
	var buf bytes.Buffer
	buf.WriteString(fileMagic)
	fixed := []any{uint8(Format), uint8(len(t.r.Name)), uint8(s.WM), uint8(s.WK), uint8(s.BM), uint8(s.BK), rulesPrint(t.r), tab.sh.size}
	for _, v := range fixed {
		binary.Write(&buf, binary.LittleEndian, v) // writes to a buffer do not fail
	}
	buf.WriteString(t.r.Name)
	for _, vals := range tab.vals {
		binary.Write(&buf, binary.LittleEndian, vals)
	}
	binary.Write(&buf, binary.LittleEndian, crc32.Checksum(buf.Bytes(), crc32.MakeTable(crc32.Castagnoli)))
	if _, err := f.Write(buf.Bytes()); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), t.path(s))
}

// ParseSig reads a signature written by Sig.String ("KKMvK"), as package
// endgame reads its own.
func ParseSig(name string) (Sig, error) {
	c, err := base.ParseName(name, MaxSide)
	if err != nil {
		return Sig{}, fmt.Errorf("retro: %w", err)
	}
	s := Sig{WM: c.M1, WK: c.K1, BM: c.M2, BK: c.K2}
	return s, s.check()
}
