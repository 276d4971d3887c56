package sync

import (
	"context"
	"net/http"

	"connectrpc.com/connect"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/syncer"
	"github.com/pocket-companion/pocket/server/httpx"
)

// handler passes the caller's verified uid, and their own bearer token for
// a backend that acts for them elsewhere (a relay's upstream authorises
// every call with it).
type handler struct{ svc *syncer.Service }

func (h *handler) Pull(ctx context.Context, req *connect.Request[syncv1.PullRequest]) (*connect.Response[syncv1.PullResponse], error) {
	ctx = syncer.WithToken(ctx, bearer(req.Header()))
	res, err := h.svc.Pull(ctx, httpx.ConnectUID(ctx), req.Msg.GetCursor(), int(req.Msg.GetLimit()))
	if err != nil {
		return nil, httpx.ConnectError(ctx, err)
	}
	return connect.NewResponse(res), nil
}

func (h *handler) Push(ctx context.Context, req *connect.Request[syncv1.PushRequest]) (*connect.Response[syncv1.PushResponse], error) {
	ctx = syncer.WithToken(ctx, bearer(req.Header()))
	res, err := h.svc.Push(ctx, httpx.ConnectUID(ctx), req.Msg.GetMutations())
	if err != nil {
		return nil, httpx.ConnectError(ctx, err)
	}
	return connect.NewResponse(res), nil
}

func bearer(h http.Header) string {
	token, _ := httpx.BearerToken(&http.Request{Header: h})
	return token
}
