//go:build postgres

package main

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestReplicas_PostgreSQLCrashMidRunLosesNothingAcknowledged crashes the
// database (pg_ctl -m immediate) while devices upload through two replicas,
// and starts it again on the same port and data. Meanwhile each replica must
// answer /readyz 503 (a load balancer takes it out) and /healthz 200 (an
// orchestrator does not restart it); once the database is back both must be
// ready again by themselves, take writes, and show every upload either
// acknowledged, before, during or after the outage.
func TestReplicas_PostgreSQLCrashMidRunLosesNothingAcknowledged(t *testing.T) {
	pg := startPostgres(t)
	reps := []*process{pg.replica(), pg.replica()}
	token := reps[0].signIn("outage@example.com")
	w := &steadyWriters{token: token, acked: map[string]bool{}, stop: make(chan struct{})}
	for i, p := range reps {
		w.start(fmt.Sprintf("w%d", i), p.url)
	}
	rounds := max(1, faultRounds(t)/10)
	for round := range rounds {
		w.waitForAcks(t, 20) // writes land before the crash
		pg.crash()
		for _, p := range reps {
			waitForStatus(t, p, "/readyz", 503, "with the database down")
		}
		for range 10 { // and they stay so while it is down
			for _, p := range reps {
				if ready, live := statusOf(p, "/readyz"), statusOf(p, "/healthz"); ready != 503 || live != 200 {
					t.Fatalf("round %d: with the database down /readyz = %d, /healthz = %d; want 503 and 200", round, ready, live)
				}
			}
		}
		during := w.count()
		pg.resume()
		for _, p := range reps {
			waitForStatus(t, p, "/readyz", 200, "after the database came back")
		}
		w.waitForAcks(t, during+20) // and after it, through both replicas
	}
	close(w.stop)
	w.wg.Wait()
	for _, p := range reps {
		for id := range w.acked {
			if got := detailStatus(t, p, token, id); got != 200 {
				t.Fatalf("acknowledged upload %s answers %d at %s after the outage", id, got, p.url)
			}
		}
	}
	t.Logf("%d database crashes; %d acknowledged uploads, all present on both replicas; %d refused while it was down", rounds, len(w.acked), w.refused)
}

// steadyWriters upload through their replica until stopped, whatever it
// answers: an upload counts only when acknowledged (2xx).
type steadyWriters struct {
	token   string
	mu      sync.Mutex
	acked   map[string]bool
	refused int
	stop    chan struct{}
	wg      sync.WaitGroup
}

func (w *steadyWriters) start(name, url string) {
	w.wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-w.stop:
				return
			default:
			}
			id := fmt.Sprintf("%s-%d", name, i)
			status, err := upload(url, w.token, id)
			w.mu.Lock()
			if err == nil && status/100 == 2 {
				w.acked[id] = true
			} else {
				w.refused++
			}
			w.mu.Unlock()
			if err != nil || status/100 != 2 {
				time.Sleep(20 * time.Millisecond) // a device backs off before it retries
			}
		}
	})
}

func (w *steadyWriters) count() int { w.mu.Lock(); defer w.mu.Unlock(); return len(w.acked) }

// waitForAcks waits until n uploads are acknowledged in all.
func (w *steadyWriters) waitForAcks(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); w.count() < n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d uploads acknowledged within 30 s; want %d", w.count(), n)
		}
	}
}

// waitForStatus waits until path answers want; the replica reaching it by
// itself, without a restart, is what is tested.
func waitForStatus(t *testing.T, p *process, path string, want int, when string) {
	t.Helper()
	got := 0
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if got = statusOf(p, path); got == want {
			return
		}
	}
	t.Fatalf("%s answers %d %s, not %d within 30 s; log:\n%s", path, got, when, want, p.log())
}
