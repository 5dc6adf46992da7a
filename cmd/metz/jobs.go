package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"metz/app"
	"metz/cmd/metz/internal/textout"
	"metz/queue"
)

// openQueue opens the App of --db, without tables, and its job queue, to
// enqueue and report; close closes the queue (the App is the Factory's).
func openQueue(e env) (q *queue.Queue, close func(), err error) {
	a, err := e.App(app.Config{DB: e.DB, Tables: "none"})
	if err != nil {
		return nil, nil, err
	}
	if q, err = queue.Open(e.ctx, a, queue.Options{}); err != nil {
		return nil, nil, err
	}
	return q, func() { q.Close() }, nil
}

// enqueueVerify is verify --queue: the selection queued as one run.
func enqueueVerify(e env, sel app.Selection, opt app.VerifyOptions) error {
	q, closeQueue, err := openQueue(e)
	if err != nil {
		return err
	}
	defer closeQueue()
	bar := newProgressBar(e.IO, "queue", "jobs")
	enq, err := q.Enqueue(e.ctx, sel, opt, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	out := e.IO.Out
	if e.IO.JSON {
		return e.IO.WriteJSON(enq)
	}
	fmt.Fprintf(out, "queued %s as run %s", count(enq.Jobs, "problem", "problems"), enq.Run)
	if enq.Duplicates > 0 {
		fmt.Fprintf(out, " (%d queued already)", enq.Duplicates)
	}
	fmt.Fprintf(out, "\nmetz worker verifies them; metz jobs %s --follow shows the progress\n", enq.Run)
	return nil
}

// WorkerOptions are metz worker's.
type WorkerOptions struct {
	env
	tables            string
	jobs              int
	rescue            time.Duration
	quiet, untilEmpty bool
}

func newCmdWorker(f *Factory, runF func(*WorkerOptions) error) *cobra.Command {
	opts := &WorkerOptions{}
	c := withHelp(&cobra.Command{
		Use:   "worker",
		Short: "Work the job queue: verify the problems queued by verify --queue and serve",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.jobs < 1 {
				return fmt.Errorf("--jobs %d: expected 1 or more", opts.jobs)
			}
			opts.env = f.env(cmd)
			return runOr(runF, runWorker, opts)
		},
	}, "worker")
	c.Flags().StringVar(&opts.tables, "tables", "auto", tablesHelp)
	c.Flags().IntVar(&opts.jobs, "jobs", runtime.NumCPU(), "problems verified at once (they share as many cores)")
	c.Flags().DurationVar(&opts.rescue, "rescue-after", time.Minute, "take over a job left running this long past its time limit by a worker that died")
	c.Flags().BoolVar(&opts.quiet, "quiet", false, "print no line per job (only the start, the stop and errors)")
	c.Flags().BoolVar(&opts.untilEmpty, "until-empty", false, "stop once the queue holds no job to verify (a batch run)")
	return c
}

// runWorker works the queue until Ctrl-C or SIGTERM: the first stops
// taking jobs and lets the running ones finish (each within its budget),
// a second returns them to the queue at once.
func runWorker(f *WorkerOptions) error {
	a, err := f.App(app.Config{DB: f.DB, Tables: f.tables})
	if err != nil {
		return err
	}
	ctx := f.ctx
	w := f.IO.ErrOut
	var mu sync.Mutex
	logDone := func(args queue.VerifyArgs, v app.Verified, err error) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil:
			fmt.Fprintf(w, "%s: %s (run %s): %v\n", time.Now().Format("15:04:05"), args.Ref, args.Run, err)
		case v.Report != nil:
			fmt.Fprintf(w, "%s: %s %s, %d nodes, %.1f s (run %s)\n", time.Now().Format("15:04:05"), args.Ref,
				v.Report.Verdict, v.Report.ProofNodes, v.Report.Seconds, args.Run)
		}
	}
	if f.quiet {
		logDone = nil
	}
	q, err := queue.Open(ctx, a, queue.Options{Workers: f.jobs, RescueAfter: f.rescue, Done: logDone})
	if err != nil {
		return err
	}
	defer q.Close()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	if err := q.Start(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	fmt.Fprintf(w, "metz worker %s: working the queue of %s, %s at once (Ctrl-C: finish the jobs running and stop; twice: return them to the queue)\n",
		q.WorkerID(), a.DBPath(), count(f.jobs, "job", "jobs"))
	empty := make(chan struct{})
	if f.untilEmpty {
		go whenEmpty(ctx, q, empty)
	}
	select {
	case <-sigs:
	case <-ctx.Done():
	case <-empty:
		fmt.Fprintln(w, "metz worker: the queue is empty")
	case <-q.Stopped():
		return errors.New("the worker stopped (see the errors above)")
	}
	return stopWorker(w, q, sigs)
}

