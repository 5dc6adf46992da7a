package solver

import (
	"encoding/json"
	"metz/draughts"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"metz/problems"
	"metz/verdict"
)

// each runs every task exactly once, on more than one goroutine when the
// pool has tokens to spare, and gives the caller's token back.
func TestCoresEach(t *testing.T) {
	c := NewCores(3)
	c.acquire() // the caller's own, as Verify takes it
	const n = 40
	var runs [n]atomic.Int32
	var live, most atomic.Int32
	c.each(n, func(i int) {
		cur := live.Add(1)
		for m := most.Load(); cur > m && !most.CompareAndSwap(m, cur); m = most.Load() {
		}
		runs[i].Add(1)
		time.Sleep(2 * time.Millisecond) // long enough for the helpers to start
		live.Add(-1)
	})
	for i := range runs {
		if r := runs[i].Load(); r != 1 {
			t.Errorf("task %d ran %d times", i, r)
		}
	}
	if m := most.Load(); m < 2 || m > 3 {
		t.Errorf("at most %d tasks at once, want 2 or 3 (3 tokens)", m)
	}
	if got := len(c.free); got != 2 {
		t.Errorf("%d tokens free after each, want 2 (the caller holds one)", got)
	}
	var order []int
	var nilPool *Cores
	nilPool.each(5, func(i int) { order = append(order, i) })
	if len(order) != 5 || order[0] != 0 || order[4] != 4 {
		t.Errorf("a nil pool ran %v, want 0..4 in order", order)
	}
}

// A fork reads what its parent knew, keeps what it learns to itself, and
// gives it back when absorbed.
func TestForkAbsorb(t *testing.T) {
	p := mustFEN(t, intl, "W:W24,29,33,40,49:B10,K14,K34")
	g := newFastGame(intl)
	s := newSearch(g, from(g, p), p.Turn, Win, newLimits(nodes(1_000_000)), 8)
	s.tt.put(11, numbers{pn: 0, dn: inf}, 5)
	f := s.fork(500, 4)
	if v, ok := f.tt.get(11); !ok || v.pn != 0 {
		t.Fatal("the fork does not read its parent's table")
	}
	f.tt.put(12, numbers{pn: inf, dn: 0}, 7)
	root := f.atGeneric(p, false)
	f.prove(&root)
	if _, ok := s.tt.get(12); ok {
		t.Fatal("the fork wrote into its parent's table")
	}
	if f.lim.nodes == 0 || f.lim.nodes > 500 || s.lim.nodes != 0 {
		t.Fatalf("fork spent %d of 500, parent %d before absorb", f.lim.nodes, s.lim.nodes)
	}
	s.absorb(f)
	if v, ok := s.tt.get(12); !ok || v.dn != 0 {
		t.Fatal("absorb lost the fork's entry")
	}
	if s.tt.Len() < 2 {
		t.Fatalf("parent holds %d entries after absorb", s.tt.Len())
	}
}

// The report does not depend on how many cores run it: the forks of a
// round read only what was known before it and are joined in order.
// Van Tenac II leaves several first moves open for the rounds; V (with a
// small budget) has six. Run under -race by make test.
func TestParallelSameReport(t *testing.T) {
	probs := []struct {
		name   string
		fen    string
		stated []string
		budget int64
	}{
		{"II", "W:W12,13,24,25,31:B3,5,6,K10,11", []string{"24-19", "10x8", "13x2"}, 400_000},
		{"cook", "W:W16,31,42:B6,18", []string{"42-38", "18-23"}, 200_000},
	}
	for _, pr := range probs {
		p := vanTenacII()
		p.Position, p.Solution = problems.MustPosition(p.Rules, pr.fen), line(pr.stated...)
		// Each run starts from the same tables (the 3-piece ones, fresh):
		// the process's shared tables hold what earlier searches built,
		// which a later run would read where the first had to build.
		one := verifyT(p, Options{Budget: nodes(pr.budget), Tables: fresh3(t)})
		many := verifyT(p, Options{Budget: nodes(pr.budget), Cores: NewCores(4), Tables: fresh3(t)})
		a, b := reportJSON(t, one), reportJSON(t, many)
		if a != b {
			t.Errorf("%s: the report changes with the cores:\n one %s\nmany %s", pr.name, a, b)
		}
	}
}

func reportJSON(t *testing.T, r *verdict.Report) string {
	c := *r
	c.Seconds = 0
	// The table hits are a counter, not the proof: the forks of a round
	// share the tables being built on demand, and which fork probes a
	// signature first while it is built moves a hundred hits of fifty
	// thousand (the nodes, the lines and the verdict stay the same).
	// The positions met with no table are such a counter too.
	c.TableHits, c.TablesUnsaved = 0, 0
	// The open lines are read from the searches' tables when they stop,
	// and what those hold follows the hits above: with several cores the
	// lines of the same open moves may end elsewhere (one core gives the
	// same lines run after run). The moves left open and their nodes are
	// compared.
	c.UndecidedLines = nil
	c.Unproven = slices.Clone(c.Unproven)
	for i := range c.Unproven {
		c.Unproven[i].Open = nil
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A problem that waits for a core reports the time it worked, not the
// time it waited (a batch's last problems read a second for no work).
func TestVerifySecondsExcludeTheQueue(t *testing.T) {
	c := NewCores(1)
	c.acquire() // another problem holds the only core
	done := make(chan *verdict.Report)
	p := &problems.Problem{Rules: draughts.International, Position: problems.MustPosition(draughts.International, "W:W28:B23"), Stipulation: problems.StipWin, Solution: line("28x19")}
	go func() { done <- verifyT(p, Options{Cores: c, NoTables: true}) }()
	time.Sleep(500 * time.Millisecond)
	c.release()
	r := <-done
	if r.Verdict != verdict.Sound || r.Seconds >= 0.4 {
		t.Errorf("%s in %.2f s, want sound in well under the 0.5 s it waited", r.Verdict, r.Seconds)
	}
}

// A round's task gets an equal part of the time left for each run of
// tasks the pool takes at once, the last run all of it.
func TestTimeShare(t *testing.T) {
	const hour = time.Hour
	cases := []struct {
		c    *Cores
		left int
		want time.Duration // of the hour left
	}{
		{nil, 4, hour / 4},
		{NewCores(1), 3, hour / 3},
		{NewCores(2), 4, hour / 2},
		{NewCores(2), 3, hour / 2},
		{NewCores(4), 3, hour},
		{nil, 1, hour},
	}
	for _, tc := range cases {
		deadline := time.Now().Add(hour)
		got := time.Until(timePart(deadline, 1, tc.c.runs(tc.left)))
		if d := got - tc.want; d > time.Second || d < -time.Second {
			t.Errorf("%d tasks left on %v: %v of an hour, want %v", tc.left, tc.c, got, tc.want)
		}
	}
	past := time.Now().Add(-time.Minute)
	if got := timePart(past, 1, NewCores(1).runs(5)); !got.Equal(past) {
		t.Errorf("a deadline passed: got %v, want it unchanged", got)
	}
}
