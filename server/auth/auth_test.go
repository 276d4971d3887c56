package auth_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/go-jose/go-jose/v4"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/mailpit"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// whoami is a signed-in route added for the test, to prove what a token grants.
func whoami() fx.Option {
	return fx.Provide(fx.Annotate(func() []httpx.Route {
		return []httpx.Route{{Pattern: "GET /api/v1/test/whoami", Handler: func(w http.ResponseWriter, r *http.Request) error {
			httpx.WriteJSON(w, 200, httpx.MustPrincipal(r))
			return nil
		}}}
	}, fx.ResultTags(`group:"routes,flatten"`)))
}

func TestEmailSignIn_EndToEnd(t *testing.T) {
	s := servertest.Start(t, nil, whoami())
	c := s.SignIn(t, "Ada@Example.com")
	var me httpx.Principal
	c.MustOK("GET", "/api/v1/test/whoami", nil, &me)
	if me.Email != "ada@example.com" || me.UID == "" {
		t.Fatalf("whoami = %+v", me)
	}
	var check struct {
		Data struct{ Exists bool }
	}
	c.MustOK("GET", "/api/v1/auth-email/check?email=ada@example.com", nil, &check)
	if !check.Data.Exists {
		t.Fatal("a signed-up address must exist")
	}
	c.MustOK("GET", "/api/v1/auth-email/check?email=nobody@example.com", nil, &check)
	if check.Data.Exists {
		t.Fatal("an unknown address must not exist")
	}
}

