package main

import (
	"bytes"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"metz/app"
)

// The flags of the main commands, parsed and checked without a database:
// each command is built with a runF that keeps its options, under a
// Factory that fails the test if anything opens an App.

// parsed runs args through the command newCmd builds, under the global
// flags, and returns the options its run function would have been given
// (ran false when the command stopped first, with err), and its stderr.
func parsed[T any](t *testing.T, newCmd func(*Factory, func(T) error) *cobra.Command, args ...string) (opts T, ran bool, errOut string, err error) {
	t.Helper()
	t.Setenv("METZ_DB", "")
	var out, errw bytes.Buffer
	f := newFactory(&out, &errw)
	f.open = func(app.Config) (*app.App, error) {
		t.Fatal("the App was opened: flags are parsed and checked without it")
		return nil, nil
	}
	root := &cobra.Command{Use: "metz", SilenceErrors: true, SilenceUsage: true}
	addGlobalFlags(root, f)
	root.AddCommand(newCmd(f, func(o T) error { opts, ran = o, true; return nil }))
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&errw)
	err = root.Execute()
	if out.Len() > 0 {
		t.Errorf("%v wrote on stdout before running: %q", args, out.String())
	}
	return opts, ran, errw.String(), err
}

// mustParse is parsed for a command line that must reach its run function.
func mustParse[T any](t *testing.T, newCmd func(*Factory, func(T) error) *cobra.Command, args ...string) T {
	t.Helper()
	opts, ran, _, err := parsed(t, newCmd, args...)
	if err != nil || !ran {
		t.Fatalf("%v: %v (ran %v)", args, err, ran)
	}
	return opts
}

// refused checks that args stop before running with an error saying want.
func refused[T any](t *testing.T, newCmd func(*Factory, func(T) error) *cobra.Command, want string, args ...string) {
	t.Helper()
	_, ran, _, err := parsed(t, newCmd, args...)
	if err == nil || ran || !strings.Contains(err.Error(), want) {
		t.Errorf("%v: error %v (ran %v), want one saying %q", args, err, ran, want)
	}
}

func TestImportFlags(t *testing.T) {
	o := mustParse(t, newCmdImport, "import")
	if o.DB != "metz.db" || o.IO.JSON || o.Rules != "" || o.Source != "" || o.Verbose || len(o.Files) != 0 || o.Update != nil {
		t.Errorf("defaults: %+v", o)
	}
	o = mustParse(t, newCmdImport, "import", "a.pdn", "--db", "x.db", "--json", "--rules", "english", "--source", "k", "-v", "--update", "metz,vantenac")
	if o.DB != "x.db" || !o.IO.JSON || o.Rules != "english" || o.Source != "k" || !o.Verbose ||
		!slices.Equal(o.Files, []string{"a.pdn"}) || !slices.Equal(o.Update, []string{"metz", "vantenac"}) {
		t.Errorf("set: %+v", o)
	}
	refused(t, newCmdImport, "unknown flag", "import", "--nope")
}

func TestVerifyFlags(t *testing.T) {
	o := mustParse(t, newCmdVerify, "verify", "vantenac:71")
	if !slices.Equal(o.Refs, []string{"vantenac:71"}) || o.budget != app.DefaultBudget || o.jobs != runtime.NumCPU() ||
		o.tables != "auto" || o.stip != "win" || o.rules != "international" || o.adHoc != nil || o.IO.JSON {
		t.Errorf("defaults: %+v", o)
	}
	if o.opt.Jobs != runtime.NumCPU() || o.opt.Budget.Time != 10*time.Second || o.opt.Budget.Nodes != 15_000_000 {
		t.Errorf("verification options: %+v", o.opt)
	}
	o = mustParse(t, newCmdVerify, "verify", "--all", "--budget", "2s,1M-nodes", "--jobs", "1", "--within", "9", "--no-store", "--json")
	if !o.all || o.opt.Budget.Nodes != 1_000_000 || o.opt.Jobs != 1 || o.opt.Within != 9 || !o.opt.NoStore || !o.IO.JSON {
		t.Errorf("set: %+v", o.opt)
	}
	if sel := mustParse(t, newCmdVerify, "verify", "--source", "metz").selection(); !slices.Equal(sel.Query.Sources, []string{"metz"}) || !sel.WithEmpty {
		t.Errorf("--source: selection %+v", sel)
	}
	o = mustParse(t, newCmdVerify, "verify", "--fen", "W:W32:B19", "--solution", "32-28")
	if o.adHoc == nil || o.adHoc.Position == nil {
		t.Errorf("--fen: no problem built: %+v", o.adHoc)
	}
	refused(t, newCmdVerify, "nothing to verify", "verify")
	refused(t, newCmdVerify, "--jobs 0: expected 1 or more", "verify", "--all", "--jobs", "0")
	refused(t, newCmdVerify, "--queue with --fen", "verify", "--fen", "W:W32:B19", "--queue")
	refused(t, newCmdVerify, "--queue with --no-store", "verify", "--all", "--queue", "--no-store")
	refused(t, newCmdVerify, "budget", "verify", "--all", "--budget", "ten seconds")
	refused(t, newCmdVerify, "no piece", "verify", "--fen", "W:W:B")
}

