package relaysync

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/relay"
)

// The adapters between relay mode's REST relay (server/relay) and relay
// sync: the one upstream client (its timeouts, retries and breaker) carries
// relaysync's calls too, the relay's cache is dropped when the mirror sees
// a user's library change, and the relay tells relaysync of every write it
// passed on.

// clientUpstream is the relay's client as an Upstream that also gives the
// answer's headers (a 429's Retry-After).
type clientUpstream struct{ c *upstream.Client }

func newClientUpstream(c *upstream.Client) Upstream { return clientUpstream{c} }

func (u clientUpstream) Call(ctx context.Context, token, method, path string, body []byte) (int, []byte, error) {
	return u.c.Call(ctx, token, method, path, body)
}

// maxAnswer bounds an answer read into memory (a dashboard page of 100 items).
const maxAnswer = 64 << 20

func (u clientUpstream) CallHeader(ctx context.Context, token, method, path string, body []byte) (int, http.Header, []byte, error) {
	h := http.Header{"Accept": {"application/json"}}
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	resp, err := u.c.Do(ctx, upstream.Request{Method: method, PathAndQuery: path, Header: h, Body: body})
	if err != nil {
		return 0, nil, nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return 0, nil, nil, fmt.Errorf("relaysync: %s %s: reading the answer: %w (%w)", method, pathOnly(path), err, upstream.ErrUnavailable)
	}
	return resp.StatusCode, resp.Header, raw, nil
}

func cacheInvalidator(c *relay.Cache) Invalidator { return c }

func writeObserver(s *Service) relay.WriteObserver { return s }