func TestSendOTP_AnswersTheSpecShape(t *testing.T) {
	s := servertest.Start(t, nil)
	var body struct {
		Success   bool
		Message   string
		ExpiresIn int
	}
	s.NewClient(t).MustOK("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "a@example.com"}, &body)
	if !body.Success || body.ExpiresIn != 600 || body.Message == "" {
		t.Fatalf("send-otp = %+v", body)
	}
}

func TestAuthErrors(t *testing.T) {
	s := servertest.Start(t, nil, whoami())
	c := s.NewClient(t)
	cases := []struct {
		name, method, path string
		body               any
		status             int
		message            string
	}{
		{"malformed json", "POST", "/api/v1/auth/email/send-otp", []byte(`{"email":`), 400, "not valid JSON"},
		{"empty body", "POST", "/api/v1/auth/email/send-otp", []byte(``), 400, "empty"},
		{"bad email", "POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "nope"}, 400, "valid email"},
		{"oversized body", "POST", "/api/v1/auth/email/send-otp", []byte(`{"email":"` + strings.Repeat("a", 2<<20) + `"}`), 413, "too large"},
		{"wrong type", "POST", "/api/v1/auth/email/verify-otp", []byte(`{"email":5}`), 400, "wrong type"},
		{"unknown custom token", "POST", "/api/v1/auth/session", map[string]string{"token": "made-up"}, 401, "invalid"},
		{"no custom token", "POST", "/api/v1/auth/session", map[string]string{}, 400, "token is required"},
		{"refresh without cookie", "POST", "/api/v1/auth/refresh", nil, 401, "Not signed in"},
		{"signed-in route without token", "GET", "/api/v1/test/whoami", nil, 401, "Authentication required"},
		{"unknown api path", "GET", "/api/v1/nothing/here", nil, 404, "No API endpoint"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.Do(tc.method, tc.path, tc.body)
			var e httpx.ErrorBody
			r.JSON(t, &e)
			if r.Status != tc.status || e.Success || !strings.Contains(e.Message, tc.message) || e.Code == "" {
				t.Fatalf("got %d %s, want %d containing %q", r.Status, r.Body, tc.status, tc.message)
			}
		})
	}
	t.Run("forged bearer token", func(t *testing.T) {
		c := s.NewClient(t)
		c.IDToken = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."
		if r := c.Do("GET", "/api/v1/test/whoami", nil); r.Status != 401 {
			t.Fatalf("forged token got %d", r.Status)
		}
	})
}

func TestVerifyOTP_HTTPLockoutAndRetryAfter(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.NewClient(t)
	c.MustOK("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "a@example.com"})
	wrong := "000000"
	if s.Mail.LastCode("a@example.com") == wrong {
		wrong = "111111"
	}
	var last servertest.Response
	for i := 0; i < 5; i++ {
		last = c.Do("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": "a@example.com", "otp": wrong})
	}
	if last.Status != 429 || !strings.Contains(string(last.Body), "Too many failed attempts") || last.Header.Get("Retry-After") != "900" {
		t.Fatalf("fifth failure = %d %s retry-after %q", last.Status, last.Body, last.Header.Get("Retry-After"))
	}
	r := c.Do("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "a@example.com"})
	if r.Status != 429 {
		t.Fatalf("send while locked = %d", r.Status)
	}
	r = c.Do("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "b@example.com"})
	if r.Status != 200 {
		t.Fatalf("another address must not be locked, got %d", r.Status)
	}
}

func TestSession_CookieRefreshAndLogout(t *testing.T) {
	s := servertest.Start(t, nil, whoami())
	c := s.SignIn(t, "a@example.com")

	before := c.Cookie("/api/v1/auth/refresh", "pocket_refresh")
	r := c.MustOK("POST", "/api/v1/auth/refresh", nil)
	cookie := r.Header.Get("Set-Cookie")
	// Rotated: each refresh hands out a new token.
	if after := c.Cookie("/api/v1/auth/refresh", "pocket_refresh"); after == "" || after == before {
		t.Fatalf("refresh kept the token (%q → %q)", before, after)
	}
	for _, want := range []string{"pocket_refresh=", "HttpOnly", "SameSite=Strict", "Path=/api/v1/auth"} {
		if !strings.Contains(cookie, want) {
			t.Fatalf("refresh cookie %q lacks %q", cookie, want)
		}
	}
	var session struct {
		IDToken   string
		ExpiresIn int
		User      struct{ Email string }
	}
	r.JSON(t, &session)
	if session.ExpiresIn != 3600 || session.User.Email != "a@example.com" || session.IDToken == "" {
		t.Fatalf("refresh = %+v", session)
	}
	c.IDToken = session.IDToken
	c.MustOK("GET", "/api/v1/test/whoami", nil)

	c.MustOK("POST", "/api/v1/auth/logout", nil)
	if r := c.Do("POST", "/api/v1/auth/refresh", nil); r.Status != 401 {
		t.Fatalf("refresh after logout = %d", r.Status)
	}
}

// The readable marker the app checks before refreshing: set with the refresh
// cookie (same lifetime, readable by scripts, whole site), cleared at logout
// and whenever a refresh is refused, so a signed-out visit never calls refresh.
func TestSession_HasSessionMarkerFollowsTheRefreshCookie(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.SignIn(t, "a@example.com")
	if got := c.Cookie("/", "pocket_has_session"); got != "1" {
		t.Fatalf("after sign-in the marker is %q, want 1", got)
	}
	r := c.MustOK("POST", "/api/v1/auth/refresh", nil)
	refresh, marker := setCookie(t, r, "pocket_refresh"), setCookie(t, r, "pocket_has_session")
	if marker.Value != "1" || marker.HttpOnly || marker.Path != "/" || marker.SameSite != http.SameSiteStrictMode {
		t.Fatalf("marker = %+v, want 1, readable by scripts, Path=/, SameSite=Strict", marker)
	}
	if marker.MaxAge != refresh.MaxAge || marker.MaxAge <= 0 {
		t.Fatalf("marker lives %d s, the refresh cookie %d s", marker.MaxAge, refresh.MaxAge)
	}

	c.MustOK("POST", "/api/v1/auth/logout", nil)
	if got := c.Cookie("/", "pocket_has_session"); got != "" {
		t.Fatalf("after logout the marker is still %q", got)
	}

	// A refused refresh (here a token the server never issued) clears it too.
	c = s.SignIn(t, "b@example.com")
	u, _ := url.Parse(s.URL + "/api/v1/auth")
	c.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: "pocket_refresh", Value: "not-a-token", Path: "/api/v1/auth"}})
	if r := c.Do("POST", "/api/v1/auth/refresh", nil); r.Status != 401 {
		t.Fatalf("unknown refresh token = %d", r.Status)
	}
	if got := c.Cookie("/", "pocket_has_session"); got != "" {
		t.Fatalf("after a refused refresh the marker is still %q", got)
	}

	// A marker left without its refresh cookie is cleared by the first refresh.
	c = s.NewClient(t)
	root, _ := url.Parse(s.URL + "/")
	c.HTTP.Jar.SetCookies(root, []*http.Cookie{{Name: "pocket_has_session", Value: "1", Path: "/"}})
	if r := c.Do("POST", "/api/v1/auth/refresh", nil); r.Status != 401 {
		t.Fatalf("refresh without a cookie = %d", r.Status)
	}
	if got := c.Cookie("/", "pocket_has_session"); got != "" {
		t.Fatalf("a refresh with no session left the marker %q", got)
	}
}