func TestSolveFlags(t *testing.T) {
	o := mustParse(t, newCmdSolve, "solve", "W:W32:B19")
	if o.Goal != "win" || o.Within != 0 || o.Budget != app.DefaultSolveBudget || o.Tables != "auto" || o.Rules != "international" ||
		o.stip.String() != "win" || o.budget.Time != 10*time.Second || o.pos.Rules.Name != "international" || o.IO.JSON {
		t.Errorf("defaults: %+v", o)
	}
	o = mustParse(t, newCmdSolve, "solve", "W:W32:B19", "--goal", "promote", "--within", "9", "--tables", "none", "--json")
	if o.stip.String() != "promote/9" || o.Tables != "none" || !o.IO.JSON {
		t.Errorf("set: stipulation %q, %+v", o.stip, o)
	}
	refused(t, newCmdSolve, "unknown goal", "solve", "W:W32:B19", "--goal", "mate")
	refused(t, newCmdSolve, "budget", "solve", "W:W32:B19", "--budget", "soon")
	refused(t, newCmdSolve, "no piece", "solve", "W:W:B")
	refused(t, newCmdSolve, "accepts 1 arg", "solve")
	// A man on its crowning row: searched as given, and said.
	if _, ran, errs, err := parsed(t, newCmdSolve, "solve", "W:W3:B19"); err != nil || !ran || !strings.Contains(errs, "warning:") {
		t.Errorf("impossible position: ran %v, %v, stderr %q", ran, err, errs)
	}
}

func TestSearchFlags(t *testing.T) {
	for name, newCmd := range map[string]func(*Factory, func(*SearchOptions) error) *cobra.Command{"search": newCmdSearch, "list": newCmdList} {
		o := mustParse(t, newCmd, name, "--source", "metz,vantenac", "--number", "3-9", "--white-men", "4-", "--with-empty", "--limit", "5", "--json")
		q, err := o.Query()
		if err != nil || !slices.Equal(q.Sources, []string{"metz", "vantenac"}) || q.Number.Min != 3 || q.Number.Max != 9 ||
			!q.WhiteMen.On || q.Limit != 5 || !o.WithEmpty || !o.IO.JSON {
			t.Errorf("search: %v, %+v", err, q)
		}
		// The values are read when the command runs, naming the flag.
		o = mustParse(t, newCmd, name, "--number", "x")
		if _, err := o.Query(); err == nil || !strings.Contains(err.Error(), "--number") {
			t.Errorf("--number x: %v", err)
		}
		refused(t, newCmd, "unknown command", name, "vantenac:71")
	}
}

func TestShowFlags(t *testing.T) {
	o := mustParse(t, newCmdShow, "show", "vantenac:71")
	if o.Ref != "vantenac:71" || o.Tree || o.Numbers || o.ASCII || o.Notation != "book" || o.IO.JSON {
		t.Errorf("defaults: %+v", o)
	}
	o = mustParse(t, newCmdShow, "show", "metz:2", "--tree", "--notation", "modern", "--json", "--db", "b.db")
	if !o.Tree || o.Notation != "modern" || !o.IO.JSON || o.DB != "b.db" {
		t.Errorf("set: %+v", o)
	}
	refused(t, newCmdShow, "--notation", "show", "metz:2", "--tree", "--notation", "runes")
	refused(t, newCmdShow, "accepts 1 arg", "show")
}

