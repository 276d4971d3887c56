package tokens_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/servertest"
)

type envelope struct {
	Success *bool
	Message string
	Code    string
	Data    json.RawMessage
}

func decode(t *testing.T, r servertest.Response) envelope {
	t.Helper()
	var e envelope
	r.JSON(t, &e)
	if e.Success == nil {
		t.Fatalf("no envelope: %d %s", r.Status, r.Body)
	}
	return e
}

type madeToken struct {
	ID, Token, Name string
	Scopes          []string
	ExpiresAt       *time.Time
}

// mint makes a token with scopes through the signed-in session c and
// answers it with a client that presents it.
func mint(t *testing.T, s *servertest.Server, c *servertest.Client, body map[string]any) (madeToken, *servertest.Client) {
	t.Helper()
	r := c.Do("POST", "/api/v1/tokens", body)
	if r.Status != 201 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	var made madeToken
	if err := json.Unmarshal(decode(t, r).Data, &made); err != nil {
		t.Fatal(err)
	}
	return made, s.WithToken(t, made.Token)
}

func seedRecording(t *testing.T, c *servertest.Client) {
	c.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "r1", "title": "Roadmap review"}})
}

func TestTokens_AReadTokenReadsButDoesNotWriteAndRevokingEndsItAtOnce(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	seedRecording(t, alice)
	made, script := mint(t, s, alice, map[string]any{"name": "  backup  ", "scopes": []string{"recordings:read"}, "expiresIn": 86400})
	if !strings.HasPrefix(made.Token, "pkt_") || made.ID == "" || made.Name != "backup" || made.ExpiresAt == nil {
		t.Fatalf("made = %+v", made)
	}

	script.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	script.MustOK("GET", "/api/v1/recordings/r1", nil)
	r := script.Do("POST", "/api/v1/folders", map[string]any{"name": "Plans"})
	if e := decode(t, r); r.Status != 403 || e.Code != "INSUFFICIENT_SCOPE" || !strings.Contains(e.Message, "recordings:write") {
		t.Fatalf("a write with a read token = %d %s", r.Status, r.Body)
	}

	// The list shows it, used, and never its secret.
	list := alice.MustOK("GET", "/api/v1/tokens", nil)
	if strings.Contains(string(list.Body), made.Token) || !strings.Contains(string(list.Body), `"lastUsedAt":"`) || !strings.Contains(string(list.Body), made.ID) {
		t.Fatalf("list = %s", list.Body)
	}

	alice.MustOK("DELETE", "/api/v1/tokens/"+made.ID, nil)
	r = script.Do("GET", "/api/v1/recordings/dashboard", nil)
	if e := decode(t, r); r.Status != 401 || e.Code != "INVALID_TOKEN" {
		t.Fatalf("after revoke = %d %s", r.Status, r.Body)
	}
	if r := alice.Do("DELETE", "/api/v1/tokens/"+made.ID, nil); r.Status != 404 {
		t.Fatalf("revoking again = %d %s", r.Status, r.Body)
	}
}

func TestTokens_OnlyASessionManagesTokens(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	made, script := mint(t, s, alice, map[string]any{"name": "all", "scopes": []string{"recordings:read", "recordings:write", "chat", "webhooks"}})
	for _, call := range [][2]string{{"POST", "/api/v1/tokens"}, {"GET", "/api/v1/tokens"}, {"DELETE", "/api/v1/tokens/" + made.ID}} {
		r := script.Do(call[0], call[1], map[string]any{"name": "child", "scopes": []string{"chat"}})
		if e := decode(t, r); r.Status != 403 || e.Code != "SESSION_REQUIRED" {
			t.Errorf("%s %s with a token = %d %s", call[0], call[1], r.Status, r.Body)
		}
	}
	// Another user cannot revoke it, nor learn it exists.
	bob := s.SignIn(t, "bob@example.com")
	if r := bob.Do("DELETE", "/api/v1/tokens/"+made.ID, nil); r.Status != 404 {
		t.Fatalf("bob revoking alice's token = %d %s", r.Status, r.Body)
	}
	script.MustOK("GET", "/api/v1/folders", nil)
}

