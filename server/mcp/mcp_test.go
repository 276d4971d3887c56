package mcp_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/mcptest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

const weeklyID = "rec_01_weekly_sync"

// env is a server with alice's weekly sync and tokens of her scopes.
type env struct {
	s      *servertest.Server
	alice  *servertest.Client
	tokens map[string]string // by name: read, chat, all
}

func start(t testing.TB) env {
	t.Helper()
	s := servertest.Start(t, func(c *config.Config) { c.Quotas.Limits.TokenRequests = 0 })
	alice := s.SignIn(t, "alice@example.com")
	raw, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "recordings", "01-weekly-product-sync.json"))
	if err != nil {
		t.Fatal(err)
	}
	alice.MustOK("POST", "/api/v1/recordings", raw)
	e := env{s: s, alice: alice, tokens: map[string]string{}}
	for name, scopes := range map[string][]string{
		"read": {"recordings:read"}, "chat": {"chat"}, "all": {"recordings:read", "recordings:write", "chat"},
	} {
		var made struct{ Data struct{ Token string } }
		alice.MustOK("POST", "/api/v1/tokens", map[string]any{"name": name, "scopes": scopes}, &made)
		e.tokens[name] = made.Data.Token
	}
	return e
}

func (e env) session(t *testing.T, token string) *sdk.ClientSession {
	t.Helper()
	s, err := mcptest.Connect(t.Context(), e.s.URL, token)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func call(t *testing.T, s *sdk.ClientSession, name, args string) mcptest.Result {
	t.Helper()
	r, err := mcptest.Call(t.Context(), s, name, json.RawMessage(args))
	if err != nil {
		t.Fatalf("%s %s: %v", name, args, err)
	}
	return r
}

func wantOK(t *testing.T, r mcptest.Result, out any) {
	t.Helper()
	if r.IsError {
		t.Fatalf("tool error %q, want a result", r.Text)
	}
	if err := json.Unmarshal(r.Structured, out); err != nil {
		t.Fatalf("structured %s: %v", r.Structured, err)
	}
}

func wantError(t *testing.T, r mcptest.Result, code string) {
	t.Helper()
	if !r.IsError || !strings.HasPrefix(r.Text, code+": ") {
		t.Errorf("got %+v, want a tool error %s", r, code)
	}
}

func TestTools_HappyPaths(t *testing.T) {
	e := start(t)
	s := e.session(t, e.tokens["all"])

	var found struct {
		Total   int
		Results []struct{ ID, Title string }
	}
	wantOK(t, call(t, s, "search_recordings", `{"query":"release","from":"2026-11-01","to":"2026-11-30"}`), &found)
	if found.Total != 1 || found.Results[0].ID != weeklyID || found.Results[0].Title != "Weekly Product Sync" {
		t.Errorf("search = %+v", found)
	}
	wantOK(t, call(t, s, "search_recordings", `{"query":"release","to":"2026-11-01"}`), &found)
	if found.Total != 0 {
		t.Errorf("search before the recording = %+v, want none", found)
	}

	var rec struct {
		ID          string
		Summary     []struct{ Points []string }
		ActionItems []struct{ Title string }
		Transcript  *struct {
			Page, Pages int
			Lines       []struct{ Speaker, Text string }
		}
	}
	wantOK(t, call(t, s, "get_recording", `{"id":"`+weeklyID+`"}`), &rec)
	if rec.ID != weeklyID || len(rec.Summary) == 0 || len(rec.ActionItems) == 0 || rec.Transcript == nil || len(rec.Transcript.Lines) == 0 {
		t.Errorf("get_recording = %+v", rec)
	}
	rec.Summary, rec.Transcript = nil, nil
	wantOK(t, call(t, s, "get_recording", `{"id":"`+weeklyID+`","part":"action_items"}`), &rec)
	if rec.Summary != nil || rec.Transcript != nil || len(rec.ActionItems) == 0 {
		t.Errorf("part action_items = %+v, want only the action items", rec)
	}

	var items struct {
		Items []struct {
			RecordingID string
			Completed   bool
		}
	}
	wantOK(t, call(t, s, "list_action_items", `{"open":true}`), &items)
	if len(items.Items) == 0 || items.Items[0].RecordingID != weeklyID || items.Items[0].Completed {
		t.Errorf("open action items = %+v", items)
	}

	var answer struct {
		Answer  string
		Sources []struct{ RecordingID, Quote string }
	}
	wantOK(t, call(t, s, "ask", `{"question":"When is the 3.4 release?"}`), &answer)
	if answer.Answer == "" || len(answer.Sources) == 0 || answer.Sources[0].RecordingID != weeklyID {
		t.Errorf("ask across the library = %+v, want an answer citing the weekly sync", answer)
	}
	wantOK(t, call(t, s, "ask", `{"question":"When is the 3.4 release?","recordingId":"`+weeklyID+`"}`), &answer)
	if answer.Answer == "" || len(answer.Sources) == 0 {
		t.Errorf("ask about one recording = %+v, want an answer with sources", answer)
	}

	var link struct{ URL, RecordingID, ExpiresAt string }
	wantOK(t, call(t, s, "create_share_link", `{"recordingId":"`+weeklyID+`","expiresIn":3600}`), &link)
	if !strings.Contains(link.URL, "/shared/recording?token=") || link.RecordingID != weeklyID || link.ExpiresAt == "" {
		t.Errorf("create_share_link = %+v", link)
	}
	view := e.s.NewClient(t).Do("GET", "/api/v1/share/shared/recording?token="+link.URL[strings.Index(link.URL, "token=")+6:], nil)
	if view.Status != 200 {
		t.Errorf("the new link's view = %d %s", view.Status, view.Body)
	}
}

func TestTools_BadArguments(t *testing.T) {
	e := start(t)
	s := e.session(t, e.tokens["all"])
	for _, c := range []struct{ tool, args, code string }{
		{"search_recordings", `{"query":"  "}`, "INVALID_ARGUMENT"},
		{"search_recordings", `{"query":"release","from":"last week"}`, "INVALID_ARGUMENT"},
		{"search_recordings", `{"query":"release","from":"2026-12-01","to":"2026-11-01"}`, "INVALID_ARGUMENT"},
		{"get_recording", `{"id":"` + weeklyID + `","part":"mind_map"}`, "INVALID_ARGUMENT"},
		{"get_recording", `{"id":"` + weeklyID + `","page":99}`, "INVALID_ARGUMENT"},
		{"get_recording", `{"id":"` + weeklyID + `","part":"summary","page":2}`, "INVALID_ARGUMENT"},
		{"get_recording", `{"id":"nope"}`, "NOT_FOUND"},
		{"ask", `{"question":""}`, "EMPTY_MESSAGE"},
		{"create_share_link", `{"recordingId":"` + weeklyID + `","expiresIn":5}`, "INVALID_EXPIRES_IN"},
	} {
		wantError(t, call(t, s, c.tool, c.args), c.code)
	}
	// Arguments of the wrong shape are refused by the tool's schema.
	for _, c := range []struct{ tool, args string }{
		{"search_recordings", `{}`},
		{"get_recording", `{"id":5}`},
		{"create_share_link", `{"recordingId":"x","expiresIn":"soon"}`},
		{"list_action_items", `{"open":"yes"}`},
	} {
		if r := call(t, s, c.tool, c.args); !r.IsError || !strings.Contains(r.Text, "validating") {
			t.Errorf("%s %s = %+v, want the schema's refusal", c.tool, c.args, r)
		}
	}
}

func TestTools_MissingScopeNamesIt(t *testing.T) {
	e := start(t)
	read := e.session(t, e.tokens["read"])
	wantError(t, call(t, read, "create_share_link", `{"recordingId":"`+weeklyID+`"}`), "INSUFFICIENT_SCOPE")
	if r := call(t, read, "ask", `{"question":"When?"}`); !strings.Contains(r.Text, "lacks the scope chat") {
		t.Errorf("ask with a read token = %+v, want the missing scope named", r)
	}
	chat := e.session(t, e.tokens["chat"])
	for tool, args := range map[string]string{"search_recordings": `{"query":"x"}`, "get_recording": `{"id":"x"}`, "list_action_items": `{}`} {
		if r := call(t, chat, tool, args); !r.IsError || !strings.Contains(r.Text, "recordings:read") {
			t.Errorf("%s with a chat token = %+v, want recordings:read named", tool, r)
		}
	}
	if _, err := chat.ListResources(t.Context(), nil); err == nil || !strings.Contains(err.Error(), "recordings:read") {
		t.Errorf("resources/list with a chat token: %v, want recordings:read named", err)
	}
	// Nothing was shared by the refused call.
	var links struct{ Data []any }
	e.alice.MustOK("GET", "/api/v1/recordings/"+weeklyID+"/shares", nil, &links)
	if len(links.Data) != 0 {
		t.Errorf("links after a refused create_share_link: %v", links.Data)
	}
}

func TestTools_OtherUsersRecordingIsNotFound(t *testing.T) {
	e := start(t)
	bob := e.s.SignIn(t, "bob@example.com")
	var made struct{ Data struct{ Token string } }
	bob.MustOK("POST", "/api/v1/tokens", map[string]any{"name": "bob", "scopes": []string{"recordings:read", "recordings:write", "chat"}}, &made)
	s := e.session(t, made.Data.Token)
	missing := call(t, s, "get_recording", `{"id":"no-such-recording"}`)
	for _, c := range []struct{ tool, args string }{
		{"get_recording", `{"id":"` + weeklyID + `"}`},
		{"create_share_link", `{"recordingId":"` + weeklyID + `"}`},
		{"ask", `{"question":"When is the release?","recordingId":"` + weeklyID + `"}`},
	} {
		r := call(t, s, c.tool, c.args)
		wantError(t, r, "NOT_FOUND")
		if strings.Contains(r.Text, "Weekly") || strings.Contains(r.Text, "alice") {
			t.Errorf("%s leaks alice's recording: %q", c.tool, r.Text)
		}
	}
	if r := call(t, s, "get_recording", `{"id":"`+weeklyID+`"}`); r.Text != missing.Text {
		t.Errorf("another user's recording reads %q, a missing one %q: they must not differ", r.Text, missing.Text)
	}
	var found struct{ Total int }
	wantOK(t, call(t, s, "search_recordings", `{"query":"release"}`), &found)
	if found.Total != 0 {
		t.Errorf("bob's search finds alice's recordings: %+v", found)
	}
	if _, err := s.ReadResource(t.Context(), &sdk.ReadResourceParams{URI: "pocket://recordings/" + weeklyID}); err == nil {
		t.Error("bob reads alice's recording as a resource")
	}
}

func TestResources_ListAndRead(t *testing.T) {
	e := start(t)
	s := e.session(t, e.tokens["read"])
	list, err := s.ListResources(t.Context(), nil)
	if err != nil || len(list.Resources) != 1 || list.Resources[0].URI != "pocket://recordings/"+weeklyID || list.Resources[0].Name != "Weekly Product Sync" {
		t.Fatalf("resources/list = %+v, %v", list, err)
	}
	read, err := s.ReadResource(t.Context(), &sdk.ReadResourceParams{URI: list.Resources[0].URI})
	if err != nil || len(read.Contents) != 1 || !strings.Contains(read.Contents[0].Text, `"actionItems"`) {
		t.Fatalf("resources/read = %+v, %v", read, err)
	}
}

// TestInitialize_PromisesNoNotices: a stateless server keeps no session to
// notify, so it advertises tools and resources without listChanged: a
// client must not wait for notices that never come.
func TestInitialize_PromisesNoNotices(t *testing.T) {
	e := start(t)
	caps := e.session(t, e.tokens["read"]).InitializeResult().Capabilities
	if caps.Tools == nil || caps.Tools.ListChanged || caps.Resources == nil || caps.Resources.ListChanged || caps.Resources.Subscribe {
		t.Fatalf("capabilities = %+v (tools %+v, resources %+v)", caps, caps.Tools, caps.Resources)
	}
}

// TestHTTP_RefusalsInTheEnvelope: the transport's own refusals answer the
// API's envelope and status, and a missing or revoked token is a 401 that
// names the scheme.
func TestHTTP_RefusalsInTheEnvelope(t *testing.T) {
	e := start(t)
	c := e.s.WithToken(t, e.tokens["read"])
	mcpHeaders := http.Header{"Accept": {"application/json, text/event-stream"}, "Content-Type": {"application/json"}}
	for _, x := range []struct {
		method, body string
		header       http.Header
		status       int
	}{
		{"GET", "", http.Header{"Accept": {"text/event-stream"}}, 405},
		{"DELETE", "", nil, 405},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, http.Header{"Content-Type": {"application/json"}}, 400},
		{"POST", `{"jsonrpc":`, mcpHeaders, 400},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", 70<<10) + `"}}`, mcpHeaders, 413},
		{"POST", `x`, http.Header{"Accept": {"application/json, text/event-stream"}, "Content-Type": {"text/plain"}}, 415},
	} {
		r := c.DoWith(x.method, "/mcp", []byte(x.body), x.header)
		var body struct {
			Success *bool
			Message string
			Code    string
		}
		if r.Status != x.status || json.Unmarshal(r.Body, &body) != nil || body.Success == nil || *body.Success || body.Code == "" {
			t.Errorf("%s /mcp %.40s = %d %s, want %d in the envelope", x.method, x.body, r.Status, r.Body, x.status)
		}
	}

	anon := e.s.NewClient(t).DoWith("POST", "/mcp", []byte(`{}`), mcpHeaders)
	if anon.Status != 401 || !strings.HasPrefix(anon.Header.Get("WWW-Authenticate"), "Bearer") {
		t.Errorf("no token = %d %v, want 401 with WWW-Authenticate", anon.Status, anon.Header)
	}
	s := e.session(t, e.tokens["read"])
	var tokens struct{ Data []struct{ ID, Name string } }
	e.alice.MustOK("GET", "/api/v1/tokens", nil, &tokens)
	for _, tok := range tokens.Data {
		if tok.Name == "read" {
			e.alice.MustOK("DELETE", "/api/v1/tokens/"+tok.ID, nil)
		}
	}
	if _, err := s.ListTools(t.Context(), nil); err == nil {
		t.Error("a revoked token's next call succeeded")
	}
	revoked := c.DoWith("POST", "/mcp", []byte(`{}`), mcpHeaders)
	if revoked.Status != 401 || !strings.Contains(revoked.Header.Get("WWW-Authenticate"), `error="invalid_token"`) {
		t.Errorf("revoked token = %d %v, want 401 with WWW-Authenticate", revoked.Status, revoked.Header)
	}
}

// TestHTTP_TokenRateCoversMCP: each request to /mcp is one of the token's.
func TestHTTP_TokenRateCoversMCP(t *testing.T) {
	s := servertest.Start(t, func(c *config.Config) { c.Quotas.Limits.TokenRequests = 2 })
	alice := s.SignIn(t, "alice@example.com")
	var made struct{ Data struct{ Token string } }
	alice.MustOK("POST", "/api/v1/tokens", map[string]any{"name": "slow", "scopes": []string{"recordings:read"}}, &made)
	c := s.WithToken(t, made.Data.Token)
	ping := []byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	h := http.Header{"Accept": {"application/json, text/event-stream"}, "Content-Type": {"application/json"}}
	var last servertest.Response
	for range 3 {
		last = c.DoWith("POST", "/mcp", ping, h)
	}
	if last.Status != 429 || last.Header.Get("Retry-After") == "" || !strings.Contains(string(last.Body), "RATE_LIMITED") {
		t.Errorf("third request = %d %v %s, want 429 RATE_LIMITED with Retry-After", last.Status, last.Header, last.Body)
	}
}

// TestRelayMode_SaysWhereToConnect: a relay serves no MCP of its own (its
// sign-in takes ID tokens only); /mcp names the upstream instead.
func TestRelayMode_SaysWhereToConnect(t *testing.T) {
	up := servertest.Start(t, nil)
	relay := servertest.Start(t, func(c *config.Config) {
		c.UpstreamURL, c.UpstreamJWKSURL = up.URL, up.URL+"/api/v1/auth/jwks"
	})
	c := relay.WithToken(t, up.SignIn(t, "alice@example.com").IDToken)
	for _, method := range []string{"POST", "GET", "DELETE"} {
		r := c.DoWith(method, "/mcp", []byte(`{}`), http.Header{"Accept": {"application/json, text/event-stream"}})
		if r.Status != 404 || !strings.Contains(string(r.Body), "MCP_NOT_RELAYED") {
			t.Errorf("%s /mcp on a relay = %d %s, want 404 MCP_NOT_RELAYED", method, r.Status, r.Body)
		}
	}
}

// TestSession_MayCallEveryTool: a signed-in session's ID token is not
// limited by scopes, on /mcp as on every route.
func TestSession_MayCallEveryTool(t *testing.T) {
	e := start(t)
	s := e.session(t, e.alice.IDToken)
	var link struct{ URL string }
	wantOK(t, call(t, s, "create_share_link", `{"recordingId":"`+weeklyID+`"}`), &link)
	var found struct{ Total int }
	wantOK(t, call(t, s, "search_recordings", `{"query":"release"}`), &found)
	if link.URL == "" || found.Total != 1 {
		t.Errorf("with a session: link %+v, search %+v", link, found)
	}
}