func TestExportFlags(t *testing.T) {
	o := mustParse(t, newCmdExport, "export")
	if o.format != "book" || o.Output != "-" || o.PerPage != 2 || !o.Numbers || o.Plain || len(o.Refs) != 0 {
		t.Errorf("defaults: %+v", o)
	}
	if o = mustParse(t, newCmdExport, "export", "--json"); o.format != "json" {
		t.Errorf("--json: format %q", o.format)
	}
	if o = mustParse(t, newCmdExport, "export", "-o", "b.pdf", "--per-page", "4", "vantenac:71"); o.format != "pdf" || o.PerPage != 4 || !slices.Equal(o.Refs, []string{"vantenac:71"}) {
		t.Errorf("-o b.pdf: %+v", o)
	}
	refused(t, newCmdExport, "--per-page 5: expected 1 to 4", "export", "--per-page", "5")
	refused(t, newCmdExport, "binary", "export", "--format", "pdf")
	refused(t, newCmdExport, "names no export format", "export", "-o", "b.doc")
}

func TestReportFlags(t *testing.T) {
	if o := mustParse(t, newCmdReport, "report"); o.Sources != nil || o.IO.JSON {
		t.Errorf("defaults: %+v", o)
	}
	if o := mustParse(t, newCmdReport, "report", "--source", "metz", "--source", "vantenac", "--json"); !slices.Equal(o.Sources, []string{"metz", "vantenac"}) || !o.IO.JSON {
		t.Errorf("set: %+v", o)
	}
	refused(t, newCmdReport, "unknown command", "report", "metz")
}

func TestServeFlags(t *testing.T) {
	o := mustParse(t, newCmdServe, "serve")
	if o.addr != "127.0.0.1:8080" || o.budget != app.DefaultBudget || o.tables != "auto" || o.jobs != runtime.NumCPU() ||
		o.capMB != app.DefaultMemoryCapMB() || o.hosts != nil {
		t.Errorf("defaults: %+v", o)
	}
	o = mustParse(t, newCmdServe, "serve", "--addr", "0.0.0.0:9000", "--host", "a.example", "--host", "b.example", "--jobs", "0", "--max-memory", "1GB")
	if o.addr != "0.0.0.0:9000" || !slices.Equal(o.hosts, []string{"a.example", "b.example"}) || o.jobs != 0 || o.capMB != 1024 {
		t.Errorf("set: %+v", o)
	}
	refused(t, newCmdServe, "--jobs -1", "serve", "--jobs", "-1")
	refused(t, newCmdServe, "--max-memory", "serve", "--max-memory", "lots")
	refused(t, newCmdServe, "budget", "serve", "--budget", "never")
}

func TestJobsFlags(t *testing.T) {
	if o := mustParse(t, newCmdJobs, "jobs"); o.Run != "" || o.Follow {
		t.Errorf("defaults: %+v", o)
	}
	if o := mustParse(t, newCmdJobs, "jobs", "r1", "--follow", "--json"); o.Run != "r1" || !o.Follow || !o.IO.JSON {
		t.Errorf("set: %+v", o)
	}
	refused(t, newCmdJobs, "--follow: name the run", "jobs", "--follow")
	refused(t, newCmdJobsCancel, "accepts 1 arg", "cancel")
	if o := mustParse(t, newCmdJobsCancel, "cancel", "17"); o.Ref != "17" {
		t.Errorf("cancel: %+v", o)
	}
}

func TestWorkerFlags(t *testing.T) {
	o := mustParse(t, newCmdWorker, "worker")
	if o.tables != "auto" || o.jobs != runtime.NumCPU() || o.rescue != time.Minute || o.quiet || o.untilEmpty {
		t.Errorf("defaults: %+v", o)
	}
	o = mustParse(t, newCmdWorker, "worker", "--jobs", "3", "--rescue-after", "30s", "--quiet", "--until-empty", "--tables", "none")
	if o.jobs != 3 || o.rescue != 30*time.Second || !o.quiet || !o.untilEmpty || o.tables != "none" {
		t.Errorf("set: %+v", o)
	}
	refused(t, newCmdWorker, "--jobs 0: expected 1 or more", "worker", "--jobs", "0")
}

