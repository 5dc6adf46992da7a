package app

import (
	"context"
	"fmt"

	"metz/db"
	"metz/problems"
	"metz/solver"
)

// VerifyOptions set up VerifyMany.
type VerifyOptions struct {
	Solver solver.Options
	// Jobs is how many problems are verified at once (at least 1).
	Jobs int
	// Store records each verdict, with the themes detected in what it
	// proves, as soon as it is found: an interrupted run keeps them.
	Store bool
	// Progress, if set, is called after each problem with how many are
	// done out of how many (from one goroutine at a time).
	Progress func(done, total int)
}

// Verified is one problem's outcome.
type Verified struct {
	Problem *problems.Problem
	Report  *solver.Report
	Themes  ThemeResult // what was detected in the verified tree (when stored)
}

// VerifyMany verifies the problems on opt.Jobs workers and returns the
// outcomes in the problems' order. When ctx is cancelled it hands out no
// more problems and returns at once what was finished (and, with Store,
// recorded), with ctx's error: the problems in flight then finish their
// budget in the background and are dropped, never stored half-done
// (the solver takes no context yet).
func VerifyMany(ctx context.Context, d *db.DB, probs []*problems.Problem, opt VerifyOptions) ([]Verified, error) {
	if opt.Jobs < 1 {
		return nil, fmt.Errorf("jobs %d: expected 1 or more", opt.Jobs)
	}
	type done struct {
		i int
		r *solver.Report
	}
	work := make(chan int)
	results := make(chan done, len(probs)) // never blocks a worker whose result is dropped
	for range min(opt.Jobs, max(len(probs), 1)) {
		go func() {
			for i := range work {
				results <- done{i, solver.Verify(probs[i], opt.Solver)}
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range probs {
			select {
			case work <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	byIndex := make([]*Verified, len(probs))
	for n := 0; n < len(probs); n++ {
		select {
		case <-ctx.Done():
			return inOrder(byIndex), ctx.Err()
		case res := <-results:
			v := &Verified{Problem: probs[res.i], Report: res.r}
			if opt.Store {
				if err := store(d, v); err != nil {
					return inOrder(byIndex), err
				}
			}
			byIndex[res.i] = v
			if opt.Progress != nil {
				opt.Progress(n+1, len(probs))
			}
		}
	}
	return inOrder(byIndex), nil
}

// store records a verdict and then the themes of what it proves.
func store(d *db.DB, v *Verified) error {
	if err := StoreVerdict(d, v.Report); err != nil {
		return fmt.Errorf("%s: storing the verdict: %w", ProblemName(v.Problem), err)
	}
	if v.Report.ProblemID == 0 {
		return nil
	}
	v.Themes = detectAndStore(d, v.Problem, v.Report)
	// The anticipation index takes the final combination from the lines
	// the verdict proved when the problem states none (app/similar.go).
	if err := reindexSimilar(d, v.Report.ProblemID); err != nil {
		return fmt.Errorf("%s: indexing for metz similar: %w", ProblemName(v.Problem), err)
	}
	return nil
}

// inOrder keeps the finished outcomes, in the problems' order.
func inOrder(vs []*Verified) []Verified {
	out := make([]Verified, 0, len(vs))
	for _, v := range vs {
		if v != nil {
			out = append(out, *v)
		}
	}
	return out
}

// StoreVerified records one outcome of VerifyMany run without Store: its
// verdict, then the themes of what it proves (a caller that serializes its
// writes stores them itself).
func StoreVerified(d *db.DB, v *Verified) error { return store(d, v) }
