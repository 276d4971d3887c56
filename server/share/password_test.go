package share_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/tests/servertest"
)

const secret = "correct horse battery"

type shareLink struct {
	ID, Token, URL              string
	Protected, AllowDownload    bool
	Views                       int64
	LastViewedAt                *time.Time
	PasswordHash, Password, Key string // never answered: checked empty
}

type apiError struct{ Code, Message string }

func errorOf(t *testing.T, r servertest.Response) apiError {
	t.Helper()
	var e apiError
	r.JSON(t, &e)
	return e
}

// protectedLink uploads r1 "Quarterly plan" with audio and shares it with secret.
func protectedLink(t *testing.T, owner *servertest.Client) shareLink {
	t.Helper()
	owner.UploadWithAudio("r1", "Quarterly plan", servertest.FakeOgg)
	var l shareLink
	owner.MustOK("POST", "/api/v1/recordings/r1/share", map[string]any{"password": secret}, &l)
	if !l.Protected || l.Token == "" {
		t.Fatalf("created %+v, want a protected link", l)
	}
	return l
}

func unlock(c *servertest.Client, token, password string) servertest.Response {
	return c.Do("POST", "/api/v1/share/"+token+"/unlock", map[string]string{"password": password})
}

// Every public route of a protected link answers PASSWORD_REQUIRED, with
// nothing of the recording, until the right password sets its cookie; a
// wrong one is WRONG_PASSWORD and sets nothing. This fails if any route
// skips the password check.
func TestPassword_ProtectedLinkShowsNothingUntilUnlocked(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	l := protectedLink(t, owner)
	visitor := s.NewClient(t)
	public := []string{
		"/api/v1/share/shared/recording?token=" + l.Token,
		"/api/v1/share/" + l.Token + "/audio",
		"/api/v1/chat/session/r1/shared?token=" + l.Token,
		"/api/v1/chat/session/r1/messages/shared?token=" + l.Token,
	}
	refused := func(when string) {
		t.Helper()
		for _, path := range public {
			r := visitor.Do("GET", path, nil)
			if r.Status != 401 || errorOf(t, r).Code != "PASSWORD_REQUIRED" || strings.Contains(string(r.Body), "Quarterly") {
				t.Fatalf("%s: GET %s = %d %s, want 401 PASSWORD_REQUIRED and nothing of the recording", when, path, r.Status, r.Body)
			}
		}
		r := visitor.Do("POST", "/api/v1/chat/message/shared", map[string]any{"recordingId": "r1", "message": "What was decided?", "shareToken": l.Token})
		if r.Status != 401 || errorOf(t, r).Code != "PASSWORD_REQUIRED" {
			t.Fatalf("%s: shared chat message = %d %s", when, r.Status, r.Body)
		}
	}
	refused("before any password")

	r := unlock(visitor, l.Token, "wrong horse")
	if r.Status != 401 || errorOf(t, r).Code != "WRONG_PASSWORD" || r.Header.Get("Set-Cookie") != "" {
		t.Fatalf("wrong password = %d %s (cookie %q)", r.Status, r.Body, r.Header.Get("Set-Cookie"))
	}
	refused("after a wrong password")

	r = unlock(visitor, l.Token, secret)
	if r.Status != 200 {
		t.Fatalf("right password = %d %s", r.Status, r.Body)
	}
	cookies := r.Header.Values("Set-Cookie")
	if len(cookies) != 2 {
		t.Fatalf("unlock set %q, want the cookie on the share and chat paths", cookies)
	}
	for i, path := range []string{"/api/v1/share/", "/api/v1/chat/"} {
		c := cookies[i]
		for _, want := range []string{"pocket_share_", "Path=" + path, "Max-Age=7200", "HttpOnly", "SameSite=Lax"} {
			if !strings.Contains(c, want) {
				t.Errorf("cookie %q lacks %q", c, want)
			}
		}
	}
	var view struct {
		Data struct {
			Recording struct{ Title string }
		}
	}
	visitor.MustOK("GET", public[0], nil, &view)
	if view.Data.Recording.Title != "Quarterly plan" {
		t.Fatalf("unlocked view = %+v", view)
	}
	visitor.MustOK("GET", public[1], nil)
	visitor.MustOK("GET", public[2], nil) // the chat session (messages are asked of the session's id)
	if s.NewClient(t).Do("GET", public[0], nil).Status != 401 {
		t.Fatal("another browser opened the link without the password")
	}
}

