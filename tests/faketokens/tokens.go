// Package faketokens is an ID-token verifier for tests and benchmarks of
// code behind sign-in: a token is "uid:ttl" (for example "alice:1h") and
// names its user and how long it stays valid.
package faketokens

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/server/httpx"
)

// Verifier accepts "uid:ttl" tokens and refuses anything else.
type Verifier struct{}

// VerifyIDToken implements httpx.Verifier.
func (Verifier) VerifyIDToken(_ context.Context, token string) (httpx.Principal, error) {
	uid, ttl, ok := strings.Cut(token, ":")
	d, err := time.ParseDuration(ttl)
	if !ok || err != nil || uid == "" {
		return httpx.Principal{}, errors.New("bad token")
	}
	return httpx.Principal{UID: uid, ExpiresAt: time.Now().Add(d)}, nil
}
