package relaysync

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/live"
)

func bearerAuth(token string) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if token != "" {
				req.Header().Set("Authorization", "Bearer "+token)
			}
			return next(ctx, req)
		}
	}
}

// The module as relay mode wires it: SyncService over Connect, authorised by
// the upstream's identity, relaying with the caller's own token; and the
// observer the live-events socket reports to.
func TestModule_ServesSyncServiceOverConnectWithTheCallersToken(t *testing.T) {
	e := newEnv(t, Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 2)
	cfg, err := config.Load("t", nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var routes []httpx.Route
	var obs live.Observer
	app := fxtest.New(t,
		fx.Supply(cfg, e.db, e.bus, slog.New(slog.DiscardHandler), fx.Annotate(e.up, fx.As(new(Upstream)))),
		Module,
		fx.Populate(&obs),
		fx.Invoke(fx.Annotate(func(rs []httpx.Route) { routes = rs }, fx.ParamTags(`group:"routes"`))),
	)
	app.RequireStart()
	defer app.RequireStop()
	if obs == nil || len(routes) != 1 || routes[0].Pattern != "/"+syncv1connect.SyncServiceName+"/" {
		t.Fatalf("routes %v, observer %v", routes, obs)
	}
	srv := httptest.NewServer(httpx.NewMux(routes, e.verifier, nil, nil))
	t.Cleanup(srv.Close)
	client := func(token string) syncv1connect.SyncServiceClient {
		return syncv1connect.NewSyncServiceClient(http.DefaultClient, srv.URL, connect.WithInterceptors(bearerAuth(token)))
	}

	_, err = client("").Pull(ctx, connect.NewRequest(&syncv1.PullRequest{}))
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != connect.CodeUnauthenticated {
		t.Fatalf("anonymous pull: %v", err)
	}
	pulled, err := client(alice.token).Pull(ctx, connect.NewRequest(&syncv1.PullRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := recordingIDs(pulled.Msg.GetChanges()), upstreamIDs(t, alice); !slices.Equal(got, want) {
		t.Fatalf("pulled %v, upstream has %v", got, want)
	}
	pushed, err := client(alice.token).Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: []*syncv1.Mutation{update("m1", ids[0], "Over Connect")}}))
	if err != nil || pushed.Msg.GetResults()[0].GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED {
		t.Fatalf("push over Connect: %v, %v", pushed, err)
	}
	if e.up.count(alice.token, "PUT", "/api/v1/recordings/"+ids[0]) != 1 {
		t.Fatal("the edit did not reach the upstream with the caller's token")
	}
}
