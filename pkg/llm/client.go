// Package llm is a small client for OpenAI-compatible chat-completions
// endpoints (Ollama, llama.cpp server, vLLM, OpenAI): one request shape,
// streamed or not, with timeouts and bounded retries on rate limits and
// server errors. It knows nothing of recordings or prompts.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/retry"
)

// Config describes the endpoint and how patient to be with it. Zero values
// take the defaults noted.
type Config struct {
	URL    string // base URL ("http://localhost:11434", "…/v1") or the full …/chat/completions URL
	Model  string
	APIKey string // sent as a bearer token when set

	HTTPClient       *http.Client
	MaxRetries       int           // retries after the first attempt; default 3
	BaseBackoff      time.Duration // first wait, doubled each retry; default 500ms
	MaxBackoff       time.Duration // cap on one wait, Retry-After included; default 10s
	RequestTimeout   time.Duration // a whole non-streamed attempt; default 120s
	FirstByteTimeout time.Duration // streamed: until the first chunk (a CPU model reads a long prompt first); default 90s
	IdleTimeout      time.Duration // streamed: between chunks; default 30s
}

// Client talks to one endpoint and model. It is safe for concurrent use.
type Client struct {
	cfg      Config
	endpoint string
	http     *http.Client
	sleep    func(context.Context, time.Duration) error
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"` // system, user or assistant
	Content string `json:"content"`
}

// Request is one completion request.
type Request struct {
	Messages    []Message
	Temperature float64
	MaxTokens   int  // 0: the server's default
	JSON        bool // ask for a JSON object (response_format json_object)
}

// New checks the configuration and returns a client.
func New(cfg Config) (*Client, error) {
	endpoint, err := Endpoint(cfg.URL)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("llm: a model name is required (POCKET_LLM_MODEL)")
	}
	defaults(&cfg)
	c := &Client{cfg: cfg, endpoint: endpoint, http: cfg.HTTPClient, sleep: retry.Sleep}
	if c.http == nil {
		c.http = &http.Client{} // timeouts are per attempt, through contexts
	}
	return c, nil
}

func defaults(cfg *Config) {
	set := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 3
	}
	if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	}
	set(&cfg.BaseBackoff, 500*time.Millisecond)
	set(&cfg.MaxBackoff, 10*time.Second)
	set(&cfg.RequestTimeout, 120*time.Second)
	set(&cfg.FirstByteTimeout, 90*time.Second)
	set(&cfg.IdleTimeout, 30*time.Second)
}

// Endpoint turns a configured URL into the chat-completions URL: a full URL
// is kept, a base ending in /v1 gets /chat/completions, any other base gets
// /v1/chat/completions (what Ollama and llama.cpp serve).
func Endpoint(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("llm: POCKET_LLM_URL %q must be an http(s) URL", raw)
	}
	p := strings.TrimRight(u.Path, "/")
	switch {
	case strings.HasSuffix(p, "/chat/completions"):
	case strings.HasSuffix(p, "/v1"):
		p += "/chat/completions"
	default:
		p += "/v1/chat/completions"
	}
	u.Path = p
	return u.String(), nil
}

// Model is the configured model name.
func (c *Client) Model() string { return c.cfg.Model }

// Complete sends req and returns the whole answer.
func (c *Client) Complete(ctx context.Context, req Request) (string, error) {
	var out string
	err := c.withRetries(ctx, func(ctx context.Context) error {
		ctx, cancel := context.WithTimeoutCause(ctx, c.cfg.RequestTimeout, c.timeoutErr(c.cfg.RequestTimeout, "an answer"))
		defer cancel()
		resp, err := c.post(ctx, req, false)
		if err != nil {
			return err
		}
		defer func() { _ = resp.Body.Close() }()
		text, err := decodeCompletion(resp.Body)
		if err != nil {
			return attemptErr(ctx, err)
		}
		out = text
		return nil
	})
	return out, err
}

// post sends one attempt and returns a 2xx response; other statuses become errors.
func (c *Client) post(ctx context.Context, req Request, stream bool) (*http.Response, error) {
	body, err := json.Marshal(c.wireRequest(req, stream))
	if err != nil {
		return nil, err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	hr.Header.Set("Content-Type", "application/json")
	if stream {
		hr.Header.Set("Accept", "text/event-stream")
	}
	if c.cfg.APIKey != "" {
		hr.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.http.Do(hr)
	if err != nil {
		return nil, attemptErr(ctx, &Error{Message: "could not reach " + c.endpoint + ": " + rootCause(err), Retryable: true})
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		defer func() { _ = resp.Body.Close() }()
		return nil, statusError(resp)
	}
	return resp, nil
}

type wireRequest struct {
	Model          string         `json:"model"`
	Messages       []Message      `json:"messages"`
	Stream         bool           `json:"stream"`
	Temperature    float64        `json:"temperature"`
	MaxTokens      int            `json:"max_tokens,omitempty"`
	ResponseFormat map[string]any `json:"response_format,omitempty"`
}

func (c *Client) wireRequest(req Request, stream bool) wireRequest {
	w := wireRequest{Model: c.cfg.Model, Messages: req.Messages, Stream: stream, Temperature: req.Temperature, MaxTokens: req.MaxTokens}
	if req.JSON {
		w.ResponseFormat = map[string]any{"type": "json_object"}
	}
	return w
}

// decodeCompletion reads a non-streamed answer: choices[0].message.content.
func decodeCompletion(r io.Reader) (string, error) {
	var body struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	raw, err := io.ReadAll(io.LimitReader(r, 8<<20))
	if err != nil {
		return "", &Error{Message: "reading the answer failed: " + rootCause(err), Retryable: true}
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		return "", &Error{Message: "the answer is not valid JSON: " + snippet(raw)}
	}
	if len(body.Choices) == 0 {
		return "", &Error{Message: "the answer has no choices: " + snippet(raw)}
	}
	return body.Choices[0].Message.Content, nil
}
