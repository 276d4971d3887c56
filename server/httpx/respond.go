package httpx

import (
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// DefaultMaxBody bounds JSON request bodies unless a route sets its own limit.
const DefaultMaxBody = 1 << 20

// ErrorBody is the JSON shape of every API error.
type ErrorBody struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
	Code    string `json:"code"`
}

// Envelope is the success answer of the provider API: {success: true, message?, data?}.
// OK, Created and Message write it. An answer with further members the API
// documents (a page's nextCursor, a sign-in code's expiresIn) embeds it, so
// every success still starts the same way.
type Envelope struct {
	Success bool   `json:"success"`
	Message string `json:"message,omitempty"`
	// Data is left out only when none is given; a nil list or object is null.
	Data any `json:"data,omitempty"`
}

// OK answers 200 {success: true, data}.
func OK(w http.ResponseWriter, data any) {
	WriteJSON(w, http.StatusOK, Envelope{Success: true, Data: data})
}

// Created answers 201 {success: true, data}: the request made something new.
func Created(w http.ResponseWriter, data any) {
	WriteJSON(w, http.StatusCreated, Envelope{Success: true, Data: data})
}

// Message answers {success: true, message} for a done action with nothing to return.
func Message(w http.ResponseWriter, status int, message string) {
	WriteJSON(w, status, Envelope{Success: true, Message: message})
}

// WriteJSON writes v with status. Handlers use it directly only for answers
// the spec gives another shape (sessions, probes, a new share link). Encoding
// failures are not returned: the status line has already gone out.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	setJSONHeaders(w)
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteJSONBytes writes an answer already encoded, with WriteJSON's headers:
// for hot reads that assemble their answer from stored JSON.
func WriteJSONBytes(w http.ResponseWriter, status int, body []byte) {
	setJSONHeaders(w)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func setJSONHeaders(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
}

// statusOf is the one mapping from failure kinds to HTTP statuses.
func statusOf(kind apperr.Kind) int {
	switch kind {
	case apperr.Invalid:
		return http.StatusBadRequest
	case apperr.Unauthenticated:
		return http.StatusUnauthorized
	case apperr.Forbidden:
		return http.StatusForbidden
	case apperr.NotFound:
		return http.StatusNotFound
	case apperr.Gone:
		return http.StatusGone
	case apperr.Conflict:
		return http.StatusConflict
	case apperr.TooMany:
		return http.StatusTooManyRequests
	case apperr.TooLarge:
		return http.StatusRequestEntityTooLarge
	case apperr.Unavailable:
		return http.StatusServiceUnavailable
	case apperr.StorageFull:
		return http.StatusInsufficientStorage
	case apperr.Unsupported:
		return http.StatusUnsupportedMediaType
	}
	return http.StatusInternalServerError
}

// WriteError answers err as `{success:false, message, code}`. Errors that carry no
// kind are internal: the client sees a generic message and the cause is logged once.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e, ok := apperr.As(err)
	if !ok || e.Kind == apperr.Internal {
		LoggerFrom(r.Context()).Error("request failed", "method", r.Method, "route", r.Pattern, "err", err)
		WriteJSON(w, http.StatusInternalServerError, ErrorBody{Message: "Internal server error", Code: "INTERNAL"})
		return
	}
	status := statusOf(e.Kind)
	setRetryAfter(w, e)
	LoggerFrom(r.Context()).Info("request refused", "method", r.Method, "route", r.Pattern, "status", status, "code", e.Code)
	WriteJSON(w, status, ErrorBody{Message: e.Message, Code: e.Code})
}

// setRetryAfter says when to try again, in whole seconds, for a refusal that knows.
func setRetryAfter(w http.ResponseWriter, e *apperr.Error) {
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
	}
}

// DecodeJSON reads one JSON object from the body into v, within limit bytes.
func DecodeJSON(r *http.Request, limit int64, v any) error {
	if limit <= 0 {
		limit = DefaultMaxBody
	}
	if r.ContentLength > limit { // declared too large: refused before reading a byte
		return decodeError(&http.MaxBytesError{Limit: limit})
	}
	body := http.MaxBytesReader(nil, r.Body, limit)
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if tooLarge(err) {
			return decodeError(err)
		}
		return apperr.Invalidf("Request body must hold a single JSON value")
	}
	return nil
}

// DecodeOptionalJSON is DecodeJSON for a body that may be left out: a
// request without one leaves v as it is.
func DecodeOptionalJSON(r *http.Request, limit int64, v any) error {
	if r.ContentLength == 0 {
		return nil
	}
	return DecodeJSON(r, limit, v)
}

func decodeError(err error) error {
	switch {
	case tooLarge(err):
		return apperr.New(apperr.TooLarge, "BODY_TOO_LARGE", "Request body is too large")
	case errors.Is(err, io.EOF):
		return apperr.Invalidf("Request body is empty; a JSON object is required")
	}
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		return apperr.Invalidf("Field %q has the wrong type: expected %s", typeErr.Field, typeErr.Type.String())
	}
	return apperr.Invalidf("Request body is not valid JSON")
}

func tooLarge(err error) bool {
	var maxErr *http.MaxBytesError
	return errors.As(err, &maxErr) || (err != nil && strings.Contains(err.Error(), "request body too large"))
}
