package solver

import (
	"time"

	"metz/verdict"
)

// limits is the running account of a budget, shared by every search of one
// solve or verification.
type limits struct {
	nodes    int64
	maxNodes int64
	deadline time.Time
	stopped  bool
	parent   *limits // the budget this one is a share of (sub), nil at the top
	// byClock is set when the clock, not the node count, is the limit a
	// search meets first (the nodes could not be spent in the time even
	// at verdict.FastNodeRate): only then are the parts of the work given
	// parts of the time too (partDeadline). Under a node
	// budget they are not, so that its result never depends on the
	// machine's load: the same problem on the same nodes gives the same
	// report, queued or not.
	byClock bool
}

func newLimits(b verdict.Budget) *limits {
	b = b.WithDefaults()
	return &limits{maxNodes: b.Nodes, deadline: time.Now().Add(b.Time),
		byClock: float64(b.Nodes) >= b.Time.Seconds()*verdict.FastNodeRate}
}

// tick counts one node and reports whether the search may go on. The clock
// is read every 1024 nodes only: it costs more than a node's bookkeeping.
func (l *limits) tick() bool {
	if l.stopped {
		return false
	}
	l.nodes++
	if l.nodes >= l.maxNodes || (l.nodes&1023 == 0 && time.Now().After(l.deadline)) {
		l.stopped = true
	}
	return !l.stopped
}

// sub returns limits for a part of the work: at most n more nodes, the same
// deadline, counting into the parent when done (see merge).
func (l *limits) sub(n int64) *limits {
	left := l.maxNodes - l.nodes
	if n > left {
		n = left
	}
	d := l.detached(n)
	d.parent = l
	return d
}

// detached returns limits of at most n nodes (none when n <= 0) with l's
// deadline and clock rule, stopped if l is, counting into nothing: every
// account made from another starts here, so that none loses a field.
func (l *limits) detached(n int64) *limits {
	return &limits{maxNodes: max(n, 0), deadline: l.deadline, stopped: n <= 0 || l.stopped, byClock: l.byClock}
}

// partDeadline is the deadline of a part of the work that gets num/den
// of what l has left: num/den of the time left under a budget the clock
// binds (byClock), l's own deadline otherwise.
func (l *limits) partDeadline(num, den int) time.Time {
	if !l.byClock {
		return l.deadline
	}
	return timePart(l.deadline, num, den)
}

// timePart is num/den of the time from now to deadline, as a deadline
// (deadline itself when it is past, or the part is the whole).
func timePart(deadline time.Time, num, den int) time.Time {
	now := time.Now()
	left := deadline.Sub(now)
	if den <= 1 || num >= den || left <= 0 {
		return deadline
	}
	return now.Add(left / time.Duration(den) * time.Duration(max(num, 1)))
}

// room is what the whole budget has left, every share l is part of set
// aside: the top's nodes less those spent in the shares not merged yet.
func (l *limits) room() int64 {
	spent := int64(0)
	top := l
	for k := l; k != nil; k = k.parent {
		spent += k.nodes
		top = k
	}
	return max(top.maxNodes-spent, 0)
}

// merge adds the nodes a sub-budget spent.
func (l *limits) merge(s *limits) {
	l.nodes += s.nodes
	if l.nodes >= l.maxNodes || time.Now().After(l.deadline) {
		l.stopped = true
	}
}
