package relay

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/pocket-companion/pocket/server/httpx"
)

// PushDevices forgets a user's Web Push subscriptions kept on this relay
// (server/push's subscriptions).
type PushDevices interface {
	ForgetUser(ctx context.Context, uid string) error
}

// signOut acts on this relay's side of a sign-out the upstream accepted:
// the relay's own sockets, session answers and push subscriptions, which
// the upstream cannot reach.
type signOut struct {
	verifier *Verifier   // nil: a relay built without one (tests of New)
	devices  PushDevices // may be nil
	log      *slog.Logger
}

// guard wraps the sign-out routes' relaying: when the upstream's answer is a
// success, the relay acts on it before the answer reaches the browser.
func (s signOut) guard(pattern string, h httpx.Handler) httpx.Handler {
	if s.verifier == nil {
		return h
	}
	switch pattern {
	case "POST /api/v1/auth/logout":
		return onSuccess(h, s.endSession)
	case "POST /api/v1/auth/logout-all":
		return onSuccess(h, s.endAllSessions)
	}
	return h
}

func (s signOut) endSession(r *http.Request) {
	if token, ok := httpx.BearerToken(r); ok {
		s.verifier.signedOut(r.Context(), token)
	}
}

func (s signOut) endAllSessions(r *http.Request) {
	uid := httpx.MustPrincipal(r).UID
	s.verifier.signedOutEverywhere(uid)
	if s.devices == nil {
		return
	}
	if err := s.devices.ForgetUser(r.Context(), uid); err != nil {
		s.log.Error("relay: push subscriptions not forgotten on sign-out of all devices", "err", err)
	}
}

// onSuccess runs h and, as it answers with a 2xx status, then (before the
// status goes out) fn.
func onSuccess(h httpx.Handler, fn func(*http.Request)) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		return h(&successWriter{ResponseWriter: w, fn: func() { fn(r) }}, r)
	}
}

type successWriter struct {
	http.ResponseWriter
	fn      func()
	written bool
}

func (w *successWriter) WriteHeader(status int) {
	if !w.written {
		w.written = true
		if status >= 200 && status < 300 {
			w.fn()
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *successWriter) Write(b []byte) (int, error) {
	if !w.written {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController flush the answer as it streams.
func (w *successWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// sessionAlive answers 204 to a caller the relay's sign-in check let
// through, which asked the upstream (GET /api/v1/auth/session).
func sessionAlive(w http.ResponseWriter, _ *http.Request) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}
