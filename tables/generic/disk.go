package generic

import (
	"bufio"
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
	"metz/tables/internal/mapfile"
)

// Tables built once are worth keeping: a five-piece ending on 8x8 takes
// seconds to build and milliseconds to read back. A table directory holds
// a subdirectory per rule system and a file per signature ("KKKvKK.rtb"):
// a header naming the format, the rules (and a fingerprint of their
// definition) and the signature, the values of both sides to move and a
// checksum. Format 2 (written now) says how many bytes a value takes (one
// when the table fits it, see compact.go) and pads the header to 64 bytes,
// so that the values of a mapped file are read in place; format 1 (still
// read) held two bytes a value straight after the header. A file that
// does not match what this build of metz would write (another rule
// system, definition, size, or a bad checksum) is ignored and built
// again.

// Format is the version of the files written; it changes whenever the
// values a build computes could change (the builder, the index or the
// rules), or their layout.
const Format = 2

const (
	fileMagic = "metz-retro\n"
	fileExt   = ".rtb"
	headerPad = 64 // format 2's header is padded to a multiple of this
)

var errSize = errors.New("not the size of a table file")

// header is what a file says of itself before its values.
type header struct {
	format int
	rules  string
	game   uint64 // rulesPrint of the rules it was built under
	sig    base.Sig
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
	if r.OrthoCaptures || r.KingMoveLimit > 0 { // Frisian's; the others' prints stay what they were
		fmt.Fprintf(h, "|%t %d", r.OrthoCaptures, r.KingMoveLimit)
	}
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
	t.saving.Store(dir != "" && !t.readOnly)
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
		stem := strings.TrimSuffix(filepath.Base(name), fileExt)
		if s, err := base.ParseSig(stem); err == nil && s.String() == stem { // the name it is saved under
			t.markStored(s)
		}
	}
	base.RemoveStaleTemps(t.rulesDir(), "*.tmp", time.Now().Add(-base.StaleTemp))
}

// ReadOnly makes t read the tables saved in its directory but save none:
// those it builds stay in memory (for a directory that cannot be written).
func (t *Tables) ReadOnly() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.readOnly = true
	t.saving.Store(false)
}

// rulesDir is the subdirectory of t's rule system (t.mu held).
func (t *Tables) rulesDir() string { return filepath.Join(t.dir, t.r.Name) }

// path is where s is saved (t.mu held).
func (t *Tables) path(s base.Sig) string { return filepath.Join(t.rulesDir(), s.String()+fileExt) }

func (t *Tables) markStored(s base.Sig) {
	t.stored[code(s)].Store(true)
	if n := int32(s.Pieces()); n > t.maxStored.Load() {
		t.maxStored.Store(n)
	}
}

// Stored reports whether s is saved in t's directory (read when needed).
func (t *Tables) Stored(s base.Sig) bool { return s.Valid() && t.stored[code(s)].Load() }

// SavedBytes is the size of s's file in t's directory (0 when s is not
// saved there).
func (t *Tables) SavedBytes(s base.Sig) int64 {
	if !t.Stored(s) {
		return 0
	}
	t.mu.Lock()
	name := t.path(s)
	t.mu.Unlock()
	st, err := os.Stat(name)
	if err != nil {
		return 0
	}
	return st.Size()
}

// StoredPieces is the most pieces of a signature saved in t's directory:
// a search need not look for larger ones there.
func (t *Tables) StoredPieces() int { return int(t.maxStored.Load()) }

// Reach is the largest piece count n such that every signature of 2 to n
// pieces is saved in t's directory or built: every game position of at
// most Reach pieces is then decided by a probe, none built (0 when not
// even the 2-piece ones are). A search asks it once, at its start.
func (t *Tables) Reach() int {
	reach := 0
	for n := 2; n <= t.StoredPieces(); n++ {
		for white := 1; white < n; white++ {
			for wm := 0; wm <= white; wm++ {
				for bm := 0; bm <= n-white; bm++ {
					s := base.Sig{WM: wm, WK: white - wm, BM: bm, BK: n - white - bm}
					if s.Valid() && !t.Stored(s) && !t.Has(s) {
						return reach
					}
				}
			}
		}
		reach = n
	}
	return reach
}

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
func (t *Tables) load(s base.Sig) error {
	tab, err := t.readFile(t.path(s), s)
	if err != nil {
		t.stored[code(s)].Store(false)
		return err
	}
	t.add(s, tab)
	return nil
}