func TestTokens_BadInputIsRefusedWithTheEnvelope(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	ok := []string{"chat"}
	cases := map[string]struct {
		body any
		code string
	}{
		"no name":            {map[string]any{"scopes": ok}, "INVALID_NAME"},
		"blank name":         {map[string]any{"name": "   ", "scopes": ok}, "INVALID_NAME"},
		"name too long":      {map[string]any{"name": strings.Repeat("n", 101), "scopes": ok}, "INVALID_NAME"},
		"no scopes":          {map[string]any{"name": "x"}, "INVALID_SCOPES"},
		"empty scopes":       {map[string]any{"name": "x", "scopes": []string{}}, "INVALID_SCOPES"},
		"unknown scope":      {map[string]any{"name": "x", "scopes": []string{"admin"}}, "INVALID_SCOPES"},
		"tiny expiry":        {[]byte(`{"name":"x","scopes":["chat"],"expiresIn":1e-10}`), "INVALID_EXPIRES_IN"},
		"zero expiry":        {map[string]any{"name": "x", "scopes": ok, "expiresIn": 0}, "INVALID_EXPIRES_IN"},
		"fractional expiry":  {map[string]any{"name": "x", "scopes": ok, "expiresIn": 3600.5}, "INVALID_EXPIRES_IN"},
		"expiry over a year": {map[string]any{"name": "x", "scopes": ok, "expiresIn": 366 * 86400}, "INVALID_EXPIRES_IN"},
		"expiry as a string": {map[string]any{"name": "x", "scopes": ok, "expiresIn": "3600"}, "INVALID_ARGUMENT"},
		"scopes not a list":  {map[string]any{"name": "x", "scopes": "chat"}, "INVALID_ARGUMENT"},
		"not JSON":           {[]byte(`{"name":`), "INVALID_ARGUMENT"},
		"two values":         {[]byte(`{"name":"x","scopes":["chat"]} {}`), "INVALID_ARGUMENT"},
		"an empty body":      {[]byte(``), "INVALID_ARGUMENT"},
	}
	for name, tc := range cases {
		r := alice.Do("POST", "/api/v1/tokens", tc.body)
		if e := decode(t, r); r.Status != 400 || *e.Success || e.Code != tc.code || e.Message == "" {
			t.Errorf("%s: %d %s, want 400 %s", name, r.Status, r.Body, tc.code)
		}
	}
	if list := alice.MustOK("GET", "/api/v1/tokens", nil); !strings.Contains(string(list.Body), `"data":[]`) {
		t.Fatalf("bad input stored a token: %s", list.Body)
	}
}

func TestTokens_CapRateAndQuotas(t *testing.T) {
	s := servertest.Start(t, func(c *config.Config) {
		c.Quotas.Limits.AccessTokens = 2
		c.Quotas.Limits.TokenRequests = 3
		c.Quotas.Limits.Folders = 1
	})
	alice := s.SignIn(t, "alice@example.com")
	_, writer := mint(t, s, alice, map[string]any{"name": "one", "scopes": []string{"recordings:write", "recordings:read"}})
	mint(t, s, alice, map[string]any{"name": "two", "scopes": []string{"chat"}})
	r := alice.Do("POST", "/api/v1/tokens", map[string]any{"name": "three", "scopes": []string{"chat"}})
	if e := decode(t, r); r.Status != 413 || e.Code != "QUOTA_ACCESS_TOKENS" {
		t.Fatalf("a third token = %d %s", r.Status, r.Body)
	}

	// The token's writes count against the user's quotas: the session's
	// folder fills the one allowed.
	alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Plans"})
	r = writer.Do("POST", "/api/v1/folders", map[string]any{"name": "More"})
	if e := decode(t, r); r.Status != 413 || e.Code != "QUOTA_FOLDERS" {
		t.Fatalf("a folder over quota with a token = %d %s", r.Status, r.Body)
	}
	// Three requests a minute: the folder list below is the third, the next is refused.
	var usage struct {
		Data struct {
			Items []struct {
				ID    string
				Used  *int64
				Limit int64
			}
		}
	}
	writer.MustOK("GET", "/api/v1/usage", nil, &usage)
	found := false
	for _, it := range usage.Data.Items {
		if it.ID == "accessTokens" {
			found = it.Used != nil && *it.Used == 2 && it.Limit == 2
		}
	}
	if !found {
		t.Fatalf("usage does not show 2 of 2 access tokens: %+v", usage.Data.Items)
	}
	writer.MustOK("GET", "/api/v1/folders", nil)
	r = writer.Do("GET", "/api/v1/folders", nil)
	if e := decode(t, r); r.Status != 429 || e.Code != "RATE_LIMITED" || r.Header.Get("Retry-After") == "" {
		t.Fatalf("the fourth request in a minute = %d %s (Retry-After %q)", r.Status, r.Body, r.Header.Get("Retry-After"))
	}
	alice.MustOK("GET", "/api/v1/folders", nil) // the session has no such limit
}

