package verdict

import (
	"strings"
	"testing"
	"time"
)

// A number without a unit is refused, and the error names the three
// units it could have meant; with a unit it reads.
func TestBudgetBareNumberRefused(t *testing.T) {
	for _, s := range []string{"10", "10s,64", "2.5", "0"} {
		_, err := ParseBudget(s)
		if err == nil {
			t.Errorf("%q accepted", s)
			continue
		}
		for _, unit := range []string{"s (seconds)", "-nodes", "MB (memory)"} {
			if !strings.Contains(err.Error(), unit) {
				t.Errorf("%q: %v does not name %q", s, err, unit)
			}
		}
	}
	for s, want := range map[string]Budget{
		"10s":      {Time: 10 * time.Second},
		"10-nodes": {Nodes: 10},
		"10k":      {Nodes: 10_000},
		"10MB":     {MemoryMB: 10},
		"2s,1.5k":  {Time: 2 * time.Second, Nodes: 1500},
	} {
		b, err := ParseBudget(s)
		if err != nil || b != want {
			t.Errorf("%q: %+v %v, want %+v", s, b, err, want)
		}
	}
}

// The limits given are the limits: a time alone allows more nodes than
// the solver searches in it, in proportion to it; a node count alone, more
// time than they take; both given, both kept; neither, the defaults.
func TestBudgetLimitGivenAloneBinds(t *testing.T) {
	for _, c := range []struct {
		in, want Budget
	}{
		{Budget{}, Budget{Nodes: DefaultNodes, Time: DefaultTime, MemoryMB: DefaultMemoryMB}},
		{Budget{Time: 30 * time.Second}, Budget{Nodes: 120_000_000, Time: 30 * time.Second, MemoryMB: DefaultMemoryMB}},
		{Budget{Time: 120 * time.Second, MemoryMB: 256}, Budget{Nodes: 480_000_000, Time: 120 * time.Second, MemoryMB: 256}},
		{Budget{Nodes: 40_000_000}, Budget{Nodes: 40_000_000, Time: 400 * time.Second, MemoryMB: DefaultMemoryMB}},
		{Budget{Nodes: 20_000}, Budget{Nodes: 20_000, Time: DefaultTime, MemoryMB: DefaultMemoryMB}},
		{Budget{Nodes: 7, Time: time.Second, MemoryMB: 8}, Budget{Nodes: 7, Time: time.Second, MemoryMB: 8}},
	} {
		if got := c.in.WithDefaults(); got != c.want {
			t.Errorf("%+v: %+v, want %+v", c.in, got, c.want)
		}
		if got := c.in.WithDefaults().WithDefaults(); got != c.want {
			t.Errorf("%+v twice: %+v", c.in, got)
		}
	}
}

// Stop tells which limit a search ran into, and Times gives a budget that
// goes further on both.
func TestBudgetStopAndTimes(t *testing.T) {
	b := Budget{Nodes: 5_000_000, Time: 10 * time.Second, MemoryMB: 64}
	for _, c := range []struct {
		nodes   int64
		seconds float64
		want    string
	}{{5_000_000, 3, "nodes"}, {4_990_000, 3, "nodes"}, {2_000_000, 10.01, "time"}, {100_000, 0.5, ""}} {
		if got := b.Stop(c.nodes, c.seconds); got != c.want {
			t.Errorf("%d nodes in %.2fs: %q, want %q", c.nodes, c.seconds, got, c.want)
		}
	}
	if got := b.Times(4); got != (Budget{Nodes: 20_000_000, Time: 40 * time.Second, MemoryMB: 64}) {
		t.Errorf("Times(4): %+v", got)
	}
	if got := b.Times(4).String(); got != "40s,20M-nodes,64MB" {
		t.Errorf("String: %q", got)
	}
	huge := Budget{Nodes: 1 << 62, Time: 1 << 62}.Times(4)
	if huge.Nodes <= 0 || huge.Time <= 0 {
		t.Errorf("Times overflowed: %+v", huge)
	}
}

// String writes node counts with the largest exact multiple, and reads
// back the same budget.
func TestBudgetStringRoundTrip(t *testing.T) {
	for _, b := range []Budget{{Nodes: 40_000_000}, {Nodes: 1_500}, {Nodes: 123}, {Nodes: 2_000_000_000, Time: time.Minute, MemoryMB: 256}} {
		back, err := ParseBudget(b.String())
		if err != nil || back != b {
			t.Errorf("%+v -> %q -> %+v %v", b, b.String(), back, err)
		}
	}
}

// A cap refuses a budget's memory above it, names both sizes as the
// parser reads them, and 0 is no cap.
func TestCheckMemory(t *testing.T) {
	for _, c := range []struct {
		budget string
		capMB  int
		err    string
	}{
		{"30s,64GB", 6 << 10, "a memory of 64GB is over the cap of 6GB"},
		{"30s,1500MB", 1024, "a memory of 1500MB is over the cap of 1GB"},
		{"30s,1GB", 1024, ""},
		{"30s", 64, ""},
		{"30s,1024GB", 0, ""},
	} {
		b, err := ParseBudget(c.budget)
		if err != nil {
			t.Fatal(err)
		}
		err = b.CheckMemory(c.capMB)
		if (err == nil) != (c.err == "") || (err != nil && err.Error() != c.err) {
			t.Errorf("%s under %d MB: %v, want %q", c.budget, c.capMB, err, c.err)
		}
	}
	for _, mb := range []int{64, 1024, 1536, 6 << 10} {
		if b, err := ParseBudget(MemoryText(mb)); err != nil || b.MemoryMB != mb {
			t.Errorf("MemoryText(%d) = %q reads back %d %v", mb, MemoryText(mb), b.MemoryMB, err)
		}
	}
}