// readFile maps the table of s from the file name read-only (read whole
// where files are not mapped): a search reads a few of a large table's
// pages, which the system keeps in memory as it can, so the budget of a
// search bounds only the tables it builds. A table in use is never
// unmapped: searches may still read it after it is dropped, and a process
// maps each file once at most.
func (t *Tables) readFile(name string, s base.Sig) (*table, error) {
	data, release, err := mapfile.Read(name, false)
	if err != nil {
		return nil, err
	}
	if len(data) == 0 {
		release()
		return nil, fmt.Errorf("%s: %w", name, errSize)
	}
	tab, err := t.parseTable(data, s)
	if err != nil {
		release()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	tab.mapped = mapfile.Mapped
	return tab, nil
}

// fixedHeader is the header's fields of fixed size, after the magic.
type fixedHeader struct {
	Format, Rules, WM, WK, BM, BK uint8
	Game                          uint64
	Size                          int64
}

const fixedBytes = 6 + 8 + 8

// parseTable reads the table of s from data, a file's contents; its
// values are data's bytes where they can be (one byte a value, or two at
// an even offset on a little-endian machine), copied otherwise.
func (t *Tables) parseTable(data []byte, s base.Sig) (*table, error) {
	want := header{rules: t.r.Name, game: rulesPrint(t.r), sig: s, size: t.l.shape(s).size}
	got, off, err := readHeader(data)
	if err != nil {
		return nil, err
	}
	width := 2
	if got.format == 2 {
		if width = int(data[off]); width != 1 && width != 2 {
			return nil, fmt.Errorf("%d bytes a value", width)
		}
		off = (off + headerPad) / headerPad * headerPad
	}
	want.format = got.format
	if got != want || (got.format != 1 && got.format != 2) {
		return nil, fmt.Errorf("written for %+v, want %+v", got, want)
	}
	if int64(len(data)) != int64(off)+2*want.size*int64(width)+4 {
		return nil, errSize
	}
	body := len(data) - 4
	if len(data) <= t.checked && binary.LittleEndian.Uint32(data[body:]) != crc32.Checksum(data[:body], castagnoli) {
		return nil, errors.New("bad checksum")
	}
	tab := &table{sh: t.l.shape(s), winOdd: t.winOdd()}
	n := int(want.size) * width
	for side := range 2 {
		vals := data[off+side*n : off+(side+1)*n : off+(side+1)*n]
		if width == 1 {
			tab.small[side] = vals
			continue
		}
		tab.vals[side] = uint16s(vals)
	}
	return tab, nil
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checkedBytes is the largest file whose checksum is verified as it is
// read (Tables.checked, which a test lowers). A larger one is checked by its header and size only: its checksum
// would read every page of gigabytes (a seven-piece 8x8 table is up to
// 5.2 GB) where a search probes a few, and a solve of 10 s spent 13 s
// reading such files whole from disk when they did not fit in memory.
const checkedBytes = 256 << 20

// littleEndian: the files' byte order is the machine's, and values are
// read in place (converting them one by one took most of the time a table
// took to read).
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// uint16s is the little-endian values of b: b itself when the machine's
// order and the alignment allow, else a copy.
func uint16s(b []byte) []uint16 {
	if len(b) == 0 {
		return []uint16{}
	}
	if littleEndian && uintptr(unsafe.Pointer(&b[0]))%2 == 0 {
		return unsafe.Slice((*uint16)(unsafe.Pointer(&b[0])), len(b)/2)
	}
	out := make([]uint16, len(b)/2)
	for i := range out {
		out[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return out
}

// readHeader reads a file's header from data; off is where what follows
// the rules' name begins.
func readHeader(data []byte) (h header, off int, err error) {
	if len(data) < len(fileMagic)+fixedBytes || string(data[:len(fileMagic)]) != fileMagic {
		return h, 0, errors.New("not a metz table file")
	}
	var fixed fixedHeader
	off = len(fileMagic)
	if _, err := binary.Decode(data[off:], binary.LittleEndian, &fixed); err != nil {
		return h, 0, err
	}
	off += fixedBytes
	if len(data) < off+int(fixed.Rules)+1 {
		return h, 0, errSize
	}
	name := string(data[off : off+int(fixed.Rules)])
	off += int(fixed.Rules)
	h = header{format: int(fixed.Format), rules: name, game: fixed.Game,
		sig: base.Sig{WM: int(fixed.WM), WK: int(fixed.WK), BM: int(fixed.BM), BK: int(fixed.BK)}, size: fixed.Size}
	return h, off, nil
}

// save writes tab, the table of s, to t's directory (t.mu held), through
// a temporary file renamed into place: a process reading the directory
// meanwhile sees the whole file or none. It reports whether s is saved.
func (t *Tables) save(s base.Sig, tab *table) bool {
	if t.dir == "" || t.readOnly || gameOver(s) {
		return false // a side without pieces: the game is over, nothing to keep
	}
	err := t.writeFile(s, tab)
	if err == nil {
		t.markStored(s)
	} else if t.saveErr == nil {
		t.saveErr = err
	}
	return err == nil
}

func (t *Tables) writeFile(s base.Sig, tab *table) error {
	if err := os.MkdirAll(t.rulesDir(), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(t.rulesDir(), s.String()+"-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after the rename, a no-op
	if err := t.writeTable(f, s, tab); err != nil {
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

// writeTable writes the file of s's table tab to f: one byte a value
// when they all fit.
func (t *Tables) writeTable(f io.Writer, s base.Sig, tab *table) error {
	width := 2
	if tab.fitsSmall(t.winOdd()) {
		width = 1
	}
	sum := crc32.New(castagnoli)
	w := bufio.NewWriterSize(io.MultiWriter(f, sum), 1<<20)
	w.WriteString(fileMagic)
	fixed := fixedHeader{Format: Format, Rules: uint8(len(t.r.Name)), WM: uint8(s.WM), WK: uint8(s.WK),
		BM: uint8(s.BM), BK: uint8(s.BK), Game: rulesPrint(t.r), Size: tab.sh.size}
	binary.Write(w, binary.LittleEndian, fixed) // errors stay in w, seen at Flush
	w.WriteString(t.r.Name)
	w.WriteByte(byte(width))
	head := len(fileMagic) + fixedBytes + len(t.r.Name) + 1
	w.Write(make([]byte, (head+headerPad-1)/headerPad*headerPad-head))
	buf := make([]byte, 0, 1<<16)
	for turn := range 2 {
		for i := range tab.sh.size {
			v := tab.raw(turn, i)
			if width == 1 {
				b, _ := smallOf(v, t.winOdd())
				buf = append(buf, b)
			} else {
				buf = binary.LittleEndian.AppendUint16(buf, v)
			}
			if len(buf) >= cap(buf)-1 {
				w.Write(buf)
				buf = buf[:0]
			}
		}
	}
	w.Write(buf)
	if err := w.Flush(); err != nil {
		return err
	}
	return binary.Write(f, binary.LittleEndian, sum.Sum32())
}
