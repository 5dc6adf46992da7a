package web

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"metz/db"
	"metz/draughts"
	"metz/internal/pgtest"
	"metz/problems"
)

// bigN is the size of the database the speed goals are stated for.
const bigN = 100_000

var (
	bigDir  string // the big database's directory, removed by TestMain
	bigOnce sync.Once
	bigSrv  *Server
	bigErr  error
)

// bigServer serves a database of bigN generated problems (built once per
// test binary, in a temporary directory): random legal-looking positions
// of 4 to 12 men a side, each with its first legal move as the stated
// solution, every hundredth tagged lunette by its book.
func bigServer(b *testing.B) *Server {
	bigOnce.Do(func() {
		dir, err := osMkdirTemp()
		bigDir = dir
		if err != nil {
			bigErr = err
			return
		}
		d, err := db.Open(filepath.Join(dir, "big.db"))
		if err != nil {
			bigErr = err
			return
		}
		if _, err := d.ImportBatch(problems.Source{Key: "bench", Title: "generated"}, generate(bigN), nil); err != nil {
			bigErr = err
			return
		}
		bigSrv = newServer(d, Options{})
	})
	if bigErr != nil {
		b.Fatal(bigErr)
	}
	return bigSrv
}

func generate(n int) []*problems.Problem {
	rng := rand.New(rand.NewPCG(1, 2))
	r := draughts.International
	out := make([]*problems.Problem, 0, n)
	for i := 1; len(out) < n; i++ {
		pos := draughts.NewPosition(r)
		for _, c := range []draughts.Color{draughts.White, draughts.Black} {
			for k := 4 + rng.IntN(9); k > 0; {
				s := 5 + rng.IntN(40) // off both crowning rows
				if pos.Board[s] == draughts.Empty {
					pos.Board[s] = draughts.ManOf(c)
					k--
				}
			}
		}
		ms := pos.Moves()
		if len(ms) == 0 {
			continue
		}
		p := &problems.Problem{Number: i, Label: fmt.Sprintf("Generated %d", i), Rules: r, Position: problems.MustPosition(r, pos.FEN()),
			Stipulation: problems.StipWin, Solution: &problems.Tree{Children: []*problems.Node{
				{Move: r.FormatMove(ms[0], true), White: true}}}}
		if i%100 == 0 {
			p.Themes = []problems.Theme{{Name: "lunette", Origin: problems.OriginBook}}
		}
		out = append(out, p)
	}
	return out
}

func benchGet(b *testing.B, h http.Handler, path string) {
	b.Helper()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != 200 {
			b.Fatalf("%s: %d %.300s", path, w.Code, w.Body.String())
		}
	}
}

// The speed goals: on bigN problems the search page (a first page, a
// page deep in the results, a theme search) and a problem page each
// answer in under 50 ms.
func BenchmarkSearchPage(b *testing.B) {
	h := bigServer(b).Handler()
	b.Run("first", func(b *testing.B) { benchGet(b, h, "/search?source=bench") })
	b.Run("deep", func(b *testing.B) { benchGet(b, h, fmt.Sprintf("/search?source=bench&offset=%d", bigN-40)) })
	b.Run("material", func(b *testing.B) { benchGet(b, h, "/search?white-pieces=4&black-pieces=12") })
	b.Run("theme", func(b *testing.B) { benchGet(b, h, "/search?theme=lunette") })
}

func BenchmarkProblemPage(b *testing.B) {
	h := bigServer(b).Handler()
	b.Run("page", func(b *testing.B) { benchGet(b, h, fmt.Sprintf("/problems/bench:%d", bigN/2)) })
	b.Run("tree", func(b *testing.B) { benchGet(b, h, fmt.Sprintf("/api/problems/bench:%d/tree", bigN/2)) })
}

func osMkdirTemp() (string, error) { return os.MkdirTemp("", "metz-web-bench-") }

// BenchmarkIdleMemory reports the process's resident memory (Linux) after
// the server has answered a search and a problem page on bigN problems and
// gone idle: the goal is under 100 MB. The process is the test binary, so
// the figure is an upper bound for metz serve's.
func BenchmarkIdleMemory(b *testing.B) {
	h := bigServer(b).Handler()
	for b.Loop() {
		for _, path := range []string{"/search?source=bench", fmt.Sprintf("/problems/bench:%d", bigN/3)} {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		}
	}
	runtime.GC()
	debug.FreeOSMemory()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Skip("no /proc/self/status: resident memory is read on Linux only")
	}
	for _, line := range strings.Split(string(status), "\n") {
		var kb float64
		if _, err := fmt.Sscanf(line, "VmRSS: %f kB", &kb); err == nil {
			b.ReportMetric(kb/1024, "MB-resident")
		}
	}
}

// TestMain removes the big database the benchmarks built, if any, and
// stops the PostgreSQL server of the tests if one was started.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if bigSrv != nil {
		dbOf(bigSrv).Close()
	}
	if bigDir != "" {
		os.RemoveAll(bigDir)
	}
	os.Exit(code)
}
