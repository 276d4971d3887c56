package auth_test

import (
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/oidctest"
)

func TestGoogleSignIn_PopupPostsACustomTokenToTheAppOrigin(t *testing.T) {
	env := startOIDC(t, nil)
	b := newBrowser(t)
	env.google.Queue(oidctest.User{Subject: "g-1", Email: "Ada@Example.com", EmailVerified: true,
		Name: "Ada Lovelace", Picture: "https://example.com/ada.png"})

	start := b.get(env.s.URL + "/api/v1/auth/google/start")
	authorize := start.redirect(t)
	if got := authorize.Scheme + "://" + authorize.Host + authorize.Path; got != env.google.URL+"/authorize" {
		t.Fatalf("start redirects to %s", got)
	}
	if start.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("start must not be cached: %v", start.header)
	}
	q := authorize.Query()
	want := map[string]string{
		"client_id": googleClient, "redirect_uri": env.s.URL + "/api/v1/auth/google/callback",
		"scope": "openid email profile", "response_type": "code", "prompt": "select_account",
		"code_challenge_method": "S256",
	}
	for k, v := range want {
		if q.Get(k) != v {
			t.Errorf("authorize %s = %q, want %q", k, q.Get(k), v)
		}
	}
	if len(q.Get("state")) < 43 || len(q.Get("nonce")) < 43 || len(q.Get("code_challenge")) != 43 || q.Get("state") == q.Get("nonce") {
		t.Fatalf("state, nonce or challenge missing or weak: %v", q)
	}

	callback := b.get(authorize.String()).redirect(t)
	if !strings.HasPrefix(callback.String(), env.s.URL+"/api/v1/auth/google/callback?") {
		t.Fatalf("issuer sent the popup to %s", callback)
	}
	page := b.get(callback.String()).page(t)
	if page.status != 200 || page.message.Provider != "google" || page.message.Token == "" || page.message.Error != "" {
		t.Fatalf("callback page = %d %+v", page.status, page.message)
	}
	if page.origin != env.s.URL {
		t.Fatalf("postMessage target origin %q, want exactly %q", page.origin, env.s.URL)
	}

	c, user := env.session(t, page.message.Token)
	if user.Email != "ada@example.com" || user.DisplayName != "Ada Lovelace" || user.PhotoURL != "https://example.com/ada.png" {
		t.Fatalf("session user = %+v", user)
	}
	var me httpx.Principal
	c.MustOK("GET", "/api/v1/test/whoami", nil, &me)
	if me.UID != user.UID || me.Email != "ada@example.com" {
		t.Fatalf("whoami = %+v, want %+v", me, user)
	}

	again := b.get(env.googleCallback(t, b, oidctest.User{Subject: "g-1", Email: "ada@example.com", EmailVerified: true})).page(t)
	if _, second := env.session(t, again.message.Token); second.UID != user.UID {
		t.Fatalf("second sign-in got uid %s, first %s", second.UID, user.UID)
	}
	if logs := env.logs.String(); strings.Contains(logs, page.message.Token) || strings.Contains(logs, callback.Query().Get("code")) {
		t.Fatalf("the log holds a token or code:\n%s", logs)
	}
}

func TestGoogleSignIn_JoinsTheAccountOfAnEmailSignIn(t *testing.T) {
	env := startOIDC(t, nil)
	byMail := env.s.SignIn(t, "grace@example.com")
	var first httpx.Principal
	byMail.MustOK("GET", "/api/v1/test/whoami", nil, &first)

	b := newBrowser(t)
	page := b.get(env.googleCallback(t, b, oidctest.User{Subject: "g-2", Email: "grace@example.com", EmailVerified: true, Name: "Grace"})).page(t)
	if _, user := env.session(t, page.message.Token); user.UID != first.UID || user.DisplayName != "Grace" {
		t.Fatalf("Google sign-in of the same address = %+v, want uid %s", user, first.UID)
	}
}

func TestAppleSignIn_FormPostGivesTheNameAndASignedClientSecret(t *testing.T) {
	env := startOIDC(t, nil)
	b := newBrowser(t)
	env.apple.Queue(oidctest.User{Subject: "a-1", Email: "x7@privaterelay.appleid.com", EmailVerified: "true",
		AppleUser: `{"name":{"firstName":"Grace","lastName":"Hopper"},"email":"x7@privaterelay.appleid.com"}`})

	authorize := b.get(env.s.URL + "/api/v1/auth/apple/start").redirect(t)
	q := authorize.Query()
	want := map[string]string{
		"client_id": appleClient, "redirect_uri": env.s.URL + "/api/v1/auth/apple/callback",
		"scope": "name email", "response_mode": "form_post", "response_type": "code", "code_challenge_method": "S256",
	}
	for k, v := range want {
		if q.Get(k) != v {
			t.Errorf("authorize %s = %q, want %q", k, q.Get(k), v)
		}
	}
	if q.Has("prompt") || q.Get("nonce") == "" || q.Get("state") == "" {
		t.Fatalf("authorize query %v", q)
	}

	formPage := b.get(authorize.String())
	action, form, err := oidctest.ParseFormPost(formPage.body)
	if err != nil || action != env.s.URL+"/api/v1/auth/apple/callback" || form.Get("user") == "" {
		t.Fatalf("form_post page: %v %s %v\n%s", err, action, form, formPage.body)
	}
	page := b.post(action, env.apple.URL, form).page(t)
	if page.status != 200 || page.message.Provider != "apple" || page.message.Token == "" || page.origin != env.s.URL {
		t.Fatalf("callback page = %d %+v to %s", page.status, page.message, page.origin)
	}
	_, user := env.session(t, page.message.Token)
	if user.Email != "x7@privaterelay.appleid.com" || user.DisplayName != "Grace Hopper" {
		t.Fatalf("session user = %+v", user)
	}

	secrets := env.apple.ClientSecrets()
	if len(secrets) != 1 {
		t.Fatalf("token endpoint saw %d client secrets", len(secrets))
	}
	if err := appleSecretError(secrets[0], &env.appleKey.PublicKey, env.apple.URL); err != nil {
		t.Fatalf("client secret does not verify with the key's public half: %v", err)
	}
}

func TestAppleSignIn_LaterSignInsWithoutTheNameKeepIt(t *testing.T) {
	env := startOIDC(t, nil)
	signIn := func(u oidctest.User) sessionUser {
		b := newBrowser(t)
		env.apple.Queue(u)
		authorize := b.get(env.s.URL + "/api/v1/auth/apple/start").redirect(t)
		action, form, err := oidctest.ParseFormPost(b.get(authorize.String()).body)
		if err != nil {
			t.Fatal(err)
		}
		_, user := env.session(t, b.post(action, env.apple.URL, form).page(t).message.Token)
		return user
	}
	first := signIn(oidctest.User{Subject: "a-2", Email: "kate@example.com", EmailVerified: "true",
		AppleUser: `{"name":{"firstName":"Kate","lastName":"Johnson"}}`})
	second := signIn(oidctest.User{Subject: "a-2", Email: "kate@example.com", EmailVerified: "true"})
	if second.UID != first.UID || second.DisplayName != "Kate Johnson" {
		t.Fatalf("second Apple sign-in = %+v, first %+v", second, first)
	}
}