// whenEmpty closes empty once q holds no job to verify, twice in a row
// half a second apart (a job retried shows as pending again in between).
func whenEmpty(ctx context.Context, q *queue.Queue, empty chan<- struct{}) {
	seen := 0
	for seen < 2 {
		select {
		case <-ctx.Done():
			return
		case <-time.After(500 * time.Millisecond):
		}
		if n, err := q.Pending(ctx); err == nil && n == 0 {
			seen++
		} else {
			seen = 0
		}
	}
	close(empty)
}

// stopWorker stops q softly, hard on a second signal.
func stopWorker(w io.Writer, q *queue.Queue, sigs <-chan os.Signal) error {
	fmt.Fprintln(w, "metz worker: stopping: the jobs running finish and are stored (Ctrl-C again: return them to the queue)")
	soft, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- q.Stop(soft) }()
	select {
	case err := <-done:
		if err == nil {
			fmt.Fprintln(w, "metz worker: stopped")
		}
		return err
	case <-sigs:
	}
	cancel()
	<-done
	fmt.Fprintln(w, "metz worker: the jobs running go back to the queue")
	if err := q.StopAndCancel(context.Background()); err != nil {
		return err
	}
	return interruptedWorker
}

var interruptedWorker = errors.New("interrupted: the jobs that were running are back in the queue; another worker takes them")

// JobsOptions are metz jobs'.
type JobsOptions struct {
	env
	Run    string // the run shown ("": every run listed)
	Follow bool
}

func newCmdJobs(f *Factory, runF func(*JobsOptions) error) *cobra.Command {
	opts := &JobsOptions{}
	c := withHelp(&cobra.Command{
		Use:   "jobs [RUN]",
		Short: "List the queued verifications, follow one, cancel one",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.Follow && len(args) == 0 {
				return errors.New("--follow: name the run to follow (metz jobs lists them)")
			}
			opts.env, opts.Run = f.env(cmd), append(args, "")[0]
			return runOr(runF, runJobs, opts)
		},
	}, "jobs")
	c.Flags().BoolVar(&opts.Follow, "follow", false, "show the run's progress until it is finished")
	c.AddCommand(newCmdJobsCancel(f, nil))
	return c
}

// JobsCancelOptions are metz jobs cancel's.
type JobsCancelOptions struct {
	env
	Ref string // a run, or a job's number
}

func newCmdJobsCancel(f *Factory, runF func(*JobsCancelOptions) error) *cobra.Command {
	opts := &JobsCancelOptions{}
	return withHelp(&cobra.Command{
		Use:   "cancel RUN|JOB",
		Short: "Cancel a run's jobs not finished, or one job by its number",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.env, opts.Ref = f.env(cmd), args[0]
			return runOr(runF, runJobsCancel, opts)
		},
	}, "jobs-cancel")
}

func runJobsCancel(opts *JobsCancelOptions) error {
	q, closeQueue, err := openQueue(opts.env)
	if err != nil {
		return err
	}
	defer closeQueue()
	ref := opts.Ref
	n, err := q.Cancel(opts.ctx, ref)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(map[string]any{"cancelled": n, "ref": ref})
	}
	what := "job " + ref
	if _, err := strconv.ParseInt(ref, 10, 64); err != nil {
		what = count(n, "job", "jobs") + " of run " + ref
	}
	fmt.Fprintf(opts.IO.Out, "cancelled %s (the verdicts stored stay)\n", what)
	return nil
}

func runJobs(opts *JobsOptions) error {
	q, closeQueue, err := openQueue(opts.env)
	if err != nil {
		return err
	}
	defer closeQueue()
	out := opts.IO.Out
	if opts.Run == "" {
		runs, err := q.Runs(opts.ctx)
		if err != nil {
			return err
		}
		if opts.IO.JSON {
			return opts.IO.WriteJSON(runs)
		}
		return textout.Runs(out, runs)
	}
	run := opts.Run
	st, err := q.Status(opts.ctx, run)
	if err != nil {
		return err
	}
	if opts.Follow {
		ctx, stop := opts.IO.Interruptible(opts.ctx)
		defer stop()
		bar := newProgressBar(opts.IO, "verify", "problems")
		st, err = q.Wait(ctx, run, time.Second, func(s queue.RunStatus) { bar.update(s.Total-s.Active, s.Total) })
		bar.finish()
		if err != nil && ctx.Err() != nil {
			return errors.New("interrupted: the run goes on (metz jobs " + run + " shows it)")
		}
		if err != nil {
			return err
		}
	}
	outs, err := q.Outcomes(opts.ctx, run)
	if err != nil {
		return err
	}
	if opts.IO.JSON {
		return opts.IO.WriteJSON(struct {
			queue.RunStatus
			Outcomes []queue.Outcome `json:"outcomes"`
		}{st, outs})
	}
	return textout.Run(out, st, outs)
}
