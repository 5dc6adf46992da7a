package db

import (
	"context"
	"database/sql/driver"
	"strconv"
	"strings"
)

// db/ is written once, in SQLite's and PostgreSQL's common SQL, with `?`
// placeholders; PostgreSQL numbers its parameters ($1, $2, ...). Rather
// than rewrite every query at every call, the PostgreSQL connections are
// pgx's database/sql driver wrapped so that each query text is renumbered
// on its way to the server (rebind), and the argument types SQLite takes
// loosely are given as PostgreSQL's columns want them (CheckNamedValue).

// pgConnector wraps pgx's connector so that its connections rebind.
type pgConnector struct{ driver.Connector }

func (c pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return pgConn{conn}, nil
}

// pgConn is a pgx connection whose query texts are rebound. It forwards
// every optional interface pgx's connection has (database/sql looks for
// them on the connection it is given).
type pgConn struct{ driver.Conn }

// pgxConn is the part of pgx's stdlib.Conn database/sql uses.
type pgxConn interface {
	driver.Conn
	driver.ConnPrepareContext
	driver.ConnBeginTx
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
}

func (c pgConn) inner() pgxConn { return c.Conn.(pgxConn) }

func (c pgConn) Prepare(query string) (driver.Stmt, error) {
	return c.inner().PrepareContext(context.Background(), rebind(query))
}

func (c pgConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.inner().PrepareContext(ctx, rebind(query))
}

func (c pgConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.inner().BeginTx(ctx, opts)
}

func (c pgConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.inner().ExecContext(ctx, rebind(query), args)
}

func (c pgConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.inner().QueryContext(ctx, rebind(query), args)
}

func (c pgConn) Ping(ctx context.Context) error { return c.inner().Ping(ctx) }

func (c pgConn) ResetSession(ctx context.Context) error { return c.inner().ResetSession(ctx) }

// CheckNamedValue passes every value to pgx as it is, except a bool:
// metz's flags (a verdict's dual, an index entry's verified) are integer
// columns, as SQLite stores a bool, and PostgreSQL will not take a bool
// for an integer.
func (c pgConn) CheckNamedValue(nv *driver.NamedValue) error {
	if b, ok := nv.Value.(bool); ok {
		nv.Value = int64(0)
		if b {
			nv.Value = int64(1)
		}
	}
	return nil
}

// rebind numbers the `?` placeholders of query $1, $2, ... in order,
// leaving alone those inside string literals, quoted identifiers and
// comments.
func rebind(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		switch c := query[i]; c {
		case '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		case '\'', '"':
			end := strings.IndexByte(query[i+1:], c)
			if end < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			b.WriteString(query[i : i+end+2])
			i += end + 1
			continue
		case '-':
			if strings.HasPrefix(query[i:], "--") {
				end := strings.IndexByte(query[i:], '\n')
				if end < 0 {
					end = len(query) - i
				}
				b.WriteString(query[i : i+end])
				i += end - 1
				continue
			}
		}
		b.WriteByte(query[i])
	}
	return b.String()
}
