package identity

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// OIDCFlowTTL bounds how long a person may take at Google or Apple between the
// popup opening and the provider sending them back.
const OIDCFlowTTL = 10 * time.Minute

// maxStateLen keeps a hostile callback from making us look up huge keys.
const maxStateLen = 128

// ErrUnknownFlow is returned for a state that was never issued, already used or expired.
var ErrUnknownFlow = apperr.New(apperr.Invalid, "UNKNOWN_SIGN_IN", "This sign-in request has expired or was already used")

// OIDCFlow is the server-side half of one popup sign-in. It lives in the store,
// not in a cookie: Apple answers with a cross-site form POST, which carries no
// SameSite=Lax/Strict cookie, so the state must be found by its value alone.
type OIDCFlow struct {
	State    string    `json:"state"`
	Nonce    string    `json:"nonce"`
	Verifier string    `json:"verifier"` // PKCE code verifier (RFC 7636), 43 characters
	Provider string    `json:"provider"`
	Created  time.Time `json:"created"`
}

// OIDCFlows keeps pending sign-ins under oidc/<state>, each usable once.
type OIDCFlows struct {
	db  *store.DB
	now func() time.Time
}

// NewOIDCFlows returns the pending sign-in store.
func NewOIDCFlows(db *store.DB, now func() time.Time) *OIDCFlows {
	if now == nil {
		now = time.Now
	}
	return &OIDCFlows{db: db, now: now}
}

// Begin records a new flow for provider with fresh random state, nonce and verifier.
func (f *OIDCFlows) Begin(ctx context.Context, provider string) (OIDCFlow, error) {
	flow := OIDCFlow{
		State:    randomURLString(32),
		Nonce:    randomURLString(32),
		Verifier: randomURLString(32),
		Provider: provider,
		Created:  f.now().UTC(),
	}
	err := f.db.Update(func(x *store.Txn) error { return x.SetJSONTTL(store.Key("oidc", flow.State), flow, OIDCFlowTTL) })
	if err != nil {
		return OIDCFlow{}, fmt.Errorf("identity: save sign-in flow: %w", err)
	}
	return flow, nil
}

// Take returns the flow for state and deletes it in the same transaction, so a
// replayed callback finds nothing. Badger's TTL has one-second granularity; the
// created time is checked too so the limit is exact.
func (f *OIDCFlows) Take(ctx context.Context, state string) (OIDCFlow, error) {
	if state == "" || len(state) > maxStateLen {
		return OIDCFlow{}, ErrUnknownFlow
	}
	var flow OIDCFlow
	err := f.db.Update(func(x *store.Txn) error {
		key := store.Key("oidc", state)
		if err := x.GetJSON(key, &flow); err != nil {
			return err
		}
		return x.Delete(key)
	})
	if errors.Is(err, store.ErrNotFound) {
		return OIDCFlow{}, ErrUnknownFlow
	}
	if err != nil {
		return OIDCFlow{}, fmt.Errorf("identity: take sign-in flow: %w", err)
	}
	if f.now().Sub(flow.Created) > OIDCFlowTTL {
		return OIDCFlow{}, ErrUnknownFlow
	}
	return flow, nil
}

// randomURLString returns n random bytes in base64url: safe in URLs, in keys,
// and (for n=32) a valid PKCE verifier of 43 characters.
func randomURLString(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("identity: the system random source failed: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
