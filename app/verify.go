package app

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"metz/db"
	"metz/problems"
	"metz/solver"
	"metz/verdict"
)

// DefaultBudget is the budget of a verification asked for without one,
// whichever door asks (metz verify, the workbench): the same question gets
// the same answer.
const DefaultBudget = "10s,15M-nodes"

// ParseBudget reads a budget as --budget gives it (verdict.ParseBudget);
// "" is DefaultBudget.
func ParseBudget(text string) (verdict.Budget, error) {
	if text == "" {
		text = DefaultBudget
	}
	return verdict.ParseBudget(text)
}

// VerifyOptions set up a verification.
type VerifyOptions struct {
	// Budget bounds each problem's search (zero: DefaultBudget).
	Budget verdict.Budget
	// Jobs is how many problems are verified at once; the parts of one
	// problem's work borrow the cores the others leave free (0: every
	// core). The reports are the same whatever the number.
	Jobs int
	// Within bounds every problem's stipulation: the goal must be met
	// within this many plies (0: as stated; solver.BoundStipulation).
	Within int
	// NoStore leaves the database alone: the verdicts are only returned.
	NoStore bool
	// Run names the run that stores the verdicts (a job's id): a problem
	// stored twice by one run is stored once (db.Verdict.Run). "": none.
	Run string
	// Cores, if set, are the cores VerifyProblem's problem shares with
	// the others its process verifies at once (nil: Jobs cores of its own).
	Cores *Cores
	// Progress, if set, is called after each problem (from one goroutine
	// at a time) with its outcome, stored when Store is set.
	Progress func(VerifyProgress)
	// NoTablesAhead leaves out the build of the tables the problems reach
	// that Run does first (VerifyPlan.TablesAhead): each search builds
	// what its own budget allows, as a single problem's does.
	NoTablesAhead bool
	// TablesProgress, if set, is told of each table Run builds ahead.
	TablesProgress func(TableProgress)
}

// VerifyProgress is how far a verification is.
type VerifyProgress struct {
	Done, Total int
	Last        Verified // the problem just finished
}

// Verified is one problem's outcome.
type Verified struct {
	Problem *problems.Problem
	Report  *verdict.Report
	Themes  ThemeResult // what was detected in the verified tree (when stored)
	// Standing, when this run proved nothing and an earlier proof stays
	// the problem's verdict, says so ("not proven again within 10s; the
	// proof of 2025-06-01 14:02 (sound) stands"); "" otherwise.
	Standing string
}

// VerifiedReport is an outcome as verify --json and the workbench give it:
// the report, and whether a proof stands beside it.
type VerifiedReport struct {
	*verdict.Report
	Standing string `json:"standing,omitempty"`
}

// JSON is v as verify --json gives it.
func (v Verified) JSON() VerifiedReport {
	return VerifiedReport{Report: v.Report, Standing: v.Standing}
}

// ErrChanged is the error of a task whose record changed after the task
// was made (another position or stated solution): it verifies what is no
// longer there.
var ErrChanged = errors.New("the record's position or stated solution changed since the task was made")

// VerifyTask is the unit of verification work: problem ProblemID as it
// stood when the task was made (Key, its db.VerifyKey; "": as it stands).
// A worker on any machine runs it with VerifyProblem.
type VerifyTask struct {
	ProblemID int64  `json:"problem_id"`
	Key       string `json:"key,omitempty"`
}

// VerifyPlan is a verification ready to run: the problems chosen and read.
type VerifyPlan struct {
	a     *App
	opt   VerifyOptions
	probs []*problems.Problem
	keys  []string // each problem's db.VerifyKey as read
	// LeftOut counts the records without a diagram the selection's
	// filters matched and left out (Selection.WithEmpty unset).
	LeftOut int
	// AheadErr, after Run, says why the tables the problems reach were
	// not built ahead (more memory than allowed), nil when they were.
	AheadErr error
}

// PlanVerify chooses and reads the problems of a verification: what it
// refuses (an unknown problem, an empty selection, a bad bound) it
// refuses before any work starts.
func (a *App) PlanVerify(sel Selection, opt VerifyOptions) (*VerifyPlan, error) {
	d, err := a.database()
	if err != nil {
		return nil, err
	}
	if opt, err = opt.withDefaults(); err != nil {
		return nil, err
	}
	picked, err := Select(d, sel)
	if err != nil {
		return nil, err
	}
	plan := &VerifyPlan{a: a, opt: opt, LeftOut: picked.LeftOut}
	if plan.probs, err = Load(d, picked.IDs()); err != nil {
		return nil, err
	}
	for _, p := range plan.probs {
		plan.keys = append(plan.keys, db.VerifyKey(p))
		if err := bound(p, opt.Within); err != nil {
			return nil, err
		}
	}
	return plan, nil
}

