package mcp

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/pocket-companion/pocket/server/httpx"
)

// envelopeWriter answers the SDK's plain-text HTTP refusals (a wrong method,
// content type or Accept header, a malformed or oversized body) in the API's
// error envelope with the same status. JSON-RPC answers, errors among them,
// pass through: they are the protocol's own shape, which MCP clients read.
type envelopeWriter struct {
	http.ResponseWriter
	status int // an error being rewritten; 0: passing through
	text   bytes.Buffer
}

// maxRefusalText bounds how much of a refusal's text is kept.
const maxRefusalText = 1 << 10

func (e *envelopeWriter) WriteHeader(status int) {
	if status >= http.StatusBadRequest && strings.HasPrefix(e.Header().Get("Content-Type"), "text/plain") {
		e.status = status
		return
	}
	e.ResponseWriter.WriteHeader(status)
}

func (e *envelopeWriter) Write(b []byte) (int, error) {
	if e.status == 0 {
		return e.ResponseWriter.Write(b)
	}
	if room := maxRefusalText - e.text.Len(); room > 0 {
		e.text.Write(b[:min(len(b), room)])
	}
	return len(b), nil
}

// Unwrap lets http.ResponseController reach the connection (flushes).
func (e *envelopeWriter) Unwrap() http.ResponseWriter { return e.ResponseWriter }

// finish writes the envelope of a refusal held back.
func (e *envelopeWriter) finish(r *http.Request) {
	if e.status == 0 {
		return
	}
	msg := strings.TrimSpace(e.text.String())
	httpx.LoggerFrom(r.Context()).Info("request refused", "method", r.Method, "route", r.Pattern, "status", e.status, "message", msg)
	httpx.WriteJSON(e.ResponseWriter, e.status, httpx.ErrorBody{Message: msg, Code: refusalCode(e.status)})
}

// refusalCode names a refusal's status as the API's codes do.
func refusalCode(status int) string {
	switch status {
	case http.StatusMethodNotAllowed:
		return "METHOD_NOT_ALLOWED"
	case http.StatusRequestEntityTooLarge:
		return "BODY_TOO_LARGE"
	case http.StatusUnsupportedMediaType:
		return "UNSUPPORTED_MEDIA_TYPE"
	case http.StatusNotFound:
		return "NOT_FOUND"
	case http.StatusForbidden:
		return "FORBIDDEN"
	case http.StatusBadRequest:
		return "INVALID_ARGUMENT"
	}
	return "INTERNAL"
}