func TestTokens_SignOutLeavesThemAndSignOutEverywhereEndsThemWhenAsked(t *testing.T) {
	var ids *identity.Tokens
	s := servertest.Start(t, nil, fx.Populate(&ids))
	alice := s.SignIn(t, "alice@example.com")
	uid := alice.UID(ids)
	_, script := mint(t, s, alice, map[string]any{"name": "kept", "scopes": []string{"recordings:read"}})
	alice.MustOK("POST", "/api/v1/auth/logout", nil)
	script.MustOK("GET", "/api/v1/folders", nil)

	alice = s.NewSession(t, ids, uid)
	alice.MustOK("POST", "/api/v1/auth/logout-all", nil)
	script.MustOK("GET", "/api/v1/folders", nil)

	alice = s.NewSession(t, ids, uid)
	alice.MustOK("POST", "/api/v1/auth/logout-all", map[string]any{"revokeTokens": true})
	if r := script.Do("GET", "/api/v1/folders", nil); r.Status != 401 {
		t.Fatalf("a token after sign-out everywhere with revokeTokens = %d %s", r.Status, r.Body)
	}
}

func TestTokens_LiveEventsAndSyncAreForSessionsOnly(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	made, script := mint(t, s, alice, map[string]any{"name": "all", "scopes": []string{"recordings:read", "recordings:write", "chat", "webhooks"}})
	if r := script.Do("POST", "/pocket.sync.v1.SyncService/Pull", map[string]any{}); r.Status != 403 {
		t.Fatalf("sync with a token = %d %s", r.Status, r.Body)
	}
	c, _, err := s.DialEvents(t)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.WriteJSON(map[string]string{"type": "auth", "token": made.Token}); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		if _, _, err := c.ReadMessage(); err != nil {
			if !websocket.IsCloseError(err, 4401) {
				t.Fatalf("the socket signed in with a token ended with %v, want close 4401", err)
			}
			return
		}
	}
}

// A script plays a recording's audio with its access token, as the app does
// with a session: a recordings:read token gets the bytes, ranges included;
// a token without that scope is refused 403 naming it, a revoked one 401.
func TestTokens_ReadTheAudioFileWithRecordingsRead(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.UploadWithAudio("r1", "Call", servertest.FakeOgg)
	made, reader := mint(t, s, alice, map[string]any{"name": "player", "scopes": []string{"recordings:read"}})
	_, asker := mint(t, s, alice, map[string]any{"name": "asker", "scopes": []string{"chat"}})

	whole := reader.Do("GET", "/api/v1/recordings/r1/audio", nil)
	if whole.Status != 200 || !bytes.Equal(whole.Body, servertest.FakeOgg) {
		t.Fatalf("audio with a read token = %d, %d bytes", whole.Status, len(whole.Body))
	}
	part := reader.DoWith("GET", "/api/v1/recordings/r1/audio", nil, http.Header{"Range": {"bytes=0-3"}})
	if part.Status != 206 || string(part.Body) != "OggS" {
		t.Fatalf("a range with a read token = %d %q", part.Status, part.Body)
	}
	if r := asker.Do("GET", "/api/v1/recordings/r1/audio", nil); r.Status != 403 || !strings.Contains(string(r.Body), "recordings:read") {
		t.Fatalf("audio with a chat token = %d %s", r.Status, r.Body)
	}
	alice.MustOK("DELETE", "/api/v1/tokens/"+made.ID, nil)
	if r := reader.Do("GET", "/api/v1/recordings/r1/audio", nil); r.Status != 401 {
		t.Fatalf("audio with a revoked token = %d %s", r.Status, r.Body)
	}
}
