package app

import (
	"context"
	"fmt"
	"sort"
	"time"

	"metz/draughts"
	"metz/importer/livremetz"
	"metz/sources"
	"metz/tables"
	"metz/tables/intl"
)

// TableBuild is what a table build did (endgame build's JSON form).
type TableBuild struct {
	Dir        string       `json:"dir"`
	Pieces     int          `json:"pieces"`
	Signatures int          `json:"signatures"`
	Built      int          `json:"built"`
	Loaded     int          `json:"loaded"`
	Total      tables.Stats `json:"total"`
	Seconds    float64      `json:"seconds"`
	Bytes      int64        `json:"bytes"`
	Tables     []TableBuilt `json:"tables"`
}

// TableBuilt is one table of a build, read or built.
type TableBuilt struct {
	Signature string       `json:"signature"`
	Pieces    int          `json:"pieces"`
	Loaded    bool         `json:"loaded"`
	Stats     tables.Stats `json:"stats"`
	Seconds   float64      `json:"seconds"`
	Bytes     int64        `json:"bytes"`
}

// TablesLeft is what a build of r's tables of 2 to pieces pieces in dir
// has left to do: how many tables and the bytes they take on disk (none
// when pieces is out of range: the build refuses it). A build that dir's
// disk could not hold is refused now, before minutes of work that could
// not be written.
func TablesLeft(r *draughts.Rules, dir string, pieces int) (n int, size int64, err error) {
	if pieces < 2 || pieces > tables.MaxPieces(r) {
		return 0, 0, nil
	}
	if n, size = tables.Missing(r, dir, pieces); n == 0 {
		return 0, 0, nil
	}
	return n, size, checkRoom(tables.Dir(dir, r), fmt.Sprintf("the %d tables left to build", n), size)
}

// FreeSpace tells the bytes free where a build writes (a variable, for
// the tests).
var FreeSpace = intl.FreeSpace

// checkRoom refuses a build of need bytes (what names them) that dir's
// disk cannot hold.
func checkRoom(dir, what string, need int64) error {
	if free, ok := FreeSpace(dir); ok && need > 0 && free < need {
		return fmt.Errorf("endgame build: %s take %s and %s has only %s free (choose another --tables DIR, or fewer --pieces)",
			what, DiskSize(need), dir, DiskSize(free))
	}
	return nil
}

// DiskSize writes a byte count in kB under a megabyte, in GB from a
// gigabyte, else in MB.
func DiskSize(n int64) string {
	switch {
	case n < 1e6:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// BuildTables builds r's tables of 2 to pieces pieces into dir (the one
// build path of every rule system), reading those already there, and
// tells progress of each table; cancelling ctx stops it, keeping every
// table finished.
func BuildTables(ctx context.Context, r *draughts.Rules, dir string, pieces int, mem int64, progress func(tables.Progress)) (TableBuild, error) {
	start := time.Now()
	sum := TableBuild{Dir: tables.Dir(dir, r), Pieces: pieces}
	err := tables.Build(ctx, r, dir, pieces, mem, func(p tables.Progress) {
		sum.Signatures++
		if p.Loaded {
			sum.Loaded++
		} else {
			sum.Built++
		}
		sum.Total.Add(p.Stats)
		sum.Bytes += p.Bytes
		sum.Tables = append(sum.Tables, TableBuilt{p.Sig, p.Pieces, p.Loaded, p.Stats, p.Time.Seconds(), p.Bytes})
		progress(p)
	})
	sum.Seconds = time.Since(start).Seconds()
	return sum, err
}

// ProbedMove is one legal move of a probed position.
type ProbedMove struct {
	Move   string `json:"move"`
	Result string `json:"result"` // for the side that plays it
	Plies  int    `json:"plies"`
	Best   bool   `json:"best"`
}

// Probed is a position's value in the tables and its moves' (endgame
// probe's JSON form), the best moves first.
type Probed struct {
	FEN    string       `json:"fen"`
	Result string       `json:"result"`
	Plies  int          `json:"plies"`
	Moves  []ProbedMove `json:"moves"`
}

// ProbedPosition reads the FEN of a probe: a position no game reaches (a
// man on its crowning row) is in no table, and is refused as such.
func ProbedPosition(r *draughts.Rules, fen string) (draughts.Position, error) {
	p, err := draughts.ParseFEN(r, fen)
	if err != nil {
		return p, err
	}
	if bad := p.Validate(); len(bad) > 0 {
		return p, fmt.Errorf("%s: %s: no game reaches it (a man there is crowned), so no table holds it; metz solve searches it as given; crowned, as a game would have it: %s", fen, bad[0], p.Crowned().FEN())
	}
	return p, nil
}

// Probe reads p's value (p as the user wrote it: fen) and that of each of
// its moves from tabs, which hold its tables already; the best moves are
// the fastest win, any draw, or the slowest loss.
func Probe(tabs *tables.Tables, p draughts.Position, fen string) (Probed, error) {
	v, plies, ok, err := tabs.Probe(p)
	if err != nil {
		return Probed{}, err
	}
	if !ok {
		w, b := countPieces(p)
		return Probed{}, fmt.Errorf("%s: not covered by the tables in %s (%d white and %d black pieces; build up to %d pieces with metz endgame build --pieces %d)", fen, tabs.Dir(), w, b, w+b, min(w+b, tables.MaxPieces(p.Rules)))
	}
	rep := Probed{FEN: p.FEN(), Result: v.String(), Plies: plies}
	for _, m := range p.Moves() {
		cv, cp, cok, err := tabs.Probe(p.Play(m))
		if err != nil {
			return rep, err
		}
		if !cok {
			return rep, fmt.Errorf("%s: the position after %s is not covered", rep.FEN, p.Rules.FormatMove(m, false))
		}
		mine := -cv
		mv := ProbedMove{Move: p.Rules.FormatMove(m, false), Result: mine.String(), Plies: cp + 1, Best: mine == v && (v == 0 || cp+1 == plies)}
		if cv == 0 {
			mv.Plies = 0
		}
		rep.Moves = append(rep.Moves, mv)
	}
	sort.SliceStable(rep.Moves, func(i, j int) bool { return rep.Moves[i].Best && !rep.Moves[j].Best })
	return rep, nil
}

func countPieces(p draughts.Position) (white, black int) {
	wm, wk := p.Count(draughts.White)
	bm, bk := p.Count(draughts.Black)
	return wm + wk, bm + bk
}

// EndgameClaims answers the endgame claims of the bundled Livre de Metz
// with the international tables tabs, building first those of up to
// intl.DemandPieces pieces they need (announce names each before).
func EndgameClaims(tabs *intl.Tables, announce func(tables.Sig)) ([]livremetz.EndgameClaim, error) {
	for _, s := range livremetz.EndgameMaterial() {
		if s.Pieces() > intl.DemandPieces || tabs.Has(s) {
			continue
		}
		announce(s)
		if _, err := tabs.Ensure(s); err != nil {
			return nil, err
		}
	}
	text, err := sources.Read(sources.LivreDeMetz)
	if err != nil {
		return nil, err
	}
	ix, err := livremetz.Parse(text, sources.LivreDeMetz)
	if err != nil {
		return nil, err
	}
	return livremetz.CheckEndgameClaims(ix, tabs), nil
}
