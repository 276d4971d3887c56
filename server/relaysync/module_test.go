package relaysync_test

import (
	"context"
	"errors"
	"github.com/pocket-companion/pocket/server/relaysync"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/events"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/server/relay"
	serversync "github.com/pocket-companion/pocket/server/sync"
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

// The module as relay mode wires it (with server/sync serving the engine
// over its backend), over the relay's own upstream client
// and cache: SyncService over Connect, authorised by the upstream's
// identity, relaying with the caller's own token; the observer the
// live-events socket reports to; and the write observer the REST relay tells.
func TestModule_ServesSyncServiceOverConnectWithTheCallersToken(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 2)
	cfg, err := config.Load("t", nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	client := upstream.New(upstream.Options{BaseURL: e.upstream.URL, Timeout: 5 * time.Second})
	var routes []httpx.Route
	var obs live.Observer
	var writes relay.WriteObserver
	var notices push.Recordings
	app := fxtest.New(t,
		fx.Supply(cfg, e.db, e.bus, log, client, relay.NewCache(e.db, time.Hour, 100, log)),
		relaysync.Module,
		serversync.Relayed, // SyncService over the relay backend, as server/app wires relay mode
		fx.Populate(&obs, &writes, &notices),
		fx.Invoke(fx.Annotate(func(rs []httpx.Route) { routes = rs }, fx.ParamTags(`group:"routes"`))),
	)
	app.RequireStart()
	defer app.RequireStop()
	if obs == nil || writes == nil || len(routes) != 1 || routes[0].Pattern != "/"+syncv1connect.SyncServiceName+"/" {
		t.Fatalf("routes %v, observer %v, write observer %v", routes, obs, writes)
	}
	srv := httptest.NewServer(httpx.NewMux(routes, e.verifier, nil, nil))
	t.Cleanup(srv.Close)
	connectAs := func(token string) syncv1connect.SyncServiceClient {
		return syncv1connect.NewSyncServiceClient(http.DefaultClient, srv.URL, connect.WithInterceptors(bearerAuth(token)))
	}

	_, err = connectAs("").Pull(ctx, connect.NewRequest(&syncv1.PullRequest{}))
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != connect.CodeUnauthenticated {
		t.Fatalf("anonymous pull: %v", err)
	}
	pulled, err := connectAs(alice.token).Pull(ctx, connect.NewRequest(&syncv1.PullRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := recordingIDs(pulled.Msg.GetChanges()), upstreamIDs(t, alice); !slices.Equal(got, want) {
		t.Fatalf("pulled %v, upstream has %v", got, want)
	}
	pushed, err := connectAs(alice.token).Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: []*syncv1.Mutation{update("m1", ids[0], "Over Connect")}}))
	if err != nil || pushed.Msg.GetResults()[0].GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED {
		t.Fatalf("push over Connect: %v, %v", pushed, err)
	}
	if r := alice.rest.Do("GET", "/api/v1/recordings/"+ids[0], nil); !strings.Contains(string(r.Body), "Over Connect") {
		t.Fatalf("the edit did not reach the upstream: %s", r.Body)
	}

	// A write the REST relay passed on reaches other tabs as an event.
	heard := e.listen(alice.uid)
	alice.rest.MustOK("PUT", "/api/v1/recordings/"+ids[1], map[string]any{"title": "Through the REST relay"})
	writes.Changed(ctx, alice.uid, alice.token)
	waitFor(t, 5*time.Second, "the write's event", hasEvent(heard, events.RecordingUpdated, ids[1]))

	// Web Push notices (server/push) read the mirror.
	d, err := notices.Detail(ctx, alice.uid, ids[1])
	if err != nil || push.PayloadFor(d).Title != "Through the REST relay" {
		t.Fatalf("notice for the renamed recording: %+v, %v", push.PayloadFor(d), err)
	}
}
