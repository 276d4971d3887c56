package push

import (
	"context"

	"connectrpc.com/connect"

	"github.com/pocket-companion/pocket/pkg/apperr"
	pushv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/push/v1"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/server/httpx"
)

type handler struct {
	keys push.Keys
	subs *push.Subscriptions
}

func (h *handler) GetVapidPublicKey(context.Context, *connect.Request[pushv1.GetVapidPublicKeyRequest]) (*connect.Response[pushv1.GetVapidPublicKeyResponse], error) {
	return connect.NewResponse(&pushv1.GetVapidPublicKeyResponse{PublicKey: h.keys.Public}), nil
}

func (h *handler) Subscribe(ctx context.Context, req *connect.Request[pushv1.SubscribeRequest]) (*connect.Response[pushv1.SubscribeResponse], error) {
	s := req.Msg.GetSubscription()
	if s == nil {
		return nil, httpx.ConnectError(ctx, apperr.Invalidf("subscription is required"))
	}
	err := h.subs.Subscribe(ctx, httpx.ConnectUID(ctx), push.Subscription{Endpoint: s.GetEndpoint(), P256dh: s.GetP256Dh(), Auth: s.GetAuth()})
	if err != nil {
		return nil, httpx.ConnectError(ctx, err)
	}
	return connect.NewResponse(&pushv1.SubscribeResponse{}), nil
}

func (h *handler) Unsubscribe(ctx context.Context, req *connect.Request[pushv1.UnsubscribeRequest]) (*connect.Response[pushv1.UnsubscribeResponse], error) {
	if err := h.subs.Unsubscribe(ctx, httpx.ConnectUID(ctx), req.Msg.GetEndpoint()); err != nil {
		return nil, httpx.ConnectError(ctx, err)
	}
	return connect.NewResponse(&pushv1.UnsubscribeResponse{}), nil
}
