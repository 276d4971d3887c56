package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"connectrpc.com/connect"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/pkg/syncer"
)

// variants are the fetches compared: Pull in each codec, with and without
// gzip, at the default and the largest page, then the REST dashboard.
func variants(base, token string) []variant {
	var vs []variant
	for _, codec := range []string{"protobuf", "JSON"} {
		for _, gz := range []bool{true, false} {
			for _, limit := range []int{syncer.DefaultPullLimit, syncer.MaxPullLimit} {
				hc := newCountingClient()
				opts := []connect.ClientOption{}
				name := "Pull, " + codec
				if codec == "JSON" {
					opts = append(opts, connect.WithProtoJSON())
				}
				if !gz {
					// Without gzip among the accepted encodings the server answers identity.
					opts = append(opts, connect.WithAcceptCompression("gzip", nil, nil))
					name += ", gzip not offered"
				}
				c := syncv1connect.NewSyncServiceClient(hc, base, opts...)
				vs = append(vs, variant{name: name, limit: limit, hc: hc, fetch: pullAll(c, token)})
			}
		}
	}
	hc := newCountingClient()
	vs = append(vs, variant{name: "REST dashboard, JSON (baseline)", limit: 100, hc: hc, fetch: dashboardAll(hc, base, token)})
	return vs
}

// pullAll pulls from an empty cursor until the server has no more.
func pullAll(c syncv1connect.SyncServiceClient, token string) func(context.Context, int) (tally, error) {
	return func(ctx context.Context, limit int) (tally, error) {
		var t tally
		cursor := ""
		for t.pages < 10_000 {
			req := connect.NewRequest(&syncv1.PullRequest{Cursor: cursor, Limit: uint32(limit)})
			req.Header().Set("Authorization", "Bearer "+token)
			res, err := c.Pull(ctx, req)
			if err != nil {
				return t, err
			}
			t.pages++
			for _, ch := range res.Msg.GetChanges() {
				if ch.GetRecording() != nil {
					t.recordings++
				} else {
					t.other++
				}
			}
			if res.Msg.GetResync() {
				return t, errors.New("server asked an empty device to resync")
			}
			cursor = res.Msg.GetCursor()
			if !res.Msg.GetHasMore() {
				return t, nil
			}
		}
		return t, errors.New("too many pages")
	}
}

// dashboardAll pages GET /api/v1/recordings/dashboard as the REST client
// does, offering gzip as a browser would.
func dashboardAll(hc *countingClient, base, token string) func(context.Context, int) (tally, error) {
	return func(ctx context.Context, limit int) (tally, error) {
		var t tally
		cursor := ""
		for t.pages < 10_000 {
			q := url.Values{"limit": {fmt.Sprint(limit)}, "include_empty": {"true"}}
			if cursor != "" {
				q.Set("cursor", cursor)
			}
			req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/v1/recordings/dashboard?"+q.Encode(), nil)
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Accept-Encoding", "gzip")
			var page struct {
				Data       []json.RawMessage `json:"data"`
				NextCursor *string           `json:"nextCursor"`
			}
			if err := getJSON(hc, req, &page); err != nil {
				return t, err
			}
			t.pages++
			t.recordings += len(page.Data)
			if page.NextCursor == nil || *page.NextCursor == "" {
				return t, nil
			}
			cursor = *page.NextCursor
		}
		return t, errors.New("too many pages")
	}
}

func getJSON(hc *countingClient, req *http.Request, v any) error {
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: status %d", req.URL.Path, resp.StatusCode)
	}
	var body io.Reader = resp.Body
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return err
		}
		body = zr
	}
	return json.NewDecoder(body).Decode(v)
}

// countingClient is an HTTP client that counts response body bytes as
// received (before any decompression) and notes the encodings answered.
type countingClient struct {
	*http.Client
	n    atomic.Int64
	mu   sync.Mutex
	seen map[string]bool
}

func newCountingClient() *countingClient {
	c := &countingClient{seen: map[string]bool{}}
	c.Client = &http.Client{Transport: roundTripper(c.roundTrip)}
	return c
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

var transport = newTransport()

func (c *countingClient) roundTrip(r *http.Request) (*http.Response, error) {
	resp, err := transport.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	enc := resp.Header.Get("Content-Encoding")
	if enc == "" {
		enc = "identity"
	}
	c.mu.Lock()
	c.seen[enc] = true
	c.mu.Unlock()
	resp.Body = &countingBody{ReadCloser: resp.Body, n: &c.n}
	return resp, nil
}

func (c *countingClient) reset() { c.n.Store(0) }

func (c *countingClient) bytes() int64 { return c.n.Load() }

func (c *countingClient) encodings() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var es []string
	for e := range c.seen {
		es = append(es, e)
	}
	slices.Sort(es)
	return strings.Join(es, ", ")
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}
