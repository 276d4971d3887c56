package relay

import (
	"context"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/signinlimit"
)

// WriteObserver hears of every write the relay passed to the upstream and
// the upstream accepted (relaysync refreshes its mirror and sends live events).
type WriteObserver interface {
	Changed(ctx context.Context, uid, token string)
}

// Relay serves the provider API's REST routes from an upstream.
type Relay struct {
	up       *upstream.Client
	cache    *Cache
	observer WriteObserver // may be nil
	bus      Publisher     // may be nil: writes are then not announced
	freshFor time.Duration
	now      func() time.Time
	signIn   *signinlimit.Limits
	// slowTimeout bounds slowRoutes' calls (0: the client's timeout).
	slowTimeout time.Duration
	// signOut ends, on this relay, what the upstream signed out through it.
	signOut signOut

	// Background revalidations: one per cache key at a time, all stopped
	// with the server.
	bg       context.Context
	stopBG   context.CancelFunc
	wg       sync.WaitGroup
	mu       sync.Mutex
	inflight map[string]bool
}

// New builds the relay. observer may be nil.
func New(up *upstream.Client, cache *Cache, observer WriteObserver, freshFor time.Duration) *Relay {
	bg, stop := context.WithCancel(context.Background())
	return &Relay{up: up, cache: cache, observer: observer, freshFor: freshFor, now: time.Now, signIn: signinlimit.New(nil),
		bg: bg, stopBG: stop, inflight: map[string]bool{}}
}

// Stop ends background revalidations and waits for them.
func (rl *Relay) Stop() {
	rl.stopBG()
	rl.wg.Wait()
}

// InvalidateUser drops uid's cached answers (relaysync calls it when it sees
// the upstream change).
func (rl *Relay) InvalidateUser(uid string) { rl.cache.InvalidateUser(uid) }

func (rl *Relay) handler(rt route) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		body, err := readBody(w, r, rt.limit)
		if err != nil {
			return err
		}
		switch rt.policy {
		case cachedRead:
			return rl.cachedRead(w, r)
		case write:
			return rl.relay(w, r, rl.request(rt, r, body), true)
		case media:
			req := rl.request(rt, r, body)
			addHeaders(req.Header, r.Header, rangeRequest)
			return rl.relayMedia(w, r, req)
		}
		return rl.relay(w, r, rl.request(rt, r, body), false)
	}
}

func (rl *Relay) request(rt route, r *http.Request, body []byte) upstream.Request {
	req := upstreamRequest(r, body)
	if slowRoutes[rt.pattern] {
		req.Timeout = rl.slowTimeout
	}
	return req
}

// relay passes one call through and its answer back, streamed. After a
// write the upstream accepted, the caller's cached answers are dropped.
func (rl *Relay) relay(w http.ResponseWriter, r *http.Request, req upstream.Request, isWrite bool) error {
	resp := rl.send(w, r, req)
	if resp == nil {
		return nil
	}
	defer func() { _ = resp.Body.Close() }()
	accepted := isWrite && resp.StatusCode >= 200 && resp.StatusCode < 300
	if accepted {
		// Before the answer reaches the browser, which may read again at once
		// (on another connection) and must not get the answer from before.
		rl.cache.InvalidateUser(httpx.MustPrincipal(r).UID)
	}
	copyAnswerHeaders(w.Header(), resp.Header)
	w.WriteHeader(resp.StatusCode)
	var body io.Reader = resp.Body
	answer := &capped{max: answerCapture}
	if accepted && announced(r) {
		body = io.TeeReader(resp.Body, answer) // only an announced write's id is read from its answer
	}
	copyErr := copyFlushing(w, body)
	if accepted {
		// Awaited before written starts the refresh that may see the summary.
		rl.awaitSummary(r, req.Body, answer.buf.Bytes())
		rl.written(r) // again: a streamed chat answer is stored as it streams
		rl.announce(r, httpx.MustPrincipal(r).UID, req.Body, answer.buf.Bytes())
	}
	if copyErr != nil {
		// The status line is out: all that is left is to cut the answer short.
		httpx.LoggerFrom(r.Context()).Info("relayed answer cut short", "route", r.Pattern, "err", copyErr)
	}
	return nil
}

// send makes the upstream call; when the upstream cannot answer (or a proxy
// in front of it answers with its own error page, not the API's JSON) the
// caller gets the API's unavailable answer and send returns nil. The API's
// own 503s, e.g. AI_UNAVAILABLE, pass through as they are.
func (rl *Relay) send(w http.ResponseWriter, r *http.Request, req upstream.Request) *http.Response {
	resp, err := rl.up.Do(r.Context(), req)
	if err != nil {
		writeUnavailable(w, r, err)
		return nil
	}
	if gatewayFailure(resp.StatusCode) && !isJSON(resp.Header) {
		_ = resp.Body.Close() // the HTML error page is dropped unread
		writeUnavailable(w, r, nil)
		return nil
	}
	return resp
}

// written drops the writer's cached answers and tells the observer.
func (rl *Relay) written(r *http.Request) {
	p := httpx.MustPrincipal(r)
	rl.cache.InvalidateUser(p.UID)
	if rl.observer != nil {
		token, _ := httpx.BearerToken(r)
		rl.observer.Changed(context.WithoutCancel(r.Context()), p.UID, token)
	}
}
