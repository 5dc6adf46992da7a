package queue

import (
	"context"
	"fmt"

	"github.com/riverqueue/river"

	"metz/app"
)

// Enqueued is what Enqueue did.
type Enqueued struct {
	Run  string `json:"run"`
	Jobs int    `json:"jobs"` // jobs queued
	// Duplicates are jobs queued already (the same run, problem and
	// version of its record): not queued twice.
	Duplicates int `json:"duplicates,omitempty"`
	// LeftOut counts the records without a diagram the selection's filters
	// matched and left out (app.Selection.WithEmpty unset).
	LeftOut int `json:"left_out,omitempty"`
}

// insertBatch is how many jobs go into one transaction.
const insertBatch = 500

// Enqueue queues one job per problem of the selection, as one new run,
// and returns at once: workers verify them. What app.PlanVerify refuses
// (an unknown problem, a bad bound) is refused before anything is queued.
// progress, if set, is called after each batch.
func (q *Queue) Enqueue(ctx context.Context, sel app.Selection, opt app.VerifyOptions, progress func(done, total int)) (Enqueued, error) {
	plan, err := q.app.PlanVerify(sel, opt)
	if err != nil {
		return Enqueued{}, err
	}
	if len(plan.Problems()) == 0 {
		return Enqueued{}, ErrNothing
	}
	return q.enqueue(ctx, plan, NewRunID(), progress)
}

// EnqueuePlan queues a plan made already (app.PlanVerify), as run run
// ("": a new run).
func (q *Queue) EnqueuePlan(ctx context.Context, plan *app.VerifyPlan, run string) (Enqueued, error) {
	if run == "" {
		run = NewRunID()
	}
	return q.enqueue(ctx, plan, run, nil)
}

func (q *Queue) enqueue(ctx context.Context, plan *app.VerifyPlan, run string, progress func(done, total int)) (Enqueued, error) {
	opt := plan.Options()
	probs := plan.Problems()
	out := Enqueued{Run: run, LeftOut: plan.LeftOut}
	var batch []river.InsertManyParams
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		res, err := q.client.InsertMany(ctx, batch)
		if err != nil {
			return fmt.Errorf("job queue: %w", err)
		}
		for _, r := range res {
			if r.UniqueSkippedAsDuplicate {
				out.Duplicates++
			} else {
				out.Jobs++
			}
		}
		batch = batch[:0]
		if progress != nil {
			progress(out.Jobs+out.Duplicates, len(probs))
		}
		return nil
	}
	for i, t := range plan.Tasks() {
		args := VerifyArgs{Run: run, ProblemID: t.ProblemID, Key: t.Key, Ref: app.ProblemName(probs[i]),
			Budget: opt.Budget, Within: opt.Within}
		batch = append(batch, river.InsertManyParams{Args: args})
		if len(batch) == insertBatch {
			if err := flush(); err != nil {
				return out, err
			}
		}
	}
	return out, flush()
}