// A cookie for link A does not open link B, even of the same recording and
// password, nor when renamed as B's.
func TestPassword_CookieIsScopedToItsLink(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	a := protectedLink(t, owner)
	var b shareLink
	owner.MustOK("POST", "/api/v1/recordings/r1/share", map[string]any{"password": secret}, &b)
	visitor := s.NewClient(t)
	if r := unlock(visitor, a.Token, secret); r.Status != 200 {
		t.Fatalf("unlock A = %d %s", r.Status, r.Body)
	}
	visitor.MustOK("GET", "/api/v1/share/shared/recording?token="+a.Token, nil)
	if r := visitor.Do("GET", "/api/v1/share/shared/recording?token="+b.Token, nil); r.Status != 401 || errorOf(t, r).Code != "PASSWORD_REQUIRED" {
		t.Fatalf("A's cookie opened B: %d %s", r.Status, r.Body)
	}
	var aCookie string
	for _, c := range visitor.HTTP.Jar.Cookies(mustURL(t, s.URL+"/api/v1/share/")) {
		aCookie = c.Value
	}
	forger := s.NewClient(t)
	r := forger.DoWith("GET", "/api/v1/share/shared/recording?token="+b.Token, nil,
		http.Header{"Cookie": {"pocket_share_" + b.ID[:16] + "=" + aCookie}})
	if r.Status != 401 {
		t.Fatalf("A's cookie under B's name opened B: %d %s", r.Status, r.Body)
	}
}

// Wrong passwords are limited per link (every client together) and per
// client address (across links); past either, even the right password is
// refused with 429 TOO_MANY_ATTEMPTS, a Retry-After and when to retry.
func TestPassword_WrongPasswordsAreLimitedPerLinkAndPerClient(t *testing.T) {
	s := servertest.StartEnv(t, map[string]string{
		"POCKET_SHARE_PASSWORD_ATTEMPTS": "3", "POCKET_SHARE_PASSWORD_CLIENT_ATTEMPTS": "4", "POCKET_SHARE_PASSWORD_WINDOW": "15m",
	}, nil)
	owner := s.SignIn(t, "owner@example.com")
	l := protectedLink(t, owner)
	first := s.NewClientFrom(t, "127.0.0.2")
	for i := range 3 {
		if r := unlock(first, l.Token, "guess"); errorOf(t, r).Code != "WRONG_PASSWORD" {
			t.Fatalf("guess %d = %d %s", i+1, r.Status, r.Body)
		}
	}
	second := s.NewClientFrom(t, "127.0.0.3")
	for _, c := range []*servertest.Client{first, second} {
		r := unlock(c, l.Token, secret)
		e := errorOf(t, r)
		if r.Status != 429 || e.Code != "TOO_MANY_ATTEMPTS" || r.Header.Get("Retry-After") == "" || !strings.Contains(e.Message, "try again in 5 minutes") {
			t.Fatalf("past the link's limit = %d %s (Retry-After %q)", r.Status, r.Body, r.Header.Get("Retry-After"))
		}
	}

	// One client guessing across four other links (one wrong each) is stopped on a fifth.
	var others [5]shareLink
	for i := range others {
		owner.MustOK("POST", "/api/v1/recordings/r1/share", map[string]any{"password": secret}, &others[i])
	}
	third := s.NewClientFrom(t, "127.0.0.4")
	for i := range 4 {
		if r := unlock(third, others[i].Token, "guess"); errorOf(t, r).Code != "WRONG_PASSWORD" {
			t.Fatalf("guess on link %d = %d %s", i, r.Status, r.Body)
		}
	}
	if r := unlock(third, others[4].Token, secret); r.Status != 429 {
		t.Fatalf("past the client's limit = %d %s", r.Status, r.Body)
	}
	if r := unlock(s.NewClientFrom(t, "127.0.0.5"), others[4].Token, secret); r.Status != 200 {
		t.Fatalf("another client on a fresh link = %d %s", r.Status, r.Body)
	}
}

