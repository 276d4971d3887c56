package httpx

import (
	"testing"

	"connectrpc.com/connect"

	"github.com/pocket-companion/pocket/pkg/apperr"
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