// The note and tag commands check their arguments before the database.
func TestNoteTagFlags(t *testing.T) {
	if o := mustParse(t, newCmdNote, "note", "metz:2", "a", "good", "one"); o.Text != "a good one" || o.Delete != 0 {
		t.Errorf("note: %+v", o)
	}
	if o := mustParse(t, newCmdNote, "note", "metz:2", "--delete", "3"); o.Delete != 3 {
		t.Errorf("note --delete: %+v", o)
	}
	refused(t, newCmdNote, "takes no text", "note", "metz:2", "--delete", "3", "text")
	refused(t, newCmdNote, "no text for the note", "note", "metz:2")
	if o := mustParse(t, newCmdTag, "tag", "metz:2", "lunette", "--remove"); o.Theme != "lunette" || !o.Remove {
		t.Errorf("tag: %+v", o)
	}
}

// The other commands' argument checks, before any database or table.
func TestOtherFlags(t *testing.T) {
	refused(t, newCmdSimilar, "name a problem (SOURCE:NUMBER) or give --fen", "similar")
	if o := mustParse(t, newCmdSimilar, "similar", "--fen", "W:W32:B19", "--rules", "russian", "--limit", "3"); o.Query.FEN != "W:W32:B19" || o.Query.Rules != "russian" || o.Query.Limit != 3 {
		t.Errorf("similar: %+v", o.Query)
	}
	refused(t, newCmdThemesDetect, "name the problems", "detect")
	refused(t, newCmdThemesDetect, "name the problems", "detect", "metz:2", "--all")
	refused(t, newCmdThemesDetect, "--all and --source exclude each other", "detect", "--all", "--source", "metz")
	if o := mustParse(t, newCmdPerft, "perft", "start", "3", "--count", "keep"); o.Position != "start" || o.Depth != "3" || o.count != "keep" || o.hashMB != 64 {
		t.Errorf("perft: %+v", o)
	}
	if o := mustParse(t, newCmdMoves, "moves", "start", "--rules", "english", "--diagram"); o.Rules != "english" || !o.Diagram {
		t.Errorf("moves: %+v", o)
	}
	if o := mustParse(t, newCmdRules, "rules", "3"); o.Number != "3" || o.Source != "metz" {
		t.Errorf("rules: %+v", o)
	}
}

// endgame build and probe read --rules and --memory before the tables.
func TestEndgameFlags(t *testing.T) {
	eg := func(newCmd func(*Factory, *EndgameOptions, func(*EndgameBuildOptions) error) *cobra.Command) func(*Factory, func(*EndgameBuildOptions) error) *cobra.Command {
		return func(f *Factory, runF func(*EndgameBuildOptions) error) *cobra.Command {
			return newCmd(f, &EndgameOptions{Dir: "auto", Tables: f.Tables}, runF)
		}
	}
	o := mustParse(t, eg(newCmdEndgameBuild), "build")
	if o.Pieces != 4 || o.rules.Name != "international" || o.mem != 4<<30 || o.Dir != "auto" {
		t.Errorf("build defaults: pieces %d rules %s memory %d dir %s", o.Pieces, o.rules.Name, o.mem, o.Dir)
	}
	refused(t, eg(newCmdEndgameBuild), "--memory", "build", "--memory", "5s")
	refused(t, eg(newCmdEndgameBuild), "unknown", "build", "--rules", "chess")
	probe := func(f *Factory, runF func(*EndgameProbeOptions) error) *cobra.Command {
		return newCmdEndgameProbe(f, &EndgameOptions{Dir: "auto", Tables: f.Tables}, runF)
	}
	if p := mustParse(t, probe, "probe", "W:WK5:BK46", "--memory", "1GB"); p.Position != "W:WK5:BK46" || p.mem != 1<<30 {
		t.Errorf("probe: %+v", p)
	}
}
