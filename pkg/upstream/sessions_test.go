package upstream_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/tests/fakeclock"
)

// sessionUpstream answers the session check with the status set per token
// (204 unless set) and counts the questions.
type sessionUpstream struct {
	mu     sync.Mutex
	status map[string]int
	asked  atomic.Int32
}

func (u *sessionUpstream) set(token string, status int) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.status[token] = status
}

func (u *sessionUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	u.asked.Add(1)
	if r.Method != http.MethodGet || r.URL.Path != upstream.SessionPath {
		http.NotFound(w, r)
		return
	}
	u.mu.Lock()
	status, ok := u.status[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	u.mu.Unlock()
	if !ok {
		status = http.StatusNoContent
	}
	w.WriteHeader(status)
}

type sessionsFixture struct {
	up       *sessionUpstream
	clock    *fakeclock.Clock
	sessions *upstream.Sessions
}

func newSessionsFixture(t *testing.T) *sessionsFixture {
	f := &sessionsFixture{up: &sessionUpstream{status: map[string]int{}}, clock: fakeclock.New(time.Unix(1e9, 0))}
	srv := httptest.NewServer(f.up)
	t.Cleanup(srv.Close)
	client := upstream.New(upstream.Options{BaseURL: srv.URL, Timeout: 2 * time.Second, Backoff: time.Millisecond})
	f.sessions = upstream.NewSessions(client, upstream.SessionOptions{Now: f.clock.Now})
	return f
}

// id is a token's identity: user uid, session sid, an hour to live.
func (f *sessionsFixture) id(uid, sid string) upstream.Identity {
	return upstream.Identity{UID: uid, SessionID: sid, ExpiresAt: f.clock.Now().Add(time.Hour)}
}

func (f *sessionsFixture) check(t *testing.T, token string, id upstream.Identity) error {
	t.Helper()
	return f.sessions.Check(context.Background(), token, id)
}

func TestSessions_AskOncePerSessionWhileTheAnswerIsFresh(t *testing.T) {
	t.Parallel()
	f := newSessionsFixture(t)
	phone := f.id("u1", "s1")
	var wg sync.WaitGroup
	for range 50 { // callers either share the one question or find its answer
		wg.Go(func() {
			if err := f.check(t, "t1", phone); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if err := f.check(t, "t1-refreshed", phone); err != nil || f.up.asked.Load() != 1 {
		t.Fatalf("50 checks of one session (and another token of it): %v, %d questions, want 1", err, f.up.asked.Load())
	}
	if err := f.check(t, "t2", f.id("u1", "s2")); err != nil || f.up.asked.Load() != 2 {
		t.Fatalf("another session is asked about on its own: %v, %d", err, f.up.asked.Load())
	}
	f.clock.Advance(upstream.DefaultSessionAliveFor)
	if err := f.check(t, "t1", phone); err != nil || f.up.asked.Load() != 3 {
		t.Fatalf("after the answer aged: %v, %d questions, want 3", err, f.up.asked.Load())
	}
}

func TestSessions_RememberASignedOutSessionUntilItsTokenExpires(t *testing.T) {
	t.Parallel()
	f := newSessionsFixture(t)
	f.up.set("t1", http.StatusUnauthorized)
	phone := f.id("u1", "s1")
	for range 3 {
		if err := f.check(t, "t1", phone); !errors.Is(err, upstream.ErrSessionEnded) {
			t.Fatalf("signed-out session: %v", err)
		}
		f.clock.Advance(20 * time.Minute)
	}
	if n := f.up.asked.Load(); n != 1 {
		t.Fatalf("%d questions within the token's life, want 1", n)
	}
	f.clock.Advance(time.Minute)
	_ = f.check(t, "t1", phone)
	if n := f.up.asked.Load(); n != 2 {
		t.Fatalf("after the token's expiry: %d questions, want 2", n)
	}
}

// While the upstream cannot answer, a session it confirmed within the
// grace is taken as alive; past the grace, or never confirmed, it is not.
func TestSessions_TakeARecentlyConfirmedSessionWhileTheUpstreamIsDown(t *testing.T) {
	t.Parallel()
	f := newSessionsFixture(t)
	phone, laptop := f.id("u1", "s1"), f.id("u1", "s2")
	if err := f.check(t, "t1", phone); err != nil {
		t.Fatal(err)
	}
	f.up.set("t1", http.StatusServiceUnavailable)
	f.up.set("t2", http.StatusServiceUnavailable)
	f.clock.Advance(upstream.DefaultSessionGrace - time.Second)
	if err := f.check(t, "t1", phone); err != nil {
		t.Fatalf("within the grace: %v", err)
	}
	if err := f.check(t, "t2", laptop); !errors.Is(err, upstream.ErrSessionUnconfirmed) {
		t.Fatalf("a session never confirmed, upstream down: %v", err)
	}
	f.clock.Advance(time.Second)
	if err := f.check(t, "t1", phone); !errors.Is(err, upstream.ErrSessionUnconfirmed) {
		t.Fatalf("past the grace: %v", err)
	}
}

// A sign-out through the relay drops what is known of the session (or of
// every session of the user) at once, and no one else's.
func TestSessions_ForgetAsksAgainAtOnce(t *testing.T) {
	t.Parallel()
	f := newSessionsFixture(t)
	phone, laptop, bob := f.id("u1", "s1"), f.id("u1", "s2"), f.id("u2", "s3")
	for token, id := range map[string]upstream.Identity{"t1": phone, "t2": laptop, "t3": bob} {
		if err := f.check(t, token, id); err != nil {
			t.Fatal(err)
		}
	}
	f.up.set("t1", http.StatusUnauthorized)
	f.up.set("t2", http.StatusUnauthorized)
	f.sessions.Forget("t1", phone)
	if err := f.check(t, "t1", phone); !errors.Is(err, upstream.ErrSessionEnded) {
		t.Fatalf("after Forget: %v", err)
	}
	f.sessions.ForgetUser("u1")
	if err := f.check(t, "t2", laptop); !errors.Is(err, upstream.ErrSessionEnded) {
		t.Fatalf("after ForgetUser: %v", err)
	}
	if err := f.check(t, "t3", bob); err != nil || f.up.asked.Load() != 5 {
		t.Fatalf("another user's answer: %v, %d questions, want 5", err, f.up.asked.Load())
	}
}

// An upstream without the session check (404) is taken at its tokens'
// signatures, as before sessions were published.
func TestSessions_AnUpstreamWithoutSessionsIsTakenAtItsSignatures(t *testing.T) {
	t.Parallel()
	f := newSessionsFixture(t)
	f.up.set("t1", http.StatusNotFound)
	if err := f.check(t, "t1", f.id("u1", "")); err != nil {
		t.Fatal(err)
	}
}
