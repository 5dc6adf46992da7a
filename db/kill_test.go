package db

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"

	"metz/draughts"
	"metz/internal/pgtest"
	"metz/problems"
)

// The child process of TestKilledImportLeavesDatabaseUnchanged: it imports a
// changed batch into the database named by the environment and SIGKILLs
// itself in the middle, as a user's kill -9 or a power cut would.
const killEnv = "METZ_DB_KILL_CHILD"

func generated(n int, variant string) []*problems.Problem {
	ps := make([]*problems.Problem, n)
	for i := range ps {
		ps[i] = &problems.Problem{Number: i + 1, Rules: draughts.International, Stipulation: problems.StipWin,
			Position:   problems.MustPosition(draughts.International, fmt.Sprintf("W:W%d,%d:B%d", 31+i%15, 46+i%5, 1+i%20)),
			Commentary: variant + " " + strconv.Itoa(i),
			Themes:     []problems.Theme{{Name: "t" + strconv.Itoa(i%7), Origin: problems.OriginBook}},
			Warnings:   []problems.Warning{{File: "gen.pdn", Line: i + 1, Text: variant}},
			Location:   "gen.pdn:" + strconv.Itoa(i+1)}
	}
	return ps
}

func TestMain(m *testing.M) {
	if path := os.Getenv(killEnv); path != "" {
		killChild(path)
		return
	}
	os.Exit(pgtest.Main(m))
}

func killChild(path string) {
	d, err := Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	kill := func(done, total int) {
		if done == total/2 {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}
	}
	_, err = d.ImportBatchWith(problems.Source{Key: "gen", Title: "changed"}, generated(2000, "second"), nil,
		ImportOptions{Progress: kill})
	fmt.Fprintln(os.Stderr, "import finished without being killed:", err)
	os.Exit(4)
}

func TestKilledImportLeavesDatabaseUnchanged(t *testing.T) {
	path := tempDSN(t)
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	mustImport(t, d, problems.Source{Key: "gen", Title: "first"}, generated(1000, "first"), nil)
	if _, err := d.AddNote(1, "mine"); err != nil {
		t.Fatal(err)
	}
	before := dump(t, d)
	d.Close()

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), killEnv+"="+path)
	out, err := cmd.CombinedOutput()
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("child was not killed by SIGKILL: %v\n%s", err, out)
	}

	d, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if !d.pg {
		var check string
		if err := d.sql.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
			t.Fatalf("integrity_check: %s %v", check, err)
		}
	}
	if after := dump(t, d); after != before {
		t.Errorf("the killed import changed the database (%d bytes before, %d after)", len(before), len(after))
	}
	// And the same import, not killed, does go through afterwards.
	st := mustImport(t, d, problems.Source{Key: "gen", Title: "changed"}, generated(2000, "second"), nil)
	if st.Updated != 1000 || st.New != 1000 {
		t.Errorf("import after the kill: %+v", st)
	}
}