// The page pass (what lets the server fill the signed-in screens' HTML) is
// set with the session, sent only with those screens' pages, unreadable by
// scripts, and cleared with the session.
func TestSession_PagePassFollowsTheSession(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.SignIn(t, "a@example.com")
	if c.Cookie("/recordings/x", "pocket_page") == "" {
		t.Fatal("no page pass after sign-in")
	}
	if got := c.Cookie("/api/v1/recordings", "pocket_page"); got != "" {
		t.Fatal("the page pass goes with API requests too")
	}
	r := c.MustOK("POST", "/api/v1/auth/refresh", nil)
	pass, refresh := setCookie(t, r, "pocket_page"), setCookie(t, r, "pocket_refresh")
	if !pass.HttpOnly || pass.Path != "/recordings" || pass.SameSite != http.SameSiteStrictMode || pass.MaxAge != refresh.MaxAge {
		t.Fatalf("page pass cookie = %+v, want httpOnly, Path=/recordings, SameSite=Strict, the session's lifetime", pass)
	}
	c.MustOK("POST", "/api/v1/auth/logout", nil)
	if got := c.Cookie("/recordings", "pocket_page"); got != "" {
		t.Fatal("the page pass outlives a logout")
	}
}

// setCookie is the Set-Cookie of the response named name.
func setCookie(t *testing.T, r servertest.Response, name string) *http.Cookie {
	t.Helper()
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no Set-Cookie %s in %v", name, r.Header.Values("Set-Cookie"))
	return nil
}

func TestSession_CustomTokenIsSingleUse(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.NewClient(t)
	c.MustOK("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "a@example.com"})
	var v struct{ Data struct{ Token string } }
	c.MustOK("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": "a@example.com", "otp": s.Mail.LastCode("a@example.com")}, &v)
	c.MustOK("POST", "/api/v1/auth/session", map[string]string{"token": v.Data.Token})
	if r := c.Do("POST", "/api/v1/auth/session", map[string]string{"token": v.Data.Token}); r.Status != 401 {
		t.Fatalf("second exchange = %d", r.Status)
	}
}

func TestSession_SurvivesARestartOnTheSameDataDirectory(t *testing.T) {
	s := servertest.Start(t, nil, whoami())
	c := s.SignIn(t, "a@example.com")
	cfg := s.Cfg
	s.Stop()
	s2 := servertest.StartConfig(t, cfg, whoami())
	s2.WithToken(t, c.IDToken).MustOK("GET", "/api/v1/test/whoami", nil)
}

func TestJWKS_IsPublicAndVerifiesTheServersIDTokens(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.SignIn(t, "a@example.com")
	r := s.NewClient(t).MustOK("GET", "/api/v1/auth/jwks", nil)
	var set jose.JSONWebKeySet
	r.JSON(t, &set)
	jws, err := jose.ParseSigned(c.IDToken, []jose.SignatureAlgorithm{jose.EdDSA})
	if err != nil {
		t.Fatal(err)
	}
	keys := set.Key(jws.Signatures[0].Header.KeyID)
	if len(keys) != 1 {
		t.Fatalf("token's kid %q not in the set %s", jws.Signatures[0].Header.KeyID, r.Body)
	}
	if _, err := jws.Verify(keys[0].Key); err != nil {
		t.Fatalf("published key does not verify a session's ID token: %v", err)
	}
}

func TestProviders_SayWhatIsConfigured(t *testing.T) {
	s := servertest.Start(t, nil)
	var p map[string]bool
	s.NewClient(t).MustOK("GET", "/api/v1/auth/providers", nil, &p)
	if p["google"] || p["apple"] {
		t.Fatalf("nothing is configured, got %v", p)
	}
}

func TestEmailSignIn_ThroughRealSMTP(t *testing.T) {
	mp := mailpit.Start(t)
	s := servertest.Start(t, func(c *config.Config) {
		c.SMTPURL = mp.SMTPURL
		c.MailFrom = "Pocket <no-reply@pocket.test>"
	}, whoami())
	c := s.NewClient(t)
	c.MustOK("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "grace@example.com"})
	msgs := mp.Messages(t)
	if len(msgs) != 1 || msgs[0].To[0].Address != "grace@example.com" || msgs[0].From.Address != "no-reply@pocket.test" {
		t.Fatalf("mailpit got %+v", msgs)
	}
	code := regexp.MustCompile(`\b\d{6}\b`).FindString(mp.Text(t, msgs[0].ID))
	if code == "" {
		t.Fatalf("no code in %q", mp.Text(t, msgs[0].ID))
	}
	var v struct{ Data struct{ Token string } }
	c.MustOK("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": "grace@example.com", "otp": code}, &v)
	var session struct{ IDToken string }
	c.MustOK("POST", "/api/v1/auth/session", map[string]string{"token": v.Data.Token}, &session)
	c.IDToken = session.IDToken
	c.MustOK("GET", "/api/v1/test/whoami", nil)
}

