package relaysync_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"github.com/pocket-companion/pocket/server/relaysync"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/events"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/syncer"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/servertest"
	"github.com/pocket-companion/pocket/tests/storetest"
)

var ctx = context.Background()

// httpUpstream is the relay's view of a real embedded server over loopback
// HTTP, counting every request it sends (by token, never logging one).
type httpUpstream struct {
	mu    sync.Mutex
	base  string
	calls []sent
}

type sent struct {
	at           time.Time
	who          string // a hash of the token
	method, path string
}

func (u *httpUpstream) Call(ctx context.Context, token, method, path string, body []byte) (int, []byte, error) {
	st, _, b, err := u.CallHeader(ctx, token, method, path, body)
	return st, b, err
}

func (u *httpUpstream) CallHeader(ctx context.Context, token, method, path string, body []byte) (int, http.Header, []byte, error) {
	u.mu.Lock()
	u.calls = append(u.calls, sent{at: time.Now(), who: tokenHash(token), method: method, path: path})
	base := u.base
	u.mu.Unlock()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, nil, errors.Join(errors.New("upstream unavailable"), err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b, err
}

func tokenHash(t string) string { s := sha256.Sum256([]byte(t)); return hex.EncodeToString(s[:8]) }

// count is how many requests matched (method "" matches any; path is a prefix).
func (u *httpUpstream) count(token, method, pathPrefix string) int {
	u.mu.Lock()
	defer u.mu.Unlock()
	n := 0
	for _, c := range u.calls {
		if (token == "" || c.who == tokenHash(token)) && (method == "" || c.method == method) && strings.HasPrefix(c.path, pathPrefix) {
			n++
		}
	}
	return n
}

func (u *httpUpstream) since(token string, from time.Time) []time.Time {
	u.mu.Lock()
	defer u.mu.Unlock()
	var out []time.Time
	for _, c := range u.calls {
		if c.who == tokenHash(token) && !c.at.Before(from) {
			out = append(out, c.at)
		}
	}
	return out
}

// env is a real embedded upstream and a relay service in front of it.
type env struct {
	t        *testing.T
	upstream *servertest.Server
	verifier httpx.Verifier
	up       *httpUpstream
	db       *store.DB
	bus      *events.Bus
	inval    *invalidations
	svc      *relaysync.Service
	sync     *syncer.Service // the engine over the relay backend, as server/sync serves it
}

type invalidations struct {
	mu   sync.Mutex
	uids []string
}

func (i *invalidations) InvalidateUser(uid string) {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.uids = append(i.uids, uid)
}

func (i *invalidations) of(uid string) int {
	i.mu.Lock()
	defer i.mu.Unlock()
	n := 0
	for _, u := range i.uids {
		if u == uid {
			n++
		}
	}
	return n
}

func newEnv(t *testing.T, opts relaysync.Options, upstreamOptions ...fx.Option) *env {
	t.Helper()
	e := &env{t: t, up: &httpUpstream{}, db: storetest.Open(t), bus: events.NewBus(), inval: &invalidations{}}
	e.upstream = servertest.Start(t, nil, append(upstreamOptions, fx.Populate(&e.verifier))...)
	e.up.base = e.upstream.URL
	if opts.MinRefresh == 0 {
		opts.MinRefresh = time.Nanosecond // every pull refreshes unless a test says otherwise
	}
	e.svc = relaysync.New(e.db, e.up, e.bus, e.inval, nil, opts)
	e.sync = syncer.New(e.db, e.svc, nil)
	t.Cleanup(e.svc.Close)
	return e
}

// person is a user signed in at the upstream.
type person struct {
	uid   string
	token string
	rest  *servertest.Client
}

func (e *env) signIn(email string) person {
	e.t.Helper()
	c := e.upstream.SignIn(e.t, email)
	p, err := e.verifier.VerifyIDToken(ctx, c.IDToken)
	if err != nil {
		e.t.Fatal(err)
	}
	return person{uid: p.UID, token: c.IDToken, rest: c}
}

// restart stops the upstream and starts it again on the same address and data.
func (e *env) stopUpstream() config.Config {
	cfg := e.upstream.Cfg
	cfg.Addr = strings.TrimPrefix(e.upstream.URL, "http://")
	e.upstream.Stop()
	return cfg
}

func (e *env) startUpstream(cfg config.Config) {
	e.upstream = servertest.StartConfig(e.t, cfg, fx.Populate(&e.verifier))
	e.up.mu.Lock()
	e.up.base = e.upstream.URL
	e.up.mu.Unlock()
}

// uploadFixtures uploads the first n sample recordings as p.
func (e *env) uploadFixtures(p person, n int) []string {
	e.t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "fixtures", "recordings", "*.json"))
	if len(files) < n {
		e.t.Fatalf("only %d fixtures", len(files))
	}
	var ids []string
	for _, f := range files[:n] {
		raw, err := os.ReadFile(f)
		if err != nil {
			e.t.Fatal(err)
		}
		var res struct {
			Data struct{ ID string } `json:"data"`
		}
		p.rest.MustOK("POST", "/api/v1/recordings", json.RawMessage(raw), &res)
		ids = append(ids, res.Data.ID)
	}
	return ids
}

