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

func init() { commandAdders = append(commandAdders, addWorker, addJobs) }

// openQueue opens the App of the global --db, without tables, and its
// job queue, to enqueue and report; close closes both.
func openQueue(cmd *cobra.Command) (q *queue.Queue, close func(), err error) {
	a, err := app.Open(app.Config{DB: globalsOf(cmd).dbPath, Tables: "none"})
	if err != nil {
		return nil, nil, err
	}
	if q, err = queue.Open(cmd.Context(), a, queue.Options{}); err != nil {
		a.Close()
		return nil, nil, err
	}
	return q, func() { q.Close(); a.Close() }, nil
}

// enqueueVerify is verify --queue: the selection queued as one run.
func enqueueVerify(cmd *cobra.Command, g globalFlags, sel app.Selection, opt app.VerifyOptions, f verifyFlags) error {
	if f.noStore {
		return errors.New("--queue with --no-store: a queued verification is always stored (its workers' only output)")
	}
	q, closeQueue, err := openQueue(cmd)
	if err != nil {
		return err
	}
	defer closeQueue()
	bar := newProgressBar(cmd, "queue", "jobs")
	enq, err := q.Enqueue(cmd.Context(), sel, opt, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	if g.json {
		return writeJSON(cmd.OutOrStdout(), enq)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "queued %s as run %s", count(enq.Jobs, "problem", "problems"), enq.Run)
	if enq.Duplicates > 0 {
		fmt.Fprintf(cmd.OutOrStdout(), " (%d queued already)", enq.Duplicates)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "\nmetz worker verifies them; metz jobs %s --follow shows the progress\n", enq.Run)
	return nil
}

func addWorker(root *cobra.Command) {
	var f workerFlags
	c := withHelp(&cobra.Command{
		Use:   "worker",
		Short: "Work the job queue: verify the problems queued by verify --queue and serve",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.jobs < 1 {
				return fmt.Errorf("--jobs %d: expected 1 or more", f.jobs)
			}
			return runWorker(cmd, f)
		},
	}, "worker")
	c.Flags().StringVar(&f.tables, "tables", "auto", tablesHelp)
	c.Flags().IntVar(&f.jobs, "jobs", runtime.NumCPU(), "problems verified at once (they share as many cores)")
	c.Flags().DurationVar(&f.rescue, "rescue-after", time.Minute, "take over a job left running this long past its time limit by a worker that died")
	c.Flags().BoolVar(&f.quiet, "quiet", false, "print no line per job (only the start, the stop and errors)")
	c.Flags().BoolVar(&f.untilEmpty, "until-empty", false, "stop once the queue holds no job to verify (a batch run)")
	root.AddCommand(c)
}

// runWorker works the queue until Ctrl-C or SIGTERM: the first stops
// taking jobs and lets the running ones finish (each within its budget),
// a second returns them to the queue at once.
func runWorker(cmd *cobra.Command, f workerFlags) error {
	a, err := openApp(cmd, app.Config{DB: globalsOf(cmd).dbPath, Tables: f.tables})
	if err != nil {
		return err
	}
	defer a.Close()
	w := cmd.ErrOrStderr()
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
	q, err := queue.Open(cmd.Context(), a, queue.Options{Workers: f.jobs, RescueAfter: f.rescue, Done: logDone})
	if err != nil {
		return err
	}
	defer q.Close()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	if err := q.Start(context.WithoutCancel(cmd.Context())); err != nil {
		return err
	}
	fmt.Fprintf(w, "metz worker %s: working the queue of %s, %s at once (Ctrl-C: finish the jobs running and stop; twice: return them to the queue)\n",
		q.WorkerID(), a.DBPath(), count(f.jobs, "job", "jobs"))
	empty := make(chan struct{})
	if f.untilEmpty {
		go whenEmpty(cmd.Context(), q, empty)
	}
	select {
	case <-sigs:
	case <-cmd.Context().Done():
	case <-empty:
		fmt.Fprintln(w, "metz worker: the queue is empty")
	case <-q.Stopped():
		return errors.New("the worker stopped (see the errors above)")
	}
	return stopWorker(w, q, sigs)
}

type workerFlags struct {
	tables            string
	jobs              int
	rescue            time.Duration
	quiet, untilEmpty bool
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

func addJobs(root *cobra.Command) {
	var follow bool
	c := withHelp(&cobra.Command{
		Use:   "jobs [RUN]",
		Short: "List the queued verifications, follow one, cancel one",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if follow && len(args) == 0 {
				return errors.New("--follow: name the run to follow (metz jobs lists them)")
			}
			return runJobs(cmd, args, follow)
		},
	}, "jobs")
	c.Flags().BoolVar(&follow, "follow", false, "show the run's progress until it is finished")
	cancel := withHelp(&cobra.Command{
		Use:   "cancel RUN|JOB",
		Short: "Cancel a run's jobs not finished, or one job by its number",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q, closeQueue, err := openQueue(cmd)
			if err != nil {
				return err
			}
			defer closeQueue()
			n, err := q.Cancel(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			if globalsOf(cmd).json {
				return writeJSON(cmd.OutOrStdout(), map[string]any{"cancelled": n, "ref": args[0]})
			}
			what := "job " + args[0]
			if _, err := strconv.ParseInt(args[0], 10, 64); err != nil {
				what = count(n, "job", "jobs") + " of run " + args[0]
			}
			fmt.Fprintf(cmd.OutOrStdout(), "cancelled %s (the verdicts stored stay)\n", what)
			return nil
		},
	}, "jobs-cancel")
	c.AddCommand(cancel)
	root.AddCommand(c)
}

func runJobs(cmd *cobra.Command, args []string, follow bool) error {
	g := globalsOf(cmd)
	q, closeQueue, err := openQueue(cmd)
	if err != nil {
		return err
	}
	defer closeQueue()
	out := cmd.OutOrStdout()
	if len(args) == 0 {
		runs, err := q.Runs(cmd.Context())
		if err != nil {
			return err
		}
		if g.json {
			return writeJSON(out, runs)
		}
		return textout.Runs(out, runs)
	}
	run := args[0]
	st, err := q.Status(cmd.Context(), run)
	if err != nil {
		return err
	}
	if follow {
		ctx, stop := interruptible(cmd)
		defer stop()
		bar := newProgressBar(cmd, "verify", "problems")
		st, err = q.Wait(ctx, run, time.Second, func(s queue.RunStatus) { bar.update(s.Total-s.Active, s.Total) })
		bar.finish()
		if err != nil && ctx.Err() != nil {
			return errors.New("interrupted: the run goes on (metz jobs " + run + " shows it)")
		}
		if err != nil {
			return err
		}
	}
	outs, err := q.Outcomes(cmd.Context(), run)
	if err != nil {
		return err
	}
	if g.json {
		return writeJSON(out, struct {
			queue.RunStatus
			Outcomes []queue.Outcome `json:"outcomes"`
		}{st, outs})
	}
	return textout.Run(out, st, outs)
}