func TestSendOTP_UnreachableSMTPSaysSoAndAllowsARetry(t *testing.T) {
	s := servertest.Start(t, func(c *config.Config) { c.SMTPURL = "smtp://127.0.0.1:1" })
	c := s.NewClient(t)
	for i := 0; i < 2; i++ {
		r := c.Do("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "a@example.com"})
		if r.Status != 503 || !strings.Contains(string(r.Body), "Failed to send verification code") {
			t.Fatalf("attempt %d: %d %s", i, r.Status, r.Body)
		}
	}
}

// Login CSRF: another site's page must not sign a visitor into the attacker's
// account (a form posting the attacker's custom token), nor refresh or end the
// visitor's session. The app's own pages, and clients that are not browsers, may.
func TestSessionCookieEndpoints_RefuseOtherSitesPages(t *testing.T) {
	const app = "https://pocket.test"
	s := servertest.Start(t, func(c *config.Config) { c.PublicURL = app })
	c := s.NewClient(t)
	c.MustOK("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "attacker@example.com"})
	var v struct{ Data struct{ Token string } }
	c.MustOK("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": "attacker@example.com", "otp": s.Mail.LastCode("attacker@example.com")}, &v)
	body := map[string]string{"token": v.Data.Token}

	refused := []struct {
		name   string
		header http.Header
		status int
		code   string
	}{
		{"a page of another origin", http.Header{"Origin": {"https://evil.example"}}, 403, "CROSS_SITE"},
		{"a cross-site fetch without Origin", http.Header{"Sec-Fetch-Site": {"cross-site"}}, 403, "CROSS_SITE"},
		{"a sibling site", http.Header{"Origin": {app}, "Sec-Fetch-Site": {"same-site"}}, 403, "CROSS_SITE"},
		{"a plain form post (text/plain) from the app's origin", http.Header{"Origin": {app}, "Content-Type": {"text/plain"}}, 400, "NOT_JSON"},
		{"a urlencoded form", http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, 400, "NOT_JSON"},
	}
	for _, tc := range refused {
		r := c.DoWith("POST", "/api/v1/auth/session", body, tc.header)
		if r.Status != tc.status || !strings.Contains(string(r.Body), tc.code) || r.Header.Get("Set-Cookie") != "" {
			t.Errorf("session from %s = %d %s (cookie %q), want %d %s and no cookie", tc.name, r.Status, r.Body, r.Header.Get("Set-Cookie"), tc.status, tc.code)
		}
	}
	// None of those spent the token: the app's own page signs in with it.
	if r := c.DoWith("POST", "/api/v1/auth/session", body, http.Header{"Origin": {app}, "Sec-Fetch-Site": {"same-origin"}}); r.Status != 200 || r.Header.Get("Set-Cookie") == "" {
		t.Fatalf("session from the app's page = %d %s", r.Status, r.Body)
	}
	if r := c.DoWith("POST", "/api/v1/auth/refresh", nil, http.Header{"Origin": {"https://evil.example"}}); r.Status != 403 {
		t.Errorf("refresh from another site = %d, want 403", r.Status)
	}
	if r := c.DoWith("POST", "/api/v1/auth/logout", nil, http.Header{"Sec-Fetch-Site": {"cross-site"}}); r.Status != 403 {
		t.Errorf("logout from another site = %d, want 403", r.Status)
	}
	// The session is intact: the refused logout ended nothing.
	c.MustOK("POST", "/api/v1/auth/refresh", nil)
}

// One client cannot mail codes to address after address, lock many people
// out, or sweep the account check: each endpoint has a per-client limit past
// its burst, answered 429 with Retry-After. (Clients are keyed by address:
// httpx.TestClientKey.)
func TestSignIn_ThrottledPerClient(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.NewClient(t)
	addr := func(i int) string { return fmt.Sprintf("person%d@example.com", i) }
	cases := []struct {
		name  string
		burst int
		call  func(i int) servertest.Response
	}{
		{"send-otp", 10, func(i int) servertest.Response {
			return c.Do("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": addr(i)})
		}},
		{"auth-email/check", 20, func(i int) servertest.Response {
			return c.Do("GET", "/api/v1/auth-email/check?email="+addr(i), nil)
		}},
		// Wrong codes: their own, tighter limit (wrongcodes_test.go).
		{"verify-otp", 10, func(i int) servertest.Response {
			return c.Do("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": addr(i), "otp": "000000"})
		}},
	}
	for _, tc := range cases {
		for i := 0; i < tc.burst; i++ {
			if r := tc.call(i); r.Status == 429 {
				t.Fatalf("%s refused at call %d of its burst of %d: %s", tc.name, i+1, tc.burst, r.Body)
			}
		}
		r := tc.call(tc.burst)
		if r.Status != 429 || !strings.Contains(string(r.Body), "RATE_LIMITED") || r.Header.Get("Retry-After") == "" {
			t.Errorf("%s past its limit = %d %s (Retry-After %q)", tc.name, r.Status, r.Body, r.Header.Get("Retry-After"))
		}
	}
}
