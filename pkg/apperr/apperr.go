// Package apperr is the vocabulary of failures shared by the domain packages. Each
// error carries a kind (what went wrong, for the transport to turn into a status),
// a stable machine code and a message fit to show a person. Transports map kinds
// to statuses in exactly one function each.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Kind classifies a failure independently of any transport.
type Kind int

// Kinds, each mapped to one HTTP status by the REST layer.
const (
	Internal Kind = iota
	Invalid
	Unauthenticated
	Forbidden
	NotFound
	Gone
	Conflict
	TooMany
	TooLarge
	Unavailable
	// StorageFull: the server's disk has no room for the write; nothing was
	// saved, reads still work, and the same write succeeds once space returns.
	StorageFull
	// Unsupported: the body is of a type the endpoint does not take (an
	// upload that is not audio of a known kind).
	Unsupported
)

// Kinds lists every kind, so each transport's mapping can be checked whole.
func Kinds() []Kind {
	kinds := make([]Kind, 0, Unsupported+1)
	for k := Internal; k <= Unsupported; k++ {
		kinds = append(kinds, k)
	}
	return kinds
}

// Error is a failure with a person-readable message.
type Error struct {
	Kind       Kind
	Code       string
	Message    string
	RetryAfter time.Duration // for TooMany: when trying again can succeed
}

func (e *Error) Error() string { return e.Message }

// Is makes errors.Is(err, apperr.ErrNotFound) true for any NotFound error.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && (t.Code == "" || t.Code == e.Code)
}

// New builds an error of a kind with a code and a message.
func New(kind Kind, code, message string) *Error {
	return &Error{Kind: kind, Code: code, Message: message}
}

// Newf is New with a formatted message.
func Newf(kind Kind, code, format string, args ...any) *Error {
	return New(kind, code, fmt.Sprintf(format, args...))
}

// Sentinels for errors.Is; they match any error of their kind.
var (
	ErrInvalid         = &Error{Kind: Invalid}
	ErrUnauthenticated = &Error{Kind: Unauthenticated}
	ErrForbidden       = &Error{Kind: Forbidden}
	ErrNotFound        = &Error{Kind: NotFound}
	ErrGone            = &Error{Kind: Gone}
	ErrTooMany         = &Error{Kind: TooMany}
)

// Missing is the usual "no such thing (for you)" error. Resources of other users
// are reported with it too, so their existence is not revealed.
func Missing(what string) *Error { return Newf(NotFound, "NOT_FOUND", "%s not found", what) }

// Invalidf reports bad input with a message that says what to fix.
func Invalidf(format string, args ...any) *Error {
	return Newf(Invalid, "INVALID_ARGUMENT", format, args...)
}

// As extracts the *Error in err's chain, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Is reports whether err is an *Error of kind.
func Is(err error, kind Kind) bool {
	e, ok := As(err)
	return ok && e.Kind == kind
}
