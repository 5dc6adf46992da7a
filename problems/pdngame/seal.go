package pdngame

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"metz/pdn"
	"metz/problems"
)

// A PDN game's tags and moves say less than a record holds: the moves as
// the source printed them, the lines where they were, the source's other
// witnesses, its warnings, the notes, the verdict history. Seal writes the
// whole record into the game's MetzRecord tag, as JSON, with a fingerprint
// of each tag and of the moves as written; Unseal gives the record back
// and names what was edited since (a tag whose value changed, the moves,
// the comments), so that an unedited game is the record itself and an
// edited one the record with those parts read from the file.

// seal is MetzRecord's value.
type seal struct {
	Version  int               `json:"v"`
	Tags     map[string]string `json:"tags"`               // fingerprint of each tag as written, by name (a repeated name gets "#2" …)
	Moves    string            `json:"moves,omitempty"`    // fingerprint of the movetext
	Comments string            `json:"comments,omitempty"` // fingerprint of the comments before the first move
	Record   *problems.Problem `json:"record"`
}

const sealVersion = 1

// Parts of a game Unseal names besides its tags.
const (
	PartMoves    = "moves"
	PartComments = "comments"
)

// Seal adds the MetzRecord tag holding rec (the record as its export
// carries it) to g, with the fingerprints of g as a reader will find it.
func Seal(g *pdn.Game, rec *problems.Problem) error {
	// The fingerprints are of the game as read back from what is written,
	// so that what the writer normalises (spaces in comments, line
	// breaks) does not read as an edit.
	var b bytes.Buffer
	if err := pdn.Write(&b, []*pdn.Game{g}); err != nil {
		return err
	}
	back, _, err := pdn.ParseString(b.String(), "seal")
	if err != nil || len(back) != 1 {
		return fmt.Errorf("seal: the game does not read back (%v)", err)
	}
	s := fingerprints(back[0])
	s.Version, s.Record = sealVersion, rec
	data, err := json.Marshal(s)
	if err != nil {
		return err
	}
	g.Tags = append(g.Tags, pdn.Tag{Name: TagRecord, Value: string(data)})
	return nil
}

// Unseal reads a game's MetzRecord tag: the record it holds and the parts
// of the game edited since it was written (tag names, PartMoves,
// PartComments), in the order found. ok is false when the game has no
// such tag; err says why one could not be read.
func Unseal(g *pdn.Game) (rec *problems.Problem, edited []string, ok bool, err error) {
	v, found := g.Tag(TagRecord)
	if !found {
		return nil, nil, false, nil
	}
	var s seal
	if err := json.Unmarshal([]byte(v), &s); err != nil {
		return nil, nil, true, fmt.Errorf("[%s]: %v", TagRecord, err)
	}
	if s.Version != sealVersion || s.Record == nil {
		return nil, nil, true, fmt.Errorf("[%s]: version %d without a record (expected version %d, as metz export writes)", TagRecord, s.Version, sealVersion)
	}
	now := fingerprints(g)
	for _, name := range sortedKeys(now.Tags, s.Tags) {
		if now.Tags[name] != s.Tags[name] {
			base, _, _ := strings.Cut(name, "#")
			edited = append(edited, base)
		}
	}
	if now.Moves != s.Moves {
		edited = append(edited, PartMoves)
	}
	if now.Comments != s.Comments {
		edited = append(edited, PartComments)
	}
	return s.Record, edited, true, nil
}

// fingerprints takes the fingerprint of each tag but MetzRecord and of the
// movetext and comments.
func fingerprints(g *pdn.Game) seal {
	s := seal{Tags: map[string]string{}}
	seen := map[string]int{}
	for _, t := range g.Tags {
		name := strings.ToLower(t.Name)
		if name == strings.ToLower(TagRecord) {
			continue
		}
		seen[name]++
		if seen[name] > 1 {
			name += "#" + strconv.Itoa(seen[name])
		}
		s.Tags[name] = fingerprint(t.Name + "\x00" + t.Value)
	}
	moves := &pdn.Game{Root: g.Root, Result: g.Result}
	s.Moves = fingerprintGame(moves)
	if len(g.Comments) > 0 {
		s.Comments = fingerprintGame(&pdn.Game{Root: &pdn.Node{}, Comments: g.Comments})
	}
	return s
}

func fingerprintGame(g *pdn.Game) string {
	var b bytes.Buffer
	if g.Root == nil {
		g.Root = &pdn.Node{}
	}
	if err := pdn.Write(&b, []*pdn.Game{g}); err != nil {
		return ""
	}
	return fingerprint(b.String())
}

func fingerprint(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// sortedKeys is the union of the maps' keys in a stable order.
func sortedKeys(a, b map[string]string) []string {
	var out []string
	for k := range a {
		out = append(out, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
