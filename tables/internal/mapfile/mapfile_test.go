package mapfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Read gives a file's bytes exactly, populated or not; an empty file
// gives empty data, a missing one an error that says so.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	want := bytes.Repeat([]byte("metz\x00\xff"), 5000)
	path := filepath.Join(dir, "t.bin")
	if err := os.WriteFile(path, want, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, populate := range []bool{false, true} {
		data, release, err := Read(path, populate)
		if err != nil || !bytes.Equal(data, want) {
			t.Fatalf("populate %v: %d bytes, %v; want the %d written", populate, len(data), err, len(want))
		}
		release()
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if data, release, err := Read(empty, true); err != nil || len(data) != 0 {
		t.Fatalf("empty file: %d bytes, %v", len(data), err)
	} else {
		release()
	}
	if _, _, err := Read(filepath.Join(dir, "none"), false); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v, want not exist", err)
	}
}