// A wrong password takes as long as a hash at least (and a floor beside):
// it is not answered faster than a right one would be.
func TestPassword_WrongPasswordIsNotFast(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	l := protectedLink(t, owner)
	for _, guess := range []string{"x", strings.Repeat("long guess ", 20)} {
		start := time.Now()
		unlock(s.NewClient(t), l.Token, guess)
		if took := time.Since(start); took < 300*time.Millisecond {
			t.Errorf("wrong password %q answered in %v, under the 300 ms floor", guess, took)
		}
	}
}

func TestPassword_UnlockRefusals(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	l := protectedLink(t, owner)
	var open shareLink
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &open)
	v := s.NewClient(t)
	cases := []struct {
		name, token string
		body        any
		header      http.Header
		status      int
		code        string
	}{
		{"no password", l.Token, map[string]string{}, nil, 400, "INVALID_ARGUMENT"},
		{"password not a string", l.Token, []byte(`{"password":5}`), nil, 400, "INVALID_ARGUMENT"},
		{"unknown link", "not-a-real-token", map[string]string{"password": secret}, nil, 401, "INVALID_SHARE_TOKEN"},
		{"another site's page", l.Token, map[string]string{"password": secret}, http.Header{"Origin": {"https://evil.example"}}, 403, "CROSS_SITE"},
		{"not JSON", l.Token, []byte(`password=x`), http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, 400, "NOT_JSON"},
		{"body too large", l.Token, map[string]string{"password": strings.Repeat("a", 5000)}, nil, 413, "BODY_TOO_LARGE"},
	}
	for _, tc := range cases {
		r := v.DoWith("POST", "/api/v1/share/"+tc.token+"/unlock", tc.body, tc.header)
		if r.Status != tc.status || errorOf(t, r).Code != tc.code || r.Header.Get("Set-Cookie") != "" {
			t.Errorf("%s: %d %s, want %d %s", tc.name, r.Status, r.Body, tc.status, tc.code)
		}
	}
	if r := unlock(v, open.Token, "anything"); r.Status != 200 || r.Header.Get("Set-Cookie") != "" {
		t.Errorf("unlocking a link without a password = %d %s", r.Status, r.Body)
	}
	owner.MustOK("DELETE", "/api/v1/share/"+l.Token, nil)
	if r := unlock(v, l.Token, secret); r.Status != 401 || errorOf(t, r).Code != "INVALID_SHARE_TOKEN" {
		t.Errorf("unlocking a revoked link = %d %s", r.Status, r.Body)
	}
}

