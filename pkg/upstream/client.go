// Package upstream is the client of the provider API a relay stands in front
// of: one place for the per-call timeout, retries of idempotent calls, and a
// circuit breaker that stops hammering an upstream that is down. It knows
// nothing of the relay's routes or cache.
package upstream

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sony/gobreaker/v2"
)

// ErrUnavailable is in every error that means no HTTP answer came back:
// network failure, timeout, or the breaker refusing to try.
var ErrUnavailable = errors.New("upstream: unavailable")

// ErrTimeout is in the errors of calls the upstream did not answer in time
// (with ErrUnavailable too), so a relay can say 504 rather than 503.
var ErrTimeout = errors.New("upstream: timed out")

// ErrCircuitOpen is in the errors of calls the breaker refused to make (with ErrUnavailable too).
var ErrCircuitOpen = errors.New("upstream: circuit open")

// Request is one call, relative to the client's base URL. The body is held in
// memory so that a retry can send it again.
type Request struct {
	Method       string
	PathAndQuery string // "/api/v1/folders?x=1"
	Header       http.Header
	Body         []byte
	// Timeout, when set, replaces the client's for this call (an upload,
	// or a chat answer the upstream composes before its headers go out).
	Timeout time.Duration
	// Attempts, when set, caps the tries of an idempotent call (a check a
	// request waits on is tried once: waiting out retries is worse).
	Attempts int
}

// path is the request's path without its query, for messages: a query may
// hold a share token, and tokens are never logged.
func (r Request) path() string {
	p, _, _ := strings.Cut(r.PathAndQuery, "?")
	return p
}

// Observation describes one attempt, for metrics. Status is 0 when no answer came.
type Observation struct {
	Method   string
	Status   int
	Duration time.Duration
	Err      error
}

// Options tune the client; zero values take the defaults in brackets.
type Options struct {
	BaseURL string
	// Timeout bounds one attempt until the answer's headers arrive [15s];
	// Call also bounds reading the body by it. A streamed body is not cut.
	Timeout time.Duration
	// Attempts is how many times an idempotent call is tried in all [3].
	Attempts int
	// Backoff is the first retry's wait before jitter; it doubles per retry [200ms].
	Backoff time.Duration
	// MaxRetryWait caps one wait, Retry-After included: a longer one is not waited for [5s].
	MaxRetryWait time.Duration
	// FailuresToOpen consecutive failures open the breaker [5].
	FailuresToOpen uint32
	// OpenFor is how long the breaker stays open before letting one call try [30s].
	OpenFor time.Duration
	// HTTP sends the requests [a client that never follows redirects].
	HTTP *http.Client
	// Observe, when set, hears of every attempt (metrics).
	Observe func(Observation)
}

// Client calls one upstream. It is safe for concurrent use.
type Client struct {
	base    string
	opts    Options
	http    *http.Client
	breaker *gobreaker.CircuitBreaker[*http.Response]
	// failing is set by an attempt without a usable answer and cleared by
	// one with: what a relay tells its callers about cached answers.
	failing atomic.Bool
}

// New returns a client for the API at o.BaseURL.
func New(o Options) *Client {
	o = withDefaults(o)
	c := &Client{base: strings.TrimRight(o.BaseURL, "/"), opts: o, http: o.HTTP}
	c.breaker = gobreaker.NewCircuitBreaker[*http.Response](gobreaker.Settings{ //nolint:bodyclose // a type argument, not a response: callers close what Do returns
		Name:         "upstream",
		MaxRequests:  1,
		Timeout:      o.OpenFor,
		ReadyToTrip:  func(n gobreaker.Counts) bool { return n.ConsecutiveFailures >= o.FailuresToOpen },
		IsSuccessful: upstreamWorked,
		IsExcluded:   callerGaveUp,
	})
	return c
}

// upstreamWorked says whether an attempt speaks for the upstream's health:
// only "no usable answer" counts against it; a 404 or a 400 is the upstream working.
func upstreamWorked(err error) bool { return err == nil }

// callerGaveUp: a browser that left mid-call says nothing about the upstream.
func callerGaveUp(err error) bool {
	return errors.Is(err, context.Canceled) && !errors.Is(err, ErrTimeout)
}

