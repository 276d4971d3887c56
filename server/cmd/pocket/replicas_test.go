//go:build postgres

package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The replica fault runs (-tags postgres): real `pocket serve` replicas on one
// real PostgreSQL of the test's own (tools/postgres.sh), which a test can
// crash and start again on the same port and data.

// cluster is a PostgreSQL server run by tools/postgres.sh for one test.
type cluster struct {
	t        *testing.T
	dir, url string
}

func postgresScript(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command(filepath.Join("..", "..", "..", "tools", "postgres.sh"), args...).Output()
	if err != nil {
		stderr := ""
		if e := (*exec.ExitError)(nil); errors.As(err, &e) {
			stderr = string(e.Stderr)
		}
		t.Fatalf("tools/postgres.sh %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	return strings.TrimSpace(string(out))
}

func startPostgres(t *testing.T) *cluster {
	t.Helper()
	dir, err := os.MkdirTemp("", "pocket-pg-faults")
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, dir: dir}
	c.url = postgresScript(t, "start", dir)
	// After the replicas' own cleanups (registered later, run first).
	t.Cleanup(func() { postgresScript(t, "stop", dir) })
	return c
}

// crash stops the server as a crash would: sessions cut, no checkpoint.
func (c *cluster) crash() { c.t.Helper(); postgresScript(c.t, "crash", c.dir) }

// resume starts it again on the same port and data.
func (c *cluster) resume() { c.t.Helper(); postgresScript(c.t, "resume", c.dir) }

// replica runs `pocket serve` on the cluster's database, with a data
// directory of its own (which, with PostgreSQL, holds nothing another needs).
func (c *cluster) replica(env ...string) *process {
	c.t.Helper()
	return startServe(c.t, c.t.TempDir(), append([]string{"POCKET_DATABASE_URL=" + c.url}, env...)...)
}

// rows reads the store's raw keys and values under prefix, as another
// replica's transaction would see them.
func (c *cluster) rows(prefix string) map[string][]byte {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.url)
	if err != nil {
		c.t.Fatal(err)
	}
	defer func() { _ = conn.Close(ctx) }()
	end := []byte(prefix)
	end[len(end)-1]++
	rows, err := conn.Query(ctx, "select k, v from kv where k >= $1 and k < $2", []byte(prefix), end)
	if err != nil {
		c.t.Fatal(err)
	}
	out := map[string][]byte{}
	for rows.Next() {
		var k, v []byte
		if err := rows.Scan(&k, &v); err != nil {
			c.t.Fatal(err)
		}
		out[string(k)] = v
	}
	if err := rows.Err(); err != nil {
		c.t.Fatal(err)
	}
	return out
}

// statusOf is the status a path answers with, 0 when the server does not answer.
func statusOf(p *process, path string) int {
	status, _, err := send("GET", p.url+path, "", nil)
	if err != nil {
		return 0
	}
	return status
}
