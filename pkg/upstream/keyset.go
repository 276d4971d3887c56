package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// Key set refetches are rate-limited: a token naming a key the relay does
// not know is either the upstream's new key (rare: a rotation) or a forgery,
// and forgeries must not make every request a call to the upstream.
const (
	// DefaultRefetchEvery spaces fetches of the key set: at most one a minute.
	DefaultRefetchEvery = time.Minute
	// retryFailedFetch spaces the next try after a fetch that failed, so an
	// upstream that was down a moment does not lock every new token out for
	// a whole minute.
	retryFailedFetch = 5 * time.Second
	maxKeySetBytes   = 1 << 20
)

var errNoKey = errors.New("no key of the upstream's key set verifies the token")

// keySet is the upstream's JWK Set, fetched on first use and again only for
// a key id it does not know, at most once per refetchEvery. A token naming
// a known key is checked against that key alone, so a bad signature never
// causes a fetch. It implements oidc.KeySet.
type keySet struct {
	url          string
	http         *http.Client
	now          func() time.Time
	refetchEvery time.Duration

	fetching sync.Mutex // one fetch at a time; callers wanting one wait for it

	mu        sync.Mutex // guards what follows
	keys      []jose.JSONWebKey
	nextFetch time.Time // zero: never fetched, fetch now
}

func newKeySet(url string, client *http.Client, now func() time.Time, every time.Duration) *keySet {
	if client == nil {
		client = http.DefaultClient
	}
	if every <= 0 {
		every = DefaultRefetchEvery
	}
	return &keySet{url: url, http: client, now: now, refetchEvery: every}
}

// VerifySignature returns the token's payload if one of the upstream's keys signed it.
func (s *keySet) VerifySignature(ctx context.Context, token string) ([]byte, error) {
	jws, err := jose.ParseSigned(token, []jose.SignatureAlgorithm{jose.EdDSA})
	if err != nil {
		return nil, fmt.Errorf("malformed token: %w", err)
	}
	if len(jws.Signatures) != 1 {
		return nil, fmt.Errorf("malformed token: %d signatures", len(jws.Signatures))
	}
	kid := jws.Signatures[0].Header.KeyID
	keys, err := s.keysFor(ctx, kid)
	if err != nil {
		return nil, err
	}
	for _, k := range keys {
		if kid == "" || k.KeyID == kid {
			if payload, err := jws.Verify(&k); err == nil {
				return payload, nil
			}
		}
	}
	return nil, errNoKey
}

// keysFor returns the keys to check a token naming kid against, fetching
// the set first when kid is unknown and a fetch is due. A token without a
// kid is checked against the keys already known.
func (s *keySet) keysFor(ctx context.Context, kid string) ([]jose.JSONWebKey, error) {
	keys, due := s.lookup(kid)
	if !due {
		return keys, nil
	}
	s.fetching.Lock()
	defer s.fetching.Unlock()
	if keys, due = s.lookup(kid); !due { // fetched while this caller waited
		return keys, nil
	}
	fetched, err := s.fetch(context.WithoutCancel(ctx))
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.nextFetch = s.now().Add(retryFailedFetch)
		return s.keys, fmt.Errorf("fetch the upstream's keys: %w", err)
	}
	s.keys, s.nextFetch = fetched, s.now().Add(s.refetchEvery)
	return s.keys, nil
}

// lookup returns the known keys and whether a fetch is due for kid.
func (s *keySet) lookup(kid string) ([]jose.JSONWebKey, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.nextFetch.IsZero() {
		return nil, true
	}
	known := len(s.keys) > 0 && kid == ""
	for _, k := range s.keys {
		known = known || k.KeyID == kid
	}
	return s.keys, !known && !s.now().Before(s.nextFetch)
}

func (s *keySet) fetch(ctx context.Context) ([]jose.JSONWebKey, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: key set answered %s", ErrUnavailable, resp.Status)
	}
	var set jose.JSONWebKeySet
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxKeySetBytes)).Decode(&set); err != nil {
		return nil, fmt.Errorf("key set: %w", err)
	}
	return set.Keys, nil
}
