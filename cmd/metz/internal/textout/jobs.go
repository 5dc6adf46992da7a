package textout

import (
	"fmt"
	"io"
	"strings"

	"metz/app"
	"metz/queue"
)

// jobStates are River's job states in the order a run's line gives them.
var jobStates = []string{"running", "available", "retryable", "scheduled", "pending", "completed", "cancelled", "discarded"}

// states writes a run's counts by state ("3 running, 10 available, …").
func states(s queue.RunStatus) string {
	var parts []string
	for _, name := range jobStates {
		if n := s.States[name]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, name))
		}
	}
	return strings.Join(parts, ", ")
}

// Runs lists the queue's runs, one a line: the run, how far it is, its
// jobs by state.
func Runs(w io.Writer, runs []queue.RunStatus) error {
	if len(runs) == 0 {
		_, err := fmt.Fprintln(w, "no runs in the queue (metz verify --queue queues one)")
		return err
	}
	t := newTable("run", "verified", "jobs by state")
	t.Flex, t.Wrap = 2, true
	for _, s := range runs {
		t.Add(s.Run, fmt.Sprintf("%d/%d", s.Completed, s.Total), states(s))
	}
	return t.Render(w, termWidth(w))
}

// Run writes one run: its counts, then each finished job's outcome.
func Run(w io.Writer, s queue.RunStatus, outs []queue.Outcome) error {
	fmt.Fprintf(w, "run %s: %d of %d verified; %s\n", s.Run, s.Completed, s.Total, states(s))
	if s.Ahead > 0 {
		fmt.Fprintf(w, "waiting: %s of other runs ahead of it\n", Count(s.Ahead, "job", "jobs"))
	}
	if len(outs) == 0 {
		return nil
	}
	t := newTable("job", "problem", "verdict", "evidence")
	t.Flex, t.Wrap = 3, true
	for _, o := range outs {
		verdict, evidence := o.State, o.Error
		if o.Found != nil {
			verdict, evidence = string(o.Found.Verdict), app.EvidenceText(o.Found.Report)
			if o.Found.Standing != "" {
				evidence += " — " + o.Found.Standing
			}
		}
		t.Add(o.JobID, o.Ref, verdict, evidence)
	}
	return t.Render(w, termWidth(w))
}
