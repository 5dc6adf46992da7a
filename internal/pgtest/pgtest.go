// Package pgtest gives tests a real PostgreSQL: a throwaway cluster of
// the test binary's own (initdb into a temporary directory, postgres on a
// private socket directory and a free loopback port), started the first
// time a test asks for a database and stopped when the binary's tests
// end, and a fresh database for each test. No mock stands in for it: where
// no server binary can be found, the test is skipped with one line
// saying so.
//
// A test binary that uses it runs its tests through Main:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
// and a test asks for a database with URL(t), a postgres:// URL, or with
// DB(t), which is a PostgreSQL database when $METZ_TEST_DB is postgres
// and an SQLite file otherwise (so that one suite runs on both).
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvEngine names the environment variable that switches a package's
// database tests to PostgreSQL (METZ_TEST_DB=postgres); see Engine.
const EnvEngine = "METZ_TEST_DB"

// Engine is the database the tests are asked to run on: "postgres" when
// $METZ_TEST_DB says so, else "sqlite" (the default).
func Engine() string {
	if strings.EqualFold(os.Getenv(EnvEngine), "postgres") {
		return "postgres"
	}
	return "sqlite"
}

var (
	inMain  atomic.Bool
	once    sync.Once
	shared  *Cluster
	errOnce error
	dbCount atomic.Int64
)

// Main runs m's tests and stops the cluster if one was started; a
// TestMain calls it so that no server outlives the test binary.
func Main(m *testing.M) int {
	inMain.Store(true)
	code := m.Run()
	if shared != nil {
		if err := shared.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
		}
	}
	return code
}

// URL returns the URL of a new, empty database in the test binary's
// cluster (started on first use), dropped when t ends. It skips t when no
// PostgreSQL server binary is installed, and fails it when one is but
// cannot be started.
func URL(t testing.TB) string {
	t.Helper()
	if !inMain.Load() {
		t.Fatal("pgtest: the test binary's TestMain must run its tests through pgtest.Main (os.Exit(pgtest.Main(m))), which stops the server")
	}
	once.Do(func() {
		var bin string
		if bin, errOnce = FindBin(); errOnce == nil {
			shared, errOnce = Start(bin)
		}
	})
	if errors.Is(errOnce, ErrNoServer) {
		t.Skip(errOnce.Error())
	}
	if errOnce != nil {
		t.Fatal(errOnce)
	}
	name := fmt.Sprintf("t%d_%d", os.Getpid(), dbCount.Add(1))
	url, err := shared.CreateDatabase(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := shared.DropDatabase(name); err != nil {
			t.Logf("pgtest: drop database %s: %v", name, err)
		}
	})
	return url
}

// DB names a new, empty database for t on the engine the tests run on
// (Engine): a PostgreSQL database's URL (see URL), else an SQLite file in
// t's temporary directory. A package whose tests open their databases
// through it runs its whole suite on either engine.
func DB(t testing.TB) string {
	t.Helper()
	if Engine() == "postgres" {
		return URL(t)
	}
	return filepath.Join(t.TempDir(), "metz.db")
}

// ErrNoServer is returned (wrapped) by FindBin when no PostgreSQL server
// binary is installed.
var ErrNoServer = errors.New("no PostgreSQL server found (install Debian's postgresql package: the PostgreSQL tests skip)")

// FindBin returns the directory holding initdb and postgres: the newest
// of /usr/lib/postgresql/*/bin (Debian's layout), else the one on PATH.
func FindBin() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if executable(filepath.Join(d, "initdb")) && executable(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	if p, err := exec.LookPath("postgres"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		if d := filepath.Dir(p); executable(filepath.Join(d, "initdb")) {
			return d, nil
		}
	}
	return "", ErrNoServer
}

// version reads the major version from /usr/lib/postgresql/N/bin.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

func executable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// Cluster is a running throwaway PostgreSQL server.
type Cluster struct {
	dir      string // the temporary directory holding data and socket
	port     int
	password string
	cmd      *exec.Cmd
	exited   chan error
	admin    *pgx.Conn
}