// Problems are the plan's problems, in the order they are reported.
func (p *VerifyPlan) Problems() []*problems.Problem { return p.probs }

// Verify chooses, verifies and (unless opt.NoStore) stores: PlanVerify and
// Run.
func (a *App) Verify(ctx context.Context, sel Selection, opt VerifyOptions) ([]Verified, error) {
	plan, err := a.PlanVerify(sel, opt)
	if err != nil {
		return nil, err
	}
	return plan.Run(ctx)
}

// withDefaults fills in the budget and the jobs.
func (o VerifyOptions) withDefaults() (VerifyOptions, error) {
	if o.Budget == (verdict.Budget{}) {
		b, err := ParseBudget(DefaultBudget)
		if err != nil {
			return o, err
		}
		o.Budget = b
	}
	if o.Jobs == 0 {
		o.Jobs = runtime.NumCPU()
	}
	if o.Jobs < 1 {
		return o, fmt.Errorf("jobs %d: expected 1 or more", o.Jobs)
	}
	return o, nil
}

// bound bounds p's stipulation by within plies (0: as stated).
func bound(p *problems.Problem, within int) error {
	stip, err := p.Stipulation.Bound(within)
	if err != nil {
		return fmt.Errorf("%s: %w", ProblemName(p), err)
	}
	p.Stipulation = stip
	return nil
}

// solverOptions are the solver's options for a budget: the App's tables,
// and cores to lend the parts of one problem's work.
func (a *App) solverOptions(b verdict.Budget, cores *solver.Cores) solver.Options {
	return solver.Options{Budget: b, Tables: a.tables, Cores: cores}
}

// Run verifies the plan's problems on opt.Jobs workers, stores each
// verdict as soon as it is found (unless NoStore) and returns the outcomes
// in the problems' order. Unless opt.NoTablesAhead, the problems under
// rules other than the international ones go by piece count, fewest
// first, and before each count the tables its problems reach are built
// (TablesAhead, stage by stage: the small problems answer before the
// larger ones' tables are built). When ctx is cancelled it stops the
// build between tables (those finished are saved), hands out no more
// problems and returns at once what was finished (and stored), with ctx's
// error: the problems in flight then finish their budget in the
// background and are dropped, never stored half-done (the solver takes no
// context yet).
func (p *VerifyPlan) Run(ctx context.Context) ([]Verified, error) {
	// The jobs are cores: a problem holds one while it runs, and the
	// parts of its work that may run at once borrow the others while they
	// are free (at the end of a batch, or for a single problem).
	opt := p.a.solverOptions(p.opt.Budget, solver.NewCores(p.opt.Jobs))
	work := make(chan int)
	defer close(work)
	results := make(chan verifiedAt, len(p.probs)) // never blocks a worker whose result is dropped
	for range min(p.opt.Jobs, max(len(p.probs), 1)) {
		go func() {
			for i := range work {
				results <- verifiedAt{i, solver.Verify(p.probs[i], opt)}
			}
		}()
	}
	r := &runState{plan: p, work: work, results: results, byIndex: make([]*Verified, len(p.probs))}
	ahead := p.aheadProgress()
	for _, st := range p.stages() {
		if err := p.buildAhead(ctx, st, ahead); err != nil {
			return inOrder(r.byIndex), err
		}
		if err := r.verify(ctx, st.problems); err != nil {
			return inOrder(r.byIndex), err
		}
	}
	return inOrder(r.byIndex), nil
}

// verifiedAt is a worker's report on problem i.
type verifiedAt struct {
	i int
	r *verdict.Report
}

// runState is a Run under way: the workers' channels and the outcomes.
type runState struct {
	plan    *VerifyPlan
	work    chan<- int
	results <-chan verifiedAt
	byIndex []*Verified
	done    int
}