// The owner sets, changes and clears a password with PATCH; a change ends
// the unlocks made with the old one. Nobody else can edit the link.
func TestPassword_OwnerEditsThePassword(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	owner.UploadWithAudio("r1", "Quarterly plan", servertest.FakeOgg)
	var l shareLink
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &l)
	view := "/api/v1/share/shared/recording?token=" + l.Token
	visitor := s.NewClient(t)
	visitor.MustOK("GET", view, nil)

	var edited struct{ Data shareLink }
	owner.MustOK("PATCH", "/api/v1/share/"+l.ID, map[string]any{"password": secret}, &edited)
	if !edited.Data.Protected || !edited.Data.AllowDownload {
		t.Fatalf("edited = %+v", edited.Data)
	}
	if r := visitor.Do("GET", view, nil); r.Status != 401 {
		t.Fatalf("a password set later does not protect the link: %d", r.Status)
	}
	if r := unlock(visitor, l.Token, secret); r.Status != 200 {
		t.Fatalf("unlock = %d %s", r.Status, r.Body)
	}
	visitor.MustOK("GET", view, nil)
	owner.MustOK("PATCH", "/api/v1/share/"+l.Token, map[string]any{"password": "a new one"})
	if r := visitor.Do("GET", view, nil); r.Status != 401 {
		t.Fatalf("the old password's cookie opens the link after a change: %d", r.Status)
	}
	owner.MustOK("PATCH", "/api/v1/share/"+l.ID, []byte(`{"password":null}`), &edited)
	if edited.Data.Protected {
		t.Fatalf("null did not clear the password: %+v", edited.Data)
	}
	s.NewClient(t).MustOK("GET", view, nil)

	stranger := s.SignIn(t, "stranger@example.com")
	for _, tc := range []struct {
		c      *servertest.Client
		body   any
		status int
		code   string
	}{
		{stranger, map[string]any{"password": secret}, 404, "NOT_FOUND"},
		{s.NewClient(t), map[string]any{"password": secret}, 401, "UNAUTHENTICATED"},
		{owner, map[string]any{"password": "abc"}, 400, "INVALID_PASSWORD"},
		{owner, map[string]any{"password": 12345}, 400, "INVALID_PASSWORD"},
		{owner, map[string]any{"allowDownload": "yes"}, 400, "INVALID_ARGUMENT"},
		{owner, nil, 400, "INVALID_ARGUMENT"},
	} {
		r := tc.c.Do("PATCH", "/api/v1/share/"+l.ID, tc.body)
		if r.Status != tc.status || errorOf(t, r).Code != tc.code {
			t.Errorf("PATCH %v = %d %s, want %d %s", tc.body, r.Status, r.Body, tc.status, tc.code)
		}
	}
	owner.MustOK("DELETE", "/api/v1/share/"+l.ID, nil)
	if r := owner.Do("PATCH", "/api/v1/share/"+l.ID, map[string]any{"password": secret}); r.Status != 409 || errorOf(t, r).Code != "SHARE_REVOKED" {
		t.Errorf("editing a revoked link = %d %s", r.Status, r.Body)
	}
}

// The password is never in an answer or the server's log, in clear or hashed.
func TestPassword_NeverAnsweredOrLogged(t *testing.T) {
	logs := &syncBuffer{}
	logger := fx.Decorate(func() *slog.Logger {
		return slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	s := servertest.Start(t, nil, logger)
	owner := s.SignIn(t, "owner@example.com")
	owner.UploadWithAudio("r1", "Quarterly plan", servertest.FakeOgg)
	var answers []byte
	keep := func(r servertest.Response) { answers = append(answers, r.Body...) }
	keep(owner.MustOK("POST", "/api/v1/recordings/r1/share", map[string]any{"password": secret}))
	var list struct{ Data []shareLink }
	r := owner.MustOK("GET", "/api/v1/recordings/r1/shares", nil, &list)
	keep(r)
	keep(owner.MustOK("PATCH", "/api/v1/share/"+list.Data[0].ID, map[string]any{"password": secret + "2"}))
	keep(owner.Do("POST", "/api/v1/recordings/r1/share", map[string]any{"password": "abc"}))
	for _, text := range [][]byte{answers, logs.Bytes()} {
		for _, leak := range []string{secret, "argon2id", "passwordHash"} {
			if bytes.Contains(text, []byte(leak)) {
				t.Errorf("%q appears in %.300s", leak, text)
			}
		}
	}
	if !bytes.Contains(logs.Bytes(), []byte("INVALID_PASSWORD")) {
		t.Fatal("the log captured nothing: the check above proves nothing")
	}
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}
