package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/retry"
)

// Error is a failed request, with what the server said when it said something.
type Error struct {
	Status     int           // HTTP status; 0 when none was received
	Message    string        // for people: what went wrong
	Retryable  bool          // a later attempt may succeed (429, 5xx, network)
	RetryAfter time.Duration // the server's Retry-After, if any
	Attempts   int           // how many attempts were made in all
	Timeout    bool
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("llm: ")
	if e.Status != 0 {
		fmt.Fprintf(&b, "the model server answered %d %s", e.Status, http.StatusText(e.Status))
		if e.Message != "" {
			b.WriteString(": " + e.Message)
		}
	} else {
		b.WriteString(e.Message)
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " (after %d attempts)", e.Attempts)
	}
	return b.String()
}

// statusError reads an error response: OpenAI's {"error":{"message"}}, or
// the start of whatever else the server sent.
func statusError(resp *http.Response) *Error {
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	e := &Error{
		Status:    resp.StatusCode,
		Retryable: resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500,
		Message:   snippet(raw),
	}
	var body struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(raw, &body) == nil && len(body.Error) > 0 {
		var obj struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(body.Error, &obj) == nil && obj.Message != "" {
			e.Message = obj.Message
		} else if s, err := strconv.Unquote(string(body.Error)); err == nil {
			e.Message = s // Ollama and llama.cpp sometimes send {"error": "text"}
		}
	}
	e.RetryAfter = retry.After(resp.Header.Get("Retry-After"), time.Now())
	return e
}

// withRetries runs attempt until it succeeds, fails for good, or retries run
// out, waiting with exponential backoff and jitter (or the server's
// Retry-After) between attempts.
func (c *Client) withRetries(ctx context.Context, attempt func(context.Context) error) error {
	var last error
	for n := 0; n <= c.cfg.MaxRetries; n++ {
		if n > 0 {
			if err := c.sleep(ctx, c.backoff(n, last)); err != nil {
				return finalErr(last, n)
			}
		}
		last = attempt(ctx)
		if last == nil {
			return nil
		}
		var e *Error
		if !errors.As(last, &e) || !e.Retryable || ctx.Err() != nil {
			return finalErr(last, n+1)
		}
	}
	return finalErr(last, c.cfg.MaxRetries+1)
}

func (c *Client) backoff(n int, last error) time.Duration {
	d := c.cfg.BaseBackoff << (n - 1)
	// Jitter, so many clients do not retry in step.
	d = d/2 + rand.N(d/2+1) //nolint:gosec // G404: retry jitter needs spread, not secrecy
	var e *Error
	if errors.As(last, &e) && e.RetryAfter > d {
		d = e.RetryAfter
	}
	return min(d, c.cfg.MaxBackoff)
}

func finalErr(err error, attempts int) error {
	var e *Error
	if errors.As(err, &e) {
		e.Attempts = attempts
		return e
	}
	return err
}

// attemptErr turns a failure caused by our own deadline into a clear timeout.
func attemptErr(ctx context.Context, err error) error {
	if cause := context.Cause(ctx); cause != nil {
		var e *Error
		if errors.As(cause, &e) {
			return e
		}
		if errors.Is(cause, context.Canceled) || errors.Is(cause, context.DeadlineExceeded) {
			return cause // the caller gave up; not the model's fault
		}
	}
	return err
}

func (c *Client) timeoutErr(d time.Duration, what string) *Error {
	return &Error{Message: fmt.Sprintf("no %s from the model server within %s", what, d), Timeout: true}
}

func rootCause(err error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}

func snippet(raw []byte) string {
	s := strings.TrimSpace(string(raw))
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}
