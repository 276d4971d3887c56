package httpx

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

type tokens map[string]Principal

func (t tokens) VerifyIDToken(_ context.Context, token string) (Principal, error) {
	if p, ok := t[token]; ok {
		return p, nil
	}
	return Principal{}, errors.New("bad token")
}

func testMux() http.Handler {
	routes := []Route{
		{Pattern: "GET /api/v1/private", Handler: func(w http.ResponseWriter, r *http.Request) error {
			WriteJSON(w, 200, MustPrincipal(r))
			return nil
		}},
		{Pattern: "GET /api/v1/raw", Handler: func(w http.ResponseWriter, r *http.Request) error {
			_, err := w.Write([]byte("bytes of the user's own"))
			return err
		}},
		{Pattern: "GET /api/v1/revalidated", Handler: func(w http.ResponseWriter, r *http.Request) error {
			w.Header().Set("Cache-Control", "private, no-cache")
			return nil
		}},
		{Pattern: "GET /api/v1/public", Access: Public, Handler: func(w http.ResponseWriter, r *http.Request) error {
			return apperr.New(apperr.Gone, "GONE", "gone away")
		}},
		{Pattern: "GET /api/v1/broken", Access: Public, Handler: func(w http.ResponseWriter, r *http.Request) error {
			return errors.New("database exploded: secret detail")
		}},
		{Pattern: "GET /api/v1/panic", Access: Public, Handler: func(w http.ResponseWriter, r *http.Request) error {
			panic("boom")
		}},
	}
	mux := NewMux(routes, tokens{"good": {UID: "u1"}}, NewMetrics(), http.NotFoundHandler())
	return Middleware(slog.New(slog.DiscardHandler), mux)
}

func TestMux_FailsClosedAndMapsErrors(t *testing.T) {
	h := testMux()
	cases := []struct {
		name, path, auth string
		status           int
		body             string
	}{
		{"no token", "/api/v1/private", "", 401, "Authentication required"},
		{"bad token", "/api/v1/private", "Bearer nope", 401, "Invalid or expired"},
		{"wrong scheme", "/api/v1/private", "Basic good", 401, "Authentication required"},
		{"good token", "/api/v1/private", "Bearer good", 200, `"UID":"u1"`},
		{"kind maps to status", "/api/v1/public", "", 410, "gone away"},
		{"unknown error is a generic 500", "/api/v1/broken", "", 500, "Internal server error"},
		{"panic is a 500, not a crash", "/api/v1/panic", "", 500, "Internal server error"},
		{"unknown api path", "/api/v1/unknown", "", 404, `"code":"NOT_FOUND"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequestWithContext(t.Context(), "GET", tc.path, nil)
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.body) || strings.Contains(rec.Body.String(), "secret detail") {
				t.Fatalf("got %d %s", rec.Code, rec.Body.String())
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("content type %q", ct)
			}
		})
	}
}

func TestSuccessHelpers_WriteTheEnvelope(t *testing.T) {
	type page struct {
		Envelope
		NextCursor *string `json:"nextCursor"`
	}
	var noItems []string
	cases := []struct {
		name   string
		write  func(w http.ResponseWriter)
		status int
		body   string
	}{
		{"ok", func(w http.ResponseWriter) { OK(w, map[string]int{"n": 1}) }, 200, `{"success":true,"data":{"n":1}}`},
		{"ok with a nil list is null data", func(w http.ResponseWriter) { OK(w, noItems) }, 200, `{"success":true,"data":null}`},
		{"created", func(w http.ResponseWriter) { Created(w, []int{1}) }, 201, `{"success":true,"data":[1]}`},
		{"message", func(w http.ResponseWriter) { Message(w, 200, "Signed out") }, 200, `{"success":true,"message":"Signed out"}`},
		{"embedded with members", func(w http.ResponseWriter) {
			WriteJSON(w, 200, page{Envelope: Envelope{Success: true, Data: []int{}}})
		}, 200, `{"success":true,"data":[],"nextCursor":null}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			tc.write(rec)
			if rec.Code != tc.status || strings.TrimSpace(rec.Body.String()) != tc.body {
				t.Fatalf("got %d %s, want %d %s", rec.Code, rec.Body.String(), tc.status, tc.body)
			}
			if rec.Header().Get("Cache-Control") != "no-store" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
				t.Fatalf("headers %v", rec.Header())
			}
		})
	}
}

func TestOperatorRoutes_LoopbackOnlyOrTheToken(t *testing.T) {
	routes := []Route{{Pattern: "GET /metrics", Access: Operator, Handler: func(w http.ResponseWriter, _ *http.Request) error {
		_, err := w.Write([]byte("pocket_up 1\n"))
		return err
	}}}
	verifier := tokens{"good": {UID: "u1"}}
	cases := []struct {
		name, token, peer, auth, forwarded string
		status                             int
	}{
		{"loopback v4", "", "127.0.0.1:5000", "", "", 200},
		{"loopback v6", "", "[::1]:5000", "", "", 200},
		{"loopback as mapped v4", "", "[::ffff:127.0.0.1]:5000", "", "", 200},
		{"remote peer sees no such route", "", "203.0.113.7:5000", "", "", 404},
		{"a user's ID token opens nothing", "", "203.0.113.7:5000", "Bearer good", "", 404},
		{"through a proxy on this host", "", "127.0.0.1:5000", "", "203.0.113.7", 404},
		{"token: remote with it", "s3cret", "203.0.113.7:5000", "Bearer s3cret", "", 200},
		{"token: remote without it", "s3cret", "203.0.113.7:5000", "", "", 401},
		{"token: loopback must present it too", "s3cret", "127.0.0.1:5000", "", "", 401},
		{"token: wrong one", "s3cret", "203.0.113.7:5000", "Bearer s3cre", "", 401},
		{"token: other scheme", "s3cret", "203.0.113.7:5000", "Basic s3cret", "", 401},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := NewMux(routes, verifier, nil, nil, WithOperatorToken(tc.token))
			req := httptest.NewRequestWithContext(t.Context(), "GET", "/metrics", nil)
			req.RemoteAddr = tc.peer
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			if tc.forwarded != "" {
				req.Header.Set("X-Forwarded-For", tc.forwarded)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("got %d %s", rec.Code, rec.Body.String())
			}
			if tc.status != 200 && strings.Contains(rec.Body.String(), "pocket_up") {
				t.Fatalf("refusal leaked the metrics: %s", rec.Body.String())
			}
		})
	}
}

func TestMux_SignedInAnswersAreNotStoredUnlessTheHandlerSays(t *testing.T) {
	h := testMux()
	for path, want := range map[string]string{
		"/api/v1/raw":         "no-store", // written without the JSON helpers
		"/api/v1/private":     "no-store",
		"/api/v1/revalidated": "private, no-cache",
	} {
		req := httptest.NewRequestWithContext(t.Context(), "GET", path, nil)
		req.Header.Set("Authorization", "Bearer good")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if got := rec.Header().Get("Cache-Control"); got != want {
			t.Errorf("%s: Cache-Control %q, want %q", path, got, want)
		}
	}
}