// verify hands the problems idx to the workers and stores their outcomes
// as they come, until every one is in or ctx is done.
func (r *runState) verify(ctx context.Context, idx []int) error {
	p := r.plan
	sent := 0
	for got := 0; got < len(idx); {
		var send chan<- int
		if sent < len(idx) {
			send = r.work
		}
		var next int
		if sent < len(idx) {
			next = idx[sent]
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case send <- next:
			sent++
		case res := <-r.results:
			got++
			r.done++
			v := &Verified{Problem: p.probs[res.i], Report: res.r}
			if !p.opt.NoStore {
				if err := p.a.store(v, p.keys[res.i], p.opt.Run); err != nil {
					return err
				}
			}
			r.byIndex[res.i] = v
			if p.opt.Progress != nil {
				p.opt.Progress(VerifyProgress{Done: r.done, Total: len(p.probs), Last: *v})
			}
		}
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

// VerifyProblem is one unit of verification work, the one a worker on
// another machine runs: problem t.ProblemID read, verified with opt and
// stored (unless opt.NoStore) for the version of the record the task
// names, once for opt.Run however often the task runs. A task whose record
// changed since it was made is refused with ErrChanged; a task cancelled
// before its verdict is stored stores nothing.
func (a *App) VerifyProblem(ctx context.Context, t VerifyTask, opt VerifyOptions) (Verified, error) {
	d, err := a.database()
	if err != nil {
		return Verified{}, err
	}
	if opt, err = opt.withDefaults(); err != nil {
		return Verified{}, err
	}
	p, err := d.Get(t.ProblemID)
	if err != nil {
		return Verified{}, fmt.Errorf("problem %d: %w", t.ProblemID, err)
	}
	key := db.VerifyKey(p)
	if t.Key != "" && t.Key != key {
		return Verified{}, fmt.Errorf("%s: %w", ProblemName(p), ErrChanged)
	}
	if err := bound(p, opt.Within); err != nil {
		return Verified{}, err
	}
	cores := opt.Cores
	if cores == nil {
		cores = solver.NewCores(opt.Jobs)
	}
	v := Verified{Problem: p, Report: solver.Verify(p, a.solverOptions(opt.Budget, cores))}
	if err := ctx.Err(); err != nil {
		return v, err
	}
	if !opt.NoStore {
		err = a.store(&v, key, opt.Run)
	}
	return v, err
}

// VerifyPosition verifies a problem that is not stored (verify --fen,
// AdHocProblem); nothing is stored.
func (a *App) VerifyPosition(p *problems.Problem, opt VerifyOptions) (Verified, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return Verified{}, err
	}
	if err := bound(p, opt.Within); err != nil {
		return Verified{}, err
	}
	return Verified{Problem: p, Report: solver.Verify(p, a.solverOptions(opt.Budget, solver.NewCores(opt.Jobs)))}, nil
}

// store records a verdict for the version of the record whose key is key,
// under the App's one writer, then the themes of what it proves when it
// is the problem's verdict; a run that proved nothing beside a standing
// proof leaves the proof's themes and says so in v.Standing.
func (a *App) store(v *Verified, key, run string) error {
	if v.Report.ProblemID == 0 {
		return nil
	}
	return a.write(func(d *db.DB) error {
		if again, err := noPositionAgain(d, v.Report, key); err != nil || again {
			// A record without a diagram says so once, not once a run.
			v.Themes = detectAndStore(d, v.Problem, v.Report)
			return err
		}
		id, err := storeReport(d, v.Report, key, run)
		if err != nil {
			return fmt.Errorf("%s: storing the verdict: %w", ProblemName(v.Problem), err)
		}
		cur, err := d.CurrentVerdict(v.Report.ProblemID)
		switch {
		case err != nil:
			return fmt.Errorf("%s: %w", ProblemName(v.Problem), err)
		case cur == nil || (key != "" && key != cur.VerifyKey):
			// stored for an earlier version: the record changed meanwhile
		case cur.ID == id:
			v.Themes = detectAndStore(d, v.Problem, v.Report)
			// The anticipation index takes the final combination from the
			// lines the verdict proved when the problem states none
			// (similar.go).
			if err := reindexSimilar(d, v.Report.ProblemID); err != nil {
				return fmt.Errorf("%s: indexing for metz similar: %w", ProblemName(v.Problem), err)
			}
		default:
			v.Standing = standing(v.Report.Budget, v.Report.ProofNodes, v.Report.Seconds, *cur)
		}
		return nil
	})
}

// noPositionAgain reports whether rep is a no-position verdict for a
// record whose current verdict, for the same version, already says so.
func noPositionAgain(d *db.DB, rep *verdict.Report, key string) (bool, error) {
	if rep.Verdict != verdict.NoPosition {
		return false, nil
	}
	cur, err := d.CurrentVerdict(rep.ProblemID)
	if err != nil || cur == nil {
		return false, err
	}
	return cur.Verdict == verdict.NoPosition && (key == "" || key == cur.VerifyKey), nil
}