func withDefaults(o Options) Options {
	if o.Timeout <= 0 {
		o.Timeout = 15 * time.Second
	}
	if o.Attempts <= 0 {
		o.Attempts = 3
	}
	if o.Backoff <= 0 {
		o.Backoff = 200 * time.Millisecond
	}
	if o.MaxRetryWait <= 0 {
		o.MaxRetryWait = 5 * time.Second
	}
	if o.FailuresToOpen == 0 {
		o.FailuresToOpen = 5
	}
	if o.OpenFor <= 0 {
		o.OpenFor = 30 * time.Second
	}
	if o.HTTP == nil {
		// One upstream host takes every call: keep many connections to it
		// open (the default keeps 2, and a busy relay would churn through ports).
		transport := http.DefaultTransport.(*http.Transport).Clone()
		transport.MaxIdleConns, transport.MaxIdleConnsPerHost = 256, 256
		o.HTTP = &http.Client{
			Transport:     transport,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	return o
}

// Reachable reports whether the latest attempt got a usable answer (and the
// breaker lets calls through): false means answers from a cache may be stale.
func (c *Client) Reachable() bool { return !c.failing.Load() && !c.BreakerOpen() }

// BreakerOpen reports whether the breaker currently refuses calls.
func (c *Client) BreakerOpen() bool { return c.breaker.State() == gobreaker.StateOpen }

// Call sends one request with "Authorization: Bearer token" (none when token
// is empty) and returns the answer's status and body. err is non-nil only when
// no answer arrived, and then errors.Is(err, ErrUnavailable).
func (c *Client) Call(ctx context.Context, token, method, pathAndQuery string, body []byte) (int, []byte, error) {
	h := http.Header{"Accept": {"application/json"}}
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(ctx, Request{Method: method, PathAndQuery: pathAndQuery, Header: h, Body: body})
	if err != nil {
		return 0, nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	cut := time.AfterFunc(c.opts.Timeout, func() { _ = resp.Body.Close() })
	defer cut.Stop()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, fmt.Errorf("upstream: %s %s: reading the answer: %w (%w)", method, Request{PathAndQuery: pathAndQuery}.path(), err, ErrUnavailable)
	}
	return resp.StatusCode, raw, nil
}

// Do sends r, retrying idempotent methods, and returns the answer with its
// body unread (a streamed one arrives as the upstream sends it). The caller
// closes the body. Redirects are returned, never followed.
func (c *Client) Do(ctx context.Context, r Request) (*http.Response, error) {
	tries := 1
	if idempotent(r.Method) {
		tries = c.opts.Attempts
		if r.Attempts > 0 {
			tries = min(tries, r.Attempts)
		}
	}
	for i := 1; ; i++ {
		resp, err := c.guarded(ctx, r)
		wait, again := c.retryWait(i, tries, resp, err)
		if !again || ctx.Err() != nil {
			return resp, err
		}
		if resp != nil {
			drain(resp)
		}
		if sleepErr := sleep(ctx, wait); sleepErr != nil {
			return nil, fmt.Errorf("upstream: %s %s: %w (%w)", r.Method, r.path(), sleepErr, ErrUnavailable)
		}
	}
}

func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// errAnsweredBadGateway marks, for the breaker only, an answer of 502/503/504:
// the upstream (or the proxy before it) is not serving.
var errAnsweredBadGateway = errors.New("upstream: answered 502/503/504")

// guarded is one attempt through the breaker.
func (c *Client) guarded(ctx context.Context, r Request) (*http.Response, error) {
	resp, err := c.breaker.Execute(func() (*http.Response, error) {
		resp, err := c.attempt(ctx, r)
		if err == nil && gatewayFailure(resp.StatusCode) {
			return resp, errAnsweredBadGateway
		}
		return resp, err
	})
	switch {
	case errors.Is(err, errAnsweredBadGateway):
		return resp, nil
	case errors.Is(err, gobreaker.ErrOpenState), errors.Is(err, gobreaker.ErrTooManyRequests):
		err = fmt.Errorf("upstream: %s %s: %w (%w)", r.Method, r.path(), ErrCircuitOpen, ErrUnavailable)
		c.observe(Observation{Method: r.Method, Err: err})
		return nil, err
	}
	return resp, err
}

func gatewayFailure(status int) bool {
	return status == http.StatusBadGateway || status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout
}

// attempt sends r once. The timeout covers the wait for the answer's headers;
// the body then belongs to the caller, and closing it releases the request.
func (c *Client) attempt(ctx context.Context, r Request) (*http.Response, error) {
	ctx, cancel := context.WithCancel(ctx)
	timeout := c.opts.Timeout
	if r.Timeout > 0 {
		timeout = r.Timeout
	}
	timer := time.AfterFunc(timeout, cancel)
	req, err := http.NewRequestWithContext(ctx, r.Method, c.base+r.PathAndQuery, bytes.NewReader(r.Body))
	if err != nil {
		timer.Stop()
		cancel()
		return nil, fmt.Errorf("upstream: build %s %s: %w", r.Method, r.path(), err)
	}
	if r.Body == nil {
		req.Body, req.ContentLength = http.NoBody, 0
	}
	for k, v := range r.Header {
		req.Header[k] = v
	}
	start := time.Now()
	resp, err := c.http.Do(req)
	stopped := timer.Stop()
	if err != nil {
		cancel()
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // its message holds the whole URL, query (tokens) included
		}
		if !stopped {
			err = fmt.Errorf("%w after %s: %w", ErrTimeout, timeout, err)
		}
		err = fmt.Errorf("upstream: %s %s: %w (%w)", r.Method, r.path(), err, ErrUnavailable)
		if !callerGaveUp(err) {
			c.failing.Store(true)
		}
		c.observe(Observation{Method: r.Method, Duration: time.Since(start), Err: err})
		return nil, err
	}
	c.failing.Store(gatewayFailure(resp.StatusCode))
	c.observe(Observation{Method: r.Method, Status: resp.StatusCode, Duration: time.Since(start)})
	resp.Body = &releasingBody{ReadCloser: resp.Body, release: cancel}
	return resp, nil
}

func (c *Client) observe(o Observation) {
	if c.opts.Observe != nil {
		c.opts.Observe(o)
	}
}

// releasingBody cancels the request's context once the caller is done with it.
type releasingBody struct {
	io.ReadCloser
	release context.CancelFunc
}

func (b *releasingBody) Close() error {
	err := b.ReadCloser.Close()
	b.release()
	return err
}

// drain lets the connection be reused before a retry.
func drain(resp *http.Response) {
	_, _ = io.CopyN(io.Discard, resp.Body, 64<<10)
	_ = resp.Body.Close()
}
