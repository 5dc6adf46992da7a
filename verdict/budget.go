package verdict

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Budget bounds one solve or one verification. Zero fields mean the default.
type Budget struct {
	Nodes    int64         `json:"nodes,omitempty"`     // positions expanded, all searches together
	Time     time.Duration `json:"time_ns,omitempty"`   // wall-clock limit
	MemoryMB int           `json:"memory_mb,omitempty"` // transposition tables
}

// Defaults used when a Budget field is zero.
const (
	DefaultNodes    = 15_000_000 // about 5 s of one core here: the clock rarely stops first
	DefaultTime     = 10 * time.Second
	DefaultMemoryMB = 64
)

// A limit given alone sets the other so that the one given is the one that
// stops the search: a time alone allows nodes at FastNodeRate, faster than
// the solver searches (about 1.5 M nodes a second of CPU on one core of the
// 2-core machine the figures of docs/ come from), and a node count alone
// allows time at SlowNodeRate, slower than it searches on that machine
// under heavy load (300 k a second at a load of 17), and never less than
// DefaultTime. Neither given: DefaultNodes and DefaultTime.
const (
	FastNodeRate = 4_000_000 // nodes a second
	SlowNodeRate = 100_000   // nodes a second
)

// WithDefaults is the budget a search runs on: b's limits, the ones not
// given derived from the ones given (see FastNodeRate) or the defaults.
func (b Budget) WithDefaults() Budget {
	switch {
	case b.Nodes <= 0 && b.Time <= 0:
		b.Nodes, b.Time = DefaultNodes, DefaultTime
	case b.Nodes <= 0:
		b.Nodes = max(int64(b.Time.Seconds()*FastNodeRate), 1)
	case b.Time <= 0:
		b.Time = max(time.Duration(float64(b.Nodes)/SlowNodeRate*float64(time.Second)), DefaultTime)
	}
	if b.MemoryMB <= 0 {
		b.MemoryMB = DefaultMemoryMB
	}
	return b
}

// Times is b with its node and time limits multiplied by k (the memory
// stays): a budget whose search goes k times as far whichever limit
// stopped b's.
func (b Budget) Times(k int64) Budget {
	b = b.WithDefaults()
	b.Nodes = min(b.Nodes, math.MaxInt64/k) * k
	b.Time = min(b.Time, math.MaxInt64/time.Duration(k)) * time.Duration(k)
	return b
}

// Stop names the limit of b (with its defaults) that a search which spent
// nodes in seconds ran into: "nodes", "time", or "" when it stopped short
// of both (its parts used up their shares, or it was done).
func (b Budget) Stop(nodes int64, seconds float64) string {
	b = b.WithDefaults()
	switch {
	case nodes >= b.Nodes-b.Nodes/100: // parts that run at once may stop just short
		return "nodes"
	case seconds >= 0.98*b.Time.Seconds():
		return "time"
	}
	return ""
}

// String writes the budget as ParseBudget reads it.
func (b Budget) String() string {
	var parts []string
	if b.Time > 0 {
		parts = append(parts, b.Time.String())
	}
	if b.Nodes > 0 {
		parts = append(parts, countText(b.Nodes)+"-nodes")
	}
	if b.MemoryMB > 0 {
		parts = append(parts, strconv.Itoa(b.MemoryMB)+"MB")
	}
	return strings.Join(parts, ",")
}

// countText writes a node count as parseCount reads it, with the largest
// of G, M and k that writes it exactly ("40M", "1500k", "123").
func countText(n int64) string {
	for _, u := range []struct {
		mult   int64
		suffix string
	}{{1_000_000_000, "G"}, {1_000_000, "M"}, {1_000, "k"}} {
		if n%u.mult == 0 {
			return strconv.FormatInt(n/u.mult, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

// ParseBudget reads a comma-separated list of limits: a duration ("10s",
// "500ms", "2m": Go's units, lower case), a node count ("5M-nodes", "5M",
// "200k", "1500-nodes") and a memory size ("256MB", "2GB"). A number
// without a unit is refused: "10" could be any of the three. Fields not
// given are zero, WithDefaults sets them.
func ParseBudget(s string) (Budget, error) {
	var b Budget
	for _, part := range strings.Split(s, ",") {
		t := strings.ToLower(strings.TrimSpace(part))
		if t == "" {
			continue
		}
		if unit, ok := memoryUnit(t); ok {
			n, err := strconv.Atoi(t[:len(t)-2])
			if err != nil || n <= 0 || n > maxMemoryMB/unit {
				return Budget{}, fmt.Errorf("budget %q: expected a memory size like 256MB or 2GB", part)
			}
			b.MemoryMB = n * unit
			continue
		}
		// Durations are read as typed: "5m" is five minutes while "5M"
		// is five million nodes.
		if d, err := time.ParseDuration(strings.TrimSpace(part)); err == nil && d > 0 {
			b.Time = d
			continue
		}
		if strings.Trim(t, "0123456789.") == "" {
			return Budget{}, fmt.Errorf("budget %q: a number needs its unit: %[2]ss (seconds), %[2]s-nodes or %[2]sk (nodes), %[2]sMB (memory)", part, t)
		}
		n, err := parseCount(strings.TrimSuffix(strings.TrimSuffix(t, "-nodes"), "nodes"))
		if err != nil {
			return Budget{}, fmt.Errorf("budget %q: expected a duration (10s), a node count (5M-nodes, 200k) or a memory size (256MB, 2GB)", part)
		}
		b.Nodes = n
	}
	return b, nil
}

// CheckMemory refuses a budget whose memory is over capMB (0: no cap):
// a server that takes budgets from others bounds what one of them may
// hold, below the parser's own limit.
func (b Budget) CheckMemory(capMB int) error {
	if capMB > 0 && b.MemoryMB > capMB {
		return fmt.Errorf("a memory of %s is over the cap of %s", MemoryText(b.MemoryMB), MemoryText(capMB))
	}
	return nil
}

// MemoryText writes megabytes as a memory size ParseBudget reads: "2GB"
// when whole gigabytes, else "1536MB".
func MemoryText(mb int) string {
	if mb >= 1024 && mb%1024 == 0 {
		return strconv.Itoa(mb/1024) + "GB"
	}
	return strconv.Itoa(mb) + "MB"
}

// maxMemoryMB bounds a memory budget (1 TB): beyond, the sizes computed
// from it would overflow.
const maxMemoryMB = 1 << 20

// memoryUnit is the megabytes of a memory size's unit (t in lower case).
func memoryUnit(t string) (int, bool) {
	switch {
	case strings.HasSuffix(t, "mb"):
		return 1, true
	case strings.HasSuffix(t, "gb"):
		return 1024, true
	}
	return 0, false
}

// parseCount reads "5M", "200k", "1G" or a plain number.
func parseCount(t string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(t, "k"):
		mult, t = 1_000, strings.TrimSuffix(t, "k")
	case strings.HasSuffix(t, "m"):
		mult, t = 1_000_000, strings.TrimSuffix(t, "m")
	case strings.HasSuffix(t, "g"):
		mult, t = 1_000_000_000, strings.TrimSuffix(t, "g")
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f <= 0 || f*float64(mult) > 1e15 {
		return 0, fmt.Errorf("bad count %q", t)
	}
	return int64(f * float64(mult)), nil
}
