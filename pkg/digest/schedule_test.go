package digest_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/digest"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// replica is one server's digest service over the shared store.
func replica(db *store.DB, lib *recordings.Service, mail *outbox, c *clock, name string) *digest.Service {
	return digest.New(db, digest.Options{
		Library: lib, Mail: mail, Worker: name, AppURL: "https://p.example", Now: c.now, Log: slog.New(slog.DiscardHandler),
		EmailOf: func(context.Context, string) (string, error) { return "alice@example.com", nil },
	})
}

func TestTick_DailyDigest_GoesOutOnceAtTheHourAcrossTwoReplicas(t *testing.T) {
	db := memDB(t)
	lib := fixtureLibrary(t, db)
	mail := &outbox{}
	c := &clock{t: at("2026-11-16T12:00:00Z")}
	a, b := replica(db, lib, mail, c, "replica-a"), replica(db, lib, mail, c, "replica-b")
	if err := a.Store.Put(uid, digest.Settings{Frequency: digest.Daily, Email: true}); err != nil {
		t.Fatal(err)
	}
	tickBoth := func() {
		var wg sync.WaitGroup
		for _, s := range []*digest.Service{a, b} {
			wg.Go(func() {
				if _, err := s.Tick(context.Background()); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	tickBoth() // chosen after today's 07:00 slot: nothing until tomorrow's
	c.set(at("2026-11-17T06:59:00Z"))
	tickBoth()
	if n := mail.count(); n != 0 {
		t.Fatalf("%d digests before the hour, want none", n)
	}
	c.set(at("2026-11-18T07:00:30Z"))
	for range 3 {
		tickBoth()
	}
	if n := mail.count(); n != 1 {
		t.Fatalf("%d digests sent by two replicas ticking three times, want exactly 1", n)
	}
	if s := mail.sent[0].Subject; s != "Your Pocket digest: 3 new recordings" {
		t.Errorf("subject %q: want the 3 recordings of the day before (the first digest looks one period back)", s)
	}
	c.set(at("2026-11-19T07:01:00Z"))
	tickBoth()
	if n := mail.count(); n != 1 {
		t.Errorf("%d digests: with nothing new the next day sends nothing", n)
	}
}

func TestTick_ResumesAfterARestart_AndWeeklyWaitsForMonday(t *testing.T) {
	db := memDB(t)
	lib := fixtureLibrary(t, db)
	mail := &outbox{}
	c := &clock{t: at("2026-11-10T12:00:00Z")} // a Tuesday
	first := replica(db, lib, mail, c, "before-restart")
	if err := first.Store.Put(uid, digest.Settings{Frequency: digest.Weekly, Email: true}); err != nil {
		t.Fatal(err)
	}
	c.set(at("2026-11-15T08:00:00Z")) // Sunday
	if n, _ := first.Tick(context.Background()); n != 0 {
		t.Fatalf("a weekly digest went out on a Sunday")
	}
	c.set(at("2026-11-16T07:30:00Z")) // Monday, after the hour; the first replica is gone
	again := replica(db, lib, mail, c, "after-restart")
	if n, err := again.Tick(context.Background()); n != 1 || err != nil {
		t.Fatalf("Monday's tick after a restart sent %d (%v), want 1", n, err)
	}
	if n, _ := again.Tick(context.Background()); n != 0 {
		t.Errorf("a second tick sent again")
	}
}

func TestTick_OffOrNoChannel_SendsNothing(t *testing.T) {
	db := memDB(t)
	lib := fixtureLibrary(t, db)
	mail := &outbox{}
	c := &clock{t: at("2026-11-01T12:00:00Z")}
	s := replica(db, lib, mail, c, "r")
	_ = s.Store.Put("u_off", digest.Settings{Frequency: digest.Off, Email: true})
	_ = s.Store.Put(uid, digest.Settings{Frequency: digest.Daily})
	c.set(c.now().Add(72 * time.Hour))
	if n, _ := s.Tick(context.Background()); n != 0 || mail.count() != 0 {
		t.Errorf("sent %d digests, want none", mail.count())
	}
}
