package llm

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// Stream sends req with stream: true, calls onDelta with each piece of text
// as it arrives (onDelta may be nil) and returns the whole answer. The server
// must send its first chunk within FirstByteTimeout and each next one within
// IdleTimeout, so a slow but working model may take as long as it needs while
// a stuck one is noticed quickly. An attempt is retried only when it failed
// before any text was passed on, so no caller ever sees text twice.
func (c *Client) Stream(ctx context.Context, req Request, onDelta func(string)) (string, error) {
	var out strings.Builder
	err := c.withRetries(ctx, func(ctx context.Context) error {
		out.Reset()
		delivered := false
		err := c.streamOnce(ctx, req, func(s string) {
			out.WriteString(s)
			if s != "" {
				delivered = true
			}
			if onDelta != nil {
				onDelta(s)
			}
		})
		var e *Error
		if err != nil && delivered && errors.As(err, &e) {
			e.Retryable = false
		}
		return err
	})
	return out.String(), err
}

func (c *Client) streamOnce(parent context.Context, req Request, emit func(string)) error {
	ctx, cancel := context.WithCancelCause(parent)
	defer cancel(nil)
	watchdog := time.AfterFunc(c.cfg.FirstByteTimeout, func() {
		cancel(c.timeoutErr(c.cfg.FirstByteTimeout, "first part of the answer"))
	})
	defer watchdog.Stop()
	resp, err := c.post(ctx, req, true)
	if err != nil {
		return attemptErr(ctx, err)
	}
	defer func() { _ = resp.Body.Close() }()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		data, ok := strings.CutPrefix(line, "data:")
		if !ok {
			continue // blank separators, comments, event names
		}
		watchdog.Reset(c.cfg.IdleTimeout)
		data = strings.TrimSpace(data)
		if data == "[DONE]" {
			return nil
		}
		text, err := decodeChunk(data)
		if err != nil {
			return err
		}
		emit(text)
	}
	if err := sc.Err(); err != nil {
		return attemptErr(ctx, &Error{Message: "the answer stream broke off: " + rootCause(err), Retryable: true})
	}
	if cause := context.Cause(ctx); cause != nil {
		return attemptErr(ctx, cause)
	}
	return nil // some servers end the stream without [DONE]
}

// decodeChunk reads one streamed chunk: choices[0].delta.content, or an
// error object some servers send mid-stream.
func decodeChunk(data string) (string, error) {
	var chunk struct {
		Choices []struct {
			Delta struct {
				Content string `json:"content"`
			} `json:"delta"`
		} `json:"choices"`
		Error *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(data), &chunk); err != nil {
		return "", &Error{Message: "the answer stream held invalid JSON: " + snippet([]byte(data))}
	}
	if chunk.Error != nil {
		return "", &Error{Message: "the model server reported: " + chunk.Error.Message, Retryable: true}
	}
	if len(chunk.Choices) == 0 {
		return "", nil // usage-only chunks
	}
	return chunk.Choices[0].Delta.Content, nil
}
