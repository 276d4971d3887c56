package httpx

import (
	"net/http"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// Every kind a service can return reaches REST callers as its own status;
// only Internal is a 500. A kind added without a status fails here.
func TestStatusOf_EveryKindHasItsOwnStatus(t *testing.T) {
	seen := map[int]apperr.Kind{}
	for _, kind := range apperr.Kinds() {
		status := statusOf(kind)
		if kind == apperr.Internal {
			if status != http.StatusInternalServerError {
				t.Errorf("Internal: status %d, want 500", status)
			}
			continue
		}
		if status < 400 || status >= 500 && status != http.StatusServiceUnavailable && status != http.StatusInsufficientStorage {
			t.Errorf("kind %d: status %d, want a 4xx (or 503 for Unavailable, 507 for StorageFull)", kind, status)
		}
		if other, dup := seen[status]; dup {
			t.Errorf("kinds %d and %d share status %d", other, kind, status)
		}
		seen[status] = kind
	}
}
