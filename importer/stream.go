package importer

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"

	"metz/problems"
	"metz/textenc"
)

// Record is one record a Stream gives.
type Record struct {
	*problems.Problem
	// Copy says the record is a copy of a record of its source (Source):
	// one of metz's exports read back, which updates that record rather
	// than standing for the file's own.
	Copy bool
	// Format is the copy's format (FormatPDN, FormatJSON, FormatBook):
	// a book text holds only part of a record, which the caller compares
	// with the stored record written the same way.
	Format string
}

// Formats of copies.
const (
	FormatPDN  = "pdn"
	FormatJSON = "json"
	FormatBook = "book"
)

// Stream reads a source file record by record. A PDN file is read game by
// game as the import stores them, so that memory stays bounded whatever
// the file's size; the other kinds of source, small, are read whole first
// (at most maxFile bytes).
type Stream struct {
	src    problems.Source // the file's own source
	next   func() (Record, error)
	warns  func() []problems.Warning
	texts  []problems.SourceText
	claims []problems.BookClaim
	done   func() int64 // bytes read so far
	size   int64
	sum    func() string // the file's checksum, once read to the end
	close  func() error
}

// headSize is how much of a file is looked at to tell what it is.
const headSize = 1 << 20

// Open opens a source file (see Stream); opt as for FileWith.
func Open(path string, opt Options) (*Stream, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if fi.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s: a directory (expected a PDN file or a transcription)", path)
	}
	br := bufio.NewReaderSize(f, 64<<10)
	head, err := br.Peek(headSize)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if streamsAsPDN(path, head) {
		reopen := func() (io.ReadCloser, error) { return os.Open(path) }
		s := newPDNStream(path, br, reopen, opt)
		s.size, s.close = fi.Size(), f.Close
		return s, nil
	}
	defer f.Close()
	b, err := ReaderWith(path, br, opt)
	if err != nil {
		return nil, err
	}
	return batchStream(b, fi.Size()), nil
}

// streamsAsPDN reports whether a file whose first bytes are head is read
// as PDN, game by game: PDN text in UTF-8 (or Windows-1252 lines), no
// byte order mark of UTF-16, no control byte in what was looked at. The
// other files go through the reader of whole files, which says what is
// wrong with them.
func streamsAsPDN(name string, head []byte) bool {
	if len(bytes.TrimSpace(bytes.TrimPrefix(head, []byte("\ufeff")))) == 0 || binaryAt(head) >= 0 {
		return false
	}
	if bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}) {
		return false
	}
	text, _ := textenc.LinesToUTF8(head)
	return sniff(name, text) == kindPDN
}

// Source is the file's own source: its key and title (its file and
// checksum once the stream is read to the end).
func (s *Stream) Source() problems.Source {
	src := s.src
	if s.sum != nil {
		src.Checksum = s.sum()
	}
	return src
}

// Next returns the next record, or io.EOF after the last. An error other
// than io.EOF ends the stream: the file cannot be read (the records given
// before it should not be stored).
func (s *Stream) Next() (Record, error) { return s.next() }

// Warnings are the warnings about the file as a whole rather than one
// record (a game that could not be read), in line order: complete once
// Next has returned io.EOF.
func (s *Stream) Warnings() []problems.Warning { return s.warns() }

// Texts are the passages kept from the source (the Livre de Metz's rules).
func (s *Stream) Texts() []problems.SourceText { return s.texts }

// Claims are the source's statements checked (Guiton's counts of chances).
func (s *Stream) Claims() []problems.BookClaim { return s.claims }

// Progress says how many of the file's bytes have been read.
func (s *Stream) Progress() (done, total int64) { return s.done(), s.size }

// Close releases the file.
func (s *Stream) Close() error {
	if s.close == nil {
		return nil
	}
	return s.close()
}

// batchStream gives the records of a source read whole.
func batchStream(b Batch, size int64) *Stream {
	i := 0
	s := &Stream{src: b.Source, texts: b.Texts, claims: b.Claims, size: size,
		warns: func() []problems.Warning { return b.Warnings }}
	s.done = func() int64 {
		if len(b.Problems) == 0 {
			return size
		}
		return size * int64(i) / int64(len(b.Problems))
	}
	s.next = func() (Record, error) {
		if i >= len(b.Problems) {
			return Record{}, io.EOF
		}
		p := b.Problems[i]
		i++
		return b.record(p), nil
	}
	return s
}

// record tells a batch's record, its own or a copy of another source's.
func (b Batch) record(p *problems.Problem) Record {
	f := b.copies[p]
	return Record{Problem: p, Copy: f != "", Format: f}
}

// Batch is what one source gives: its description, its records and the
// warnings that concern the source as a whole (each record also carries its
// own in Problem.Warnings).
type Batch struct {
	Source   problems.Source
	Problems []*problems.Problem
	Warnings []problems.Warning
	Texts    []problems.SourceText // passages kept for reading: the Livre de Metz's rules
	Claims   []problems.BookClaim  // statements checked: the counts of chances of Guiton's treatise
	copies   map[*problems.Problem]string
}

// markCopy records that p is a copy of a record of its source, in format f.
func (b *Batch) markCopy(p *problems.Problem, f string) {
	if b.copies == nil {
		b.copies = map[*problems.Problem]string{}
	}
	b.copies[p] = f
}

// Copy reports whether p, one of the batch's records, is a copy of a
// record of its source (see Record.Copy), and in which format.
func (b Batch) Copy(p *problems.Problem) (string, bool) {
	f, ok := b.copies[p]
	return f, ok
}

// collect reads a stream whole into a batch.
func collect(s *Stream) (Batch, error) {
	b := Batch{}
	for {
		r, err := s.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Batch{}, err
		}
		b.Problems = append(b.Problems, r.Problem)
		if r.Copy {
			b.markCopy(r.Problem, r.Format)
		}
	}
	b.Source, b.Warnings, b.Texts, b.Claims = s.Source(), s.Warnings(), s.Texts(), s.Claims()
	return b, nil
}

// hashingReader sums and counts what is read through it, and fails at the
// first byte no text file holds.
type hashingReader struct {
	r   io.Reader
	h   hash.Hash
	n   int64
	err error
}

func newHashingReader(r io.Reader) *hashingReader {
	return &hashingReader{r: r, h: sha256.New()}
}

func (h *hashingReader) Read(p []byte) (int, error) {
	if h.err != nil {
		return 0, h.err
	}
	n, err := h.r.Read(p)
	if at := binaryAt(p[:n]); at >= 0 {
		h.err = fmt.Errorf("not a text file (a control byte at offset %d; expected a PDN file or a transcription)", h.n+int64(at))
		return 0, h.err
	}
	h.h.Write(p[:n])
	h.n += int64(n)
	return n, err
}

func (h *hashingReader) sum() string { return hex.EncodeToString(h.h.Sum(nil)) }

// base is a file's base name.
func base(name string) string { return filepath.Base(name) }
