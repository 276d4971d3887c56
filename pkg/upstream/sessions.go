package upstream

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/sync/singleflight"
)

// A token's signature says who signed in, not whether they have signed out
// since: only the upstream knows its sessions. Sessions asks it, once per
// session every AliveFor at most, and remembers a session signed out until
// the token that showed it expires.

// SessionPath is where an upstream answers whether the bearer token's
// session is still signed in: 204 when it is, 401 when it is not.
const SessionPath = "/api/v1/auth/session"

var (
	// ErrSessionEnded is the upstream saying the token's session was signed out.
	ErrSessionEnded = errors.New("upstream: the session was signed out")
	// ErrSessionUnconfirmed is a session the upstream could not be asked
	// about and that it did not confirm within the grace.
	ErrSessionUnconfirmed = errors.New("upstream: the session could not be confirmed")
)

// The defaults of SessionOptions (docs/security.md lists them).
const (
	DefaultSessionAliveFor  = 2 * time.Second
	DefaultSessionGrace     = 5 * time.Minute
	DefaultSessionTimeout   = 3 * time.Second
	DefaultSessionCacheSize = 10000
)

// SessionOptions tune Sessions; zero values take the defaults.
type SessionOptions struct {
	// AliveFor is how long the upstream's "alive" is reused without asking.
	AliveFor time.Duration
	// Grace is how long after the upstream last confirmed a session it is
	// still taken as alive while the upstream cannot be asked.
	Grace time.Duration
	// Timeout bounds one question (tried once: a request waits on it).
	Timeout time.Duration
	// Size bounds the sessions remembered.
	Size int
	Now  func() time.Time
	Log  *slog.Logger
}

// Sessions answers whether upstream ID tokens' sessions are still signed in.
// It is safe for concurrent use.
type Sessions struct {
	client *Client
	opts   SessionOptions
	known  *lru.Cache[string, sessionAnswer]
	calls  singleflight.Group
	// forgets is raised by every Forget: an answer asked for before it is
	// neither kept nor shared with callers after it.
	forgets  atomic.Uint64
	warnOnce sync.Once
}

type sessionAnswer struct {
	ended     bool
	until     time.Time // reused without asking until then
	confirmed time.Time // when the upstream last said "alive"
}

// NewSessions asks the upstream behind c.
func NewSessions(c *Client, o SessionOptions) *Sessions {
	o.AliveFor = orDefault(o.AliveFor, DefaultSessionAliveFor)
	o.Grace = orDefault(o.Grace, DefaultSessionGrace)
	o.Timeout = orDefault(o.Timeout, DefaultSessionTimeout)
	if o.Size <= 0 {
		o.Size = DefaultSessionCacheSize
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	known, _ := lru.New[string, sessionAnswer](o.Size) // errs only for a size <= 0
	return &Sessions{client: c, opts: o, known: known}
}

func orDefault(v, def time.Duration) time.Duration {
	if v <= 0 {
		return def
	}
	return v
}

// sessionKey names id's session; a token naming none stands for itself.
func sessionKey(id Identity, token string) string {
	if id.SessionID != "" {
		return id.UID + "\x00" + id.SessionID
	}
	sum := sha256.Sum256([]byte(token))
	return id.UID + "\x00#" + hex.EncodeToString(sum[:])
}

// Check answers nil when the session of token (verified as id) is alive,
// ErrSessionEnded when the upstream says it was signed out, and an error
// wrapping ErrSessionUnconfirmed when the upstream could not be asked and
// had not confirmed it within the grace.
func (s *Sessions) Check(ctx context.Context, token string, id Identity) error {
	key := sessionKey(id, token)
	now := s.opts.Now()
	a, known := s.known.Get(key)
	switch {
	case known && now.Before(a.until):
		if a.ended {
			return ErrSessionEnded
		}
		return nil
	case known && !a.ended && s.inGrace(a, now) && !s.client.Reachable():
		// The upstream is down: the request need not wait to hear so again.
		// A question in the background learns of its return.
		s.flight(key, token, id)
		return nil
	}
	select {
	case r := <-s.flight(key, token, id):
		return r.Err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// flight asks the upstream about key's session, or joins the question under way.
func (s *Sessions) flight(key, token string, id Identity) <-chan singleflight.Result {
	gen := s.forgets.Load()
	return s.calls.DoChan(key+"\x00"+strconv.FormatUint(gen, 10), func() (any, error) {
		return nil, s.ask(key, token, id, gen)
	})
}

func (s *Sessions) ask(key, token string, id Identity, gen uint64) error {
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.Timeout)
	defer cancel()
	status, err := s.status(ctx, token)
	now := s.opts.Now()
	switch {
	case err == nil && (status == http.StatusNoContent || status == http.StatusOK):
		s.remember(key, gen, sessionAnswer{until: now.Add(s.opts.AliveFor), confirmed: now})
		return nil
	case err == nil && status == http.StatusUnauthorized:
		s.remember(key, gen, sessionAnswer{ended: true, until: id.ExpiresAt})
		return ErrSessionEnded
	case err == nil && (status == http.StatusNotFound || status == http.StatusMethodNotAllowed):
		// An upstream that does not publish sessions: its tokens' signatures
		// are all there is to go by.
		s.warnOnce.Do(func() {
			s.opts.Log.Warn("the upstream does not answer "+SessionPath+": tokens of signed-out sessions are taken until they expire", "status", status)
		})
		s.remember(key, gen, sessionAnswer{until: now.Add(s.opts.AliveFor), confirmed: now})
		return nil
	}
	if a, ok := s.known.Peek(key); ok && !a.ended && s.inGrace(a, now) {
		return nil
	}
	if err == nil {
		err = fmt.Errorf("the upstream answered %d", status)
	}
	return fmt.Errorf("%w: %w", ErrSessionUnconfirmed, err)
}

// status asks once, with the caller's token, and reads the answer's status.
func (s *Sessions) status(ctx context.Context, token string) (int, error) {
	resp, err := s.client.Do(ctx, Request{
		Method: http.MethodGet, PathAndQuery: SessionPath, Timeout: s.opts.Timeout, Attempts: 1,
		Header: http.Header{"Authorization": {"Bearer " + token}, "Accept": {"application/json"}},
	})
	if err != nil {
		return 0, err
	}
	defer func() { _ = resp.Body.Close() }()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
	return resp.StatusCode, nil
}

func (s *Sessions) inGrace(a sessionAnswer, now time.Time) bool {
	return !a.confirmed.IsZero() && now.Sub(a.confirmed) < s.opts.Grace
}

// remember keeps an answer unless a Forget came after it was asked for.
func (s *Sessions) remember(key string, gen uint64, a sessionAnswer) {
	if s.forgets.Load() != gen {
		return
	}
	s.known.Add(key, a)
}

// Forget drops what is known of the session of token (verified as id): it
// was just signed out through this relay, so it is asked about again.
func (s *Sessions) Forget(token string, id Identity) {
	s.forgets.Add(1)
	s.known.Remove(sessionKey(id, token))
}

// ForgetUser drops what is known of every session of uid (signed out of
// all devices through this relay).
func (s *Sessions) ForgetUser(uid string) {
	s.forgets.Add(1)
	prefix := uid + "\x00"
	for _, key := range s.known.Keys() {
		if strings.HasPrefix(key, prefix) {
			s.known.Remove(key)
		}
	}
}
