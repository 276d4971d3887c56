package recordings

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// tokenVerifier checks real signed ID tokens, as the auth feature does.
type tokenVerifier struct{ tokens *identity.Tokens }

func (v tokenVerifier) VerifyIDToken(_ context.Context, token string) (httpx.Principal, error) {
	c, err := v.tokens.VerifyIDToken(token)
	return httpx.Principal{UID: c.Subject, Email: c.Email}, err
}

// BenchmarkDashboardRequest is one signed-in read of the first dashboard
// page (20 of 200 recordings) through the router: ID token check, index
// walk, answer written. The load run's server-side cost per request.
func BenchmarkDashboardRequest(b *testing.B) {
	db := storetest.Open(b)
	svc := NewService(db, events.NewBus(), config.Config{})
	_, key, _ := ed25519.GenerateKey(nil)
	tokens := identity.NewTokens(db, key, "http://pocket.test", nil)
	token, _, err := tokens.IssueIDToken(identity.User{UID: "alice", Email: "alice@example.com"}, "")
	if err != nil {
		b.Fatal(err)
	}
	mux := httpx.NewMux(Routes(svc, nil), tokenVerifier{tokens}, nil, nil)
	for i := 0; i < 200; i++ {
		body := fmt.Sprintf(`{"recording":{"id":"r%03d","title":"Meeting %d about the <budget> & plans","recordingAt":"2026-11-01T10:00:00Z","duration":%d},"summarizations":{"s%03d":{"v2Summary":"## Notes\n- follow-up %d"}}}`, i, i, i, i, i)
		req := httptest.NewRequestWithContext(b.Context(), "POST", "/api/v1/recordings", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		if rec.Code != http.StatusCreated {
			b.Fatalf("upload: %d %s", rec.Code, rec.Body)
		}
	}
	req := httptest.NewRequestWithContext(b.Context(), "GET", "/api/v1/recordings/dashboard", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("dashboard: %d %s", rec.Code, rec.Body)
		}
	}
}
