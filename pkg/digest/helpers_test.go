package digest_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/mail"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

const uid = "u_alice"

func memDB(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(store.Options{InMemory: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// fixtureLibrary is the sample recordings imported for uid.
func fixtureLibrary(t *testing.T, db *store.DB) *recordings.Service {
	t.Helper()
	// Imported long before every test clock: a recording without a createdAt
	// of its own counts as created when it was imported.
	svc := recordings.NewService(db, nil, func() time.Time { return at("2026-09-01T00:00:00Z") })
	files, _ := filepath.Glob("../../fixtures/recordings/*.json")
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Import(context.Background(), uid, raw); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
	}
	return svc
}

// outbox keeps the mail sent.
type outbox struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (o *outbox) Send(_ context.Context, m mail.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, m)
	return nil
}

func (o *outbox) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.sent)
}

// clock is a settable now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}
