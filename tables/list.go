package tables

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"metz/draughts"
)

// Entry is one table file of a table directory.
type Entry struct {
	Rules  string `json:"rules"`
	Sig    string `json:"signature"` // as the file is named (see Dir)
	Pieces int    `json:"pieces"`
	Bytes  int64  `json:"bytes"`
}

// List is the manifest of t's table directory: every table file of
// every rule system, by rules, then pieces, then name (none with no
// directory). A file whose name is no signature is left out (Open reports
// damaged international tables).
func (t *Tables) List() ([]Entry, error) {
	if t.Dir() == "" {
		return nil, nil
	}
	root := t.dir
	var out []Entry
	for _, r := range draughts.AllRules() {
		ext := ".rtb"
		if international(r) {
			ext = ".egt" // named side to move first: the same letters
		}
		paths, err := filepath.Glob(filepath.Join(Dir(root, r), "*"+ext))
		if err != nil {
			return nil, err
		}
		for _, path := range paths {
			name := strings.TrimSuffix(filepath.Base(path), ext)
			s, err := ParseSig(name)
			fi, statErr := os.Stat(path)
			if err != nil || statErr != nil {
				continue
			}
			out = append(out, Entry{Rules: r.Name, Sig: name, Pieces: s.Pieces(), Bytes: fi.Size()})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Rules != b.Rules {
			return a.Rules < b.Rules
		}
		if a.Pieces != b.Pieces {
			return a.Pieces < b.Pieces
		}
		return a.Sig < b.Sig
	})
	return out, nil
}
