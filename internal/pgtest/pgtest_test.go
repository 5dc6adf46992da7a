package pgtest

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// Two tests get two databases of one server: what one writes the other
// does not see.
func TestFreshDatabasePerTest(t *testing.T) {
	ctx := context.Background()
	a, b := URL(t), URL(t)
	if a == b {
		t.Fatalf("two databases, one URL: %s", a)
	}
	ca, err := pgx.Connect(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer ca.Close(ctx)
	if _, err := ca.Exec(ctx, `CREATE TABLE x (n int); INSERT INTO x VALUES (7)`); err != nil {
		t.Fatal(err)
	}
	cb, err := pgx.Connect(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	defer cb.Close(ctx)
	var n int
	if err := cb.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE tablename = 'x'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("the second database sees the first one's table: %d %v", n, err)
	}
	var collate string
	if err := ca.QueryRow(ctx, `SELECT datcollate FROM pg_database WHERE datname = current_database()`).Scan(&collate); err != nil || collate != "C" {
		t.Errorf("collation %q (want C, SQLite's byte order): %v", collate, err)
	}
	if u := Engine(); u != "sqlite" && u != "postgres" {
		t.Errorf("Engine() = %q", u)
	}
}