// Start creates a cluster with bin's initdb in a temporary directory and
// runs its postgres on a free loopback port, as the postgres user when
// this process is root (initdb refuses to run as root). Host connections
// need the generated password; the socket directory is private.
func Start(bin string) (*Cluster, error) {
	cred, err := serverCredential()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "metz-pgtest-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, password: randomHex(16)}
	if err := c.initdb(bin, cred); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	// A port found free may be taken before postgres binds it: try anew.
	for try := 0; ; try++ {
		err = c.start(bin, cred)
		if err == nil || try == 4 || !strings.Contains(err.Error(), "could not create any TCP/IP sockets") {
			break
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return c, nil
}

// serverCredential is the user the server runs as: nil (this process's)
// unless this process is root, then the postgres user.
func serverCredential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("pgtest: the tests run as root, and initdb refuses root, but there is no postgres user to run it as: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// command runs a server binary as cred's user (nil: this process's).
func (c *Cluster) command(cred *syscall.Credential, path string, args ...string) *exec.Cmd {
	cmd := exec.Command(path, args...)
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C", "LANG=C")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	return cmd
}

func (c *Cluster) initdb(bin string, cred *syscall.Credential) error {
	if cred != nil {
		if err := os.Chown(c.dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return err
		}
	}
	pw := filepath.Join(c.dir, "pw")
	if err := os.WriteFile(pw, []byte(c.password+"\n"), 0o600); err != nil {
		return err
	}
	if cred != nil {
		if err := os.Chown(pw, int(cred.Uid), int(cred.Gid)); err != nil {
			return err
		}
	}
	defer os.Remove(pw)
	// The C collation orders text byte by byte, as SQLite does.
	out, err := c.command(cred, filepath.Join(bin, "initdb"), "-D", filepath.Join(c.dir, "data"),
		"-U", "postgres", "-E", "UTF8", "--locale=C", "--auth-local=trust", "--auth-host=scram-sha-256",
		"--pwfile="+pw, "--no-sync").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pgtest: initdb in %s: %v\n%s", c.dir, err, out)
	}
	return os.Mkdir(filepath.Join(c.dir, "socket"), 0o700)
}

// start runs postgres on a free port and waits until it takes connections.
func (c *Cluster) start(bin string, cred *syscall.Credential) error {
	if cred != nil {
		if err := os.Chown(filepath.Join(c.dir, "socket"), int(cred.Uid), int(cred.Gid)); err != nil {
			return err
		}
	}
	port, err := freePort()
	if err != nil {
		return err
	}
	c.port = port
	// Durability is not what the tests test: no fsync, so that creating a
	// database per test is quick on a loaded machine.
	cmd := c.command(cred, filepath.Join(bin, "postgres"), "-D", filepath.Join(c.dir, "data"),
		"-k", filepath.Join(c.dir, "socket"), "-c", "listen_addresses=127.0.0.1", "-p", strconv.Itoa(port),
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "max_connections=100", "-c", "shared_buffers=32MB", "-c", "logging_collector=off")
	var log strings.Builder
	cmd.Stdout, cmd.Stderr = &log, &log
	// The server goes when the test binary does, even killed.
	cmd.SysProcAttr.Pdeathsig = syscall.SIGINT
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("pgtest: start postgres: %w", err)
	}
	c.cmd, c.exited = cmd, make(chan error, 1)
	go func() { c.exited <- cmd.Wait() }()
	deadline := time.Now().Add(60 * time.Second)
	for {
		conn, err := pgx.Connect(context.Background(), c.url("postgres"))
		if err == nil {
			c.admin = conn
			return nil
		}
		select {
		case werr := <-c.exited:
			return fmt.Errorf("pgtest: postgres exited (%v): %s", werr, log.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			c.cmd.Process.Signal(syscall.SIGQUIT)
			<-c.exited
			return fmt.Errorf("pgtest: postgres took no connection in 60 s: %v\n%s", err, log.String())
		}
	}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func (c *Cluster) url(database string) string {
	return fmt.Sprintf("postgres://postgres:%s@127.0.0.1:%d/%s?sslmode=disable", c.password, c.port, database)
}

// CreateDatabase makes an empty database and returns its URL.
func (c *Cluster) CreateDatabase(name string) (string, error) {
	if _, err := c.admin.Exec(context.Background(), `CREATE DATABASE `+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("pgtest: create database %s: %w", name, err)
	}
	return c.url(name), nil
}

// DropDatabase drops a database, closing what is still connected to it.
func (c *Cluster) DropDatabase(name string) error {
	_, err := c.admin.Exec(context.Background(), `DROP DATABASE IF EXISTS `+pgx.Identifier{name}.Sanitize()+` WITH (FORCE)`)
	return err
}

// Stop shuts the server down (fast: open sessions are ended) and removes
// its directory.
func (c *Cluster) Stop() error {
	c.admin.Close(context.Background())
	var err error
	if c.cmd.Process.Signal(syscall.SIGINT) == nil {
		select {
		case <-c.exited:
		case <-time.After(30 * time.Second):
			c.cmd.Process.Kill()
			<-c.exited
			err = errors.New("postgres did not stop in 30 s: killed")
		}
	}
	if rerr := os.RemoveAll(c.dir); rerr != nil && err == nil {
		err = rerr
	}
	return err
}
