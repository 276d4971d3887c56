package sync

import (
	"context"
	"errors"

	"connectrpc.com/connect"

	"github.com/pocket-companion/pocket/pkg/apperr"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/syncer"
	"github.com/pocket-companion/pocket/server/httpx"
)

type handler struct{ svc *syncer.Service }

func (h *handler) Pull(ctx context.Context, req *connect.Request[syncv1.PullRequest]) (*connect.Response[syncv1.PullResponse], error) {
	res, err := h.svc.Pull(ctx, uid(ctx), req.Msg.GetCursor(), int(req.Msg.GetLimit()))
	if err != nil {
		return nil, connectError(ctx, err)
	}
	return connect.NewResponse(res), nil
}

func (h *handler) Push(ctx context.Context, req *connect.Request[syncv1.PushRequest]) (*connect.Response[syncv1.PushResponse], error) {
	res, err := h.svc.Push(ctx, uid(ctx), req.Msg.GetMutations())
	if err != nil {
		return nil, connectError(ctx, err)
	}
	return connect.NewResponse(res), nil
}

// uid is the signed-in caller; the route is never public, so it is set.
func uid(ctx context.Context) string {
	p, _ := httpx.PrincipalFrom(ctx)
	return p.UID
}

// connectError is the one mapping from domain failures to Connect codes.
// Unknown failures become Internal with a generic message; the cause is
// logged once.
func connectError(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, context.Canceled):
		return connect.NewError(connect.CodeCanceled, err)
	case errors.Is(err, context.DeadlineExceeded):
		return connect.NewError(connect.CodeDeadlineExceeded, err)
	}
	e, ok := apperr.As(err)
	if !ok || e.Kind == apperr.Internal {
		httpx.LoggerFrom(ctx).Error("sync call failed", "err", err)
		return connect.NewError(connect.CodeInternal, errors.New("internal error"))
	}
	return connect.NewError(codeOf(e.Kind), errors.New(e.Message))
}

func codeOf(k apperr.Kind) connect.Code {
	switch k {
	case apperr.Invalid, apperr.TooLarge:
		return connect.CodeInvalidArgument
	case apperr.Unauthenticated:
		return connect.CodeUnauthenticated
	case apperr.Forbidden:
		return connect.CodePermissionDenied
	case apperr.NotFound, apperr.Gone:
		return connect.CodeNotFound
	case apperr.Conflict:
		return connect.CodeAlreadyExists
	case apperr.TooMany:
		return connect.CodeResourceExhausted
	case apperr.Unavailable:
		return connect.CodeUnavailable
	}
	return connect.CodeInternal
}
