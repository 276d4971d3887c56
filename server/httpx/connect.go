package httpx

import (
	"context"
	"errors"
	"net/http"

	"connectrpc.com/connect"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// ConnectError is the one mapping from domain failures to Connect codes, for
// every Connect service (sync, push). Unknown failures become Internal with a
// generic message; the cause is logged once.
func ConnectError(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, context.Canceled):
		return connect.NewError(connect.CodeCanceled, err)
	case errors.Is(err, context.DeadlineExceeded):
		return connect.NewError(connect.CodeDeadlineExceeded, err)
	}
	e, ok := apperr.As(err)
	if !ok || e.Kind == apperr.Internal {
		LoggerFrom(ctx).Error("connect call failed", "err", err)
		return connect.NewError(connect.CodeInternal, errors.New("internal error"))
	}
	return connect.NewError(ConnectCode(e.Kind), errors.New(e.Message))
}

// ConnectCode is the Connect code of a kind of failure.
func ConnectCode(k apperr.Kind) connect.Code {
	switch k {
	case apperr.Invalid, apperr.TooLarge, apperr.Unsupported:
		return connect.CodeInvalidArgument
	case apperr.Unauthenticated:
		return connect.CodeUnauthenticated
	case apperr.Forbidden:
		return connect.CodePermissionDenied
	case apperr.NotFound, apperr.Gone:
		return connect.CodeNotFound
	case apperr.Conflict:
		return connect.CodeAlreadyExists
	case apperr.TooMany, apperr.StorageFull: // gRPC's own example of exhaustion: "the entire file system is out of space"
		return connect.CodeResourceExhausted
	case apperr.Unavailable:
		return connect.CodeUnavailable
	}
	return connect.CodeInternal
}

// ConnectUID is the signed-in caller of a Connect procedure. Connect routes
// are never public, so the auth wrapper has set it.
func ConnectUID(ctx context.Context) string {
	p, _ := PrincipalFrom(ctx)
	return p.UID
}

// ConnectRoute mounts a generated Connect service handler as a route.
// Connect writes its own errors, so the handler never returns one; a call
// the route refuses before it (no sign-in, a token without the scope, a
// token's rate) is answered in Connect's error format too, as the clients of
// a Connect service read errors (connect.NewErrorWriter: Connect, gRPC and
// gRPC-Web alike).
func ConnectRoute(path string, h http.Handler) Route {
	return Route{Pattern: path, Handler: func(w http.ResponseWriter, r *http.Request) error {
		h.ServeHTTP(w, r)
		return nil
	}, Connect: true}
}

var connectErrors = connect.NewErrorWriter()

// writeConnectRefusal answers a refused call the way its Connect client
// reads it: the code and message of ConnectError, Retry-After kept.
func writeConnectRefusal(w http.ResponseWriter, r *http.Request, err error) {
	if e, ok := apperr.As(err); ok {
		setRetryAfter(w, e)
	}
	if werr := connectErrors.Write(w, r, ConnectError(r.Context(), err)); werr != nil {
		LoggerFrom(r.Context()).Info("refusal not written", "route", r.Pattern, "err", werr)
	}
}