// upstreamIDs lists every recording id of p at the upstream (all pages).
func upstreamIDs(t *testing.T, p person) []string {
	t.Helper()
	var ids []string
	cursor := ""
	for {
		path := "/api/v1/recordings/dashboard?limit=7&include_empty=true"
		if cursor != "" {
			path += "&cursor=" + cursor
		}
		var page struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
			NextCursor *string `json:"nextCursor"`
		}
		p.rest.MustOK("GET", path, nil, &page)
		for _, d := range page.Data {
			ids = append(ids, d.ID)
		}
		if page.NextCursor == nil {
			break
		}
		cursor = *page.NextCursor
	}
	slices.Sort(ids)
	return ids
}

// pull is one pull of p's through the engine, with p's token.
func (e *env) pull(p person, cursor string, limit int) (*syncv1.PullResponse, error) {
	return e.sync.Pull(syncer.WithToken(ctx, p.token), p.uid, cursor, limit)
}

// pullAll pulls from cursor to the end and returns the changes and the cursor.
func (e *env) pullAll(p person, cursor string) ([]*syncv1.Change, string) {
	e.t.Helper()
	var all []*syncv1.Change
	for {
		res, err := e.pull(p, cursor, 3)
		if err != nil {
			e.t.Fatal(err)
		}
		if res.GetResync() {
			e.t.Fatalf("pull from %q answered resync", cursor)
		}
		all = append(all, res.GetChanges()...)
		cursor = res.GetCursor()
		if !res.GetHasMore() {
			return all, cursor
		}
	}
}

func recordingIDs(changes []*syncv1.Change) []string {
	var ids []string
	for _, c := range changes {
		if r := c.GetRecording(); r != nil {
			ids = append(ids, r.GetId())
		}
	}
	slices.Sort(ids)
	return ids
}

// listen collects the events of uid from now on.
func (e *env) listen(uid string) *heard {
	h := &heard{}
	cancel := e.bus.Listen(func(ev events.Event) {
		if ev.UserID == uid {
			h.mu.Lock()
			h.events = append(h.events, ev)
			h.mu.Unlock()
		}
	})
	e.t.Cleanup(cancel)
	return h
}

type heard struct {
	mu     sync.Mutex
	events []events.Event
}

func (h *heard) all() []events.Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.events)
}

// waitFor polls cond until it holds or the time is up.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// gatedEngine is the upstream's own AI engine, made to wait for the test
// before it summarises: the relay then sees an upload before its summary,
// whatever the machine's load.
type gatedEngine struct {
	engine.Engine
	open <-chan struct{}
}

func (g gatedEngine) Summarize(ctx context.Context, rec *engine.Recording, how engine.SummaryOptions) (engine.Summary, error) {
	select {
	case <-g.open:
	case <-ctx.Done():
		return engine.Summary{}, ctx.Err()
	}
	return g.Engine.Summarize(ctx, rec, how)
}

// gateSummaries holds the upstream's summaries until the returned func is called.
func gateSummaries() (fx.Option, func()) {
	open := make(chan struct{})
	var once sync.Once
	return fx.Decorate(func(e engine.Engine) engine.Engine { return gatedEngine{e, open} }), func() { once.Do(func() { close(open) }) }
}
