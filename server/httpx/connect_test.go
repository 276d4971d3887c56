package httpx

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
)

// Every kind reaches Connect callers as a code a client can act on; only
// Internal is CodeInternal. A kind added without a code fails here.
func TestConnectCode_EveryKindHasACode(t *testing.T) {
	for _, kind := range apperr.Kinds() {
		code := ConnectCode(kind)
		if kind == apperr.Internal {
			if code != connect.CodeInternal {
				t.Errorf("Internal: code %v, want internal", code)
			}
			continue
		}
		if code == connect.CodeInternal || code == connect.CodeUnknown {
			t.Errorf("kind %d: code %v, want a specific code", kind, code)
		}
	}
}

// A Connect service's refusals before its handler (no sign-in, a bad
// token) are Connect errors on the wire, with a code its clients act on,
// not the REST envelope; a signed-in call reaches the handler.
func TestConnectRoute_RefusesInConnectsFormat(t *testing.T) {
	path, h := syncv1connect.NewSyncServiceHandler(syncv1connect.UnimplementedSyncServiceHandler{})
	mux := NewMux([]Route{ConnectRoute(path, h)}, tokens{"good": {UID: "u1"}}, nil, nil)
	cases := []struct {
		name, auth string
		status     int
		code       string
		message    string
	}{
		{"no token", "", 401, "unauthenticated", "Authentication required"},
		{"bad token", "Bearer nope", 401, "unauthenticated", "Invalid or expired ID token"},
		{"signed in: the handler answers", "Bearer good", 501, "unimplemented", "Pull is not implemented"},
	}
	for _, tc := range cases {
		req := httptest.NewRequestWithContext(t.Context(), "POST", syncv1connect.SyncServicePullProcedure, strings.NewReader(`{}`))
		req.Header.Set("Content-Type", "application/json")
		if tc.auth != "" {
			req.Header.Set("Authorization", tc.auth)
		}
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		var body struct{ Code, Message string }
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != tc.status || body.Code != tc.code || !strings.Contains(body.Message, tc.message) {
			t.Errorf("%s: %d %s, want %d %s %q", tc.name, rec.Code, rec.Body, tc.status, tc.code, tc.message)
		}
	}
}
