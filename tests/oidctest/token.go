package oidctest

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// token redeems an authorization code once, for the client it was issued to,
// with the verifier whose S256 hash was the challenge.
func (i *Issuer) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request")
		return
	}
	secret, ok := i.authenticate(r)
	if !ok {
		oauthError(w, http.StatusUnauthorized, "invalid_client")
		return
	}
	if r.PostForm.Get("grant_type") != "authorization_code" {
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type")
		return
	}
	g, ok := i.redeem(r.PostForm)
	if !ok {
		// Echo the code as some issuers do, so tests can prove it never reaches our logs.
		writeJSON(w, http.StatusBadRequest, map[string]string{
			"error": "invalid_grant", "error_description": "code " + r.PostForm.Get("code") + " is unknown, used or not for this verifier",
		})
		return
	}
	idToken, err := i.idToken(g)
	if err != nil {
		oauthError(w, http.StatusInternalServerError, "server_error")
		return
	}
	i.mu.Lock()
	i.secrets = append(i.secrets, secret)
	i.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": randomString(24), "token_type": "Bearer", "expires_in": 3600, "id_token": idToken,
	})
}

// authenticate accepts client_secret_post and client_secret_basic.
func (i *Issuer) authenticate(r *http.Request) (string, bool) {
	id, secret, basic := r.BasicAuth()
	if !basic {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != i.ClientID || secret == "" {
		return "", false
	}
	if i.CheckSecret != nil && i.CheckSecret(secret) != nil {
		return "", false
	}
	return secret, true
}

// redeem marks the code used and checks redirect URI and PKCE verifier.
func (i *Issuer) redeem(form url.Values) (*grant, bool) {
	i.mu.Lock()
	defer i.mu.Unlock()
	g, ok := i.grants[form.Get("code")]
	if !ok || g.used {
		return nil, false
	}
	g.used = true
	sum := sha256.Sum256([]byte(form.Get("code_verifier")))
	challenge := base64.RawURLEncoding.EncodeToString(sum[:])
	if form.Get("redirect_uri") != g.redirectURI || subtle.ConstantTimeCompare([]byte(challenge), []byte(g.challenge)) != 1 {
		return nil, false
	}
	return g, true
}

func (i *Issuer) idToken(g *grant) (string, error) {
	now := time.Now()
	nonce := g.nonce
	if g.user.Nonce != "" {
		nonce = g.user.Nonce
	}
	claims := jwt.MapClaims{
		"iss": i.URL, "aud": i.ClientID, "sub": g.user.Subject,
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(), "nonce": nonce,
	}
	set := func(name string, v any) {
		if v != nil && v != "" {
			claims[name] = v
		}
	}
	set("email", g.user.Email)
	set("email_verified", g.user.EmailVerified)
	set("name", g.user.Name)
	set("picture", g.user.Picture)
	t := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	t.Header["kid"] = i.kid
	return t.SignedString(i.key)
}

func oauthError(w http.ResponseWriter, status int, code string) {
	writeJSON(w, status, map[string]string{"error": code})
}

var (
	formAction = regexp.MustCompile(`<form method="post" action="([^"]*)">`)
	formInput  = regexp.MustCompile(`<input type="hidden" name="([^"]*)" value="([^"]*)">`)
)

// ParseFormPost reads the page the authorization endpoint answers in form_post
// mode: where it posts and what. A test then sends that POST as a browser would.
func ParseFormPost(page string) (string, url.Values, error) {
	m := formAction.FindStringSubmatch(page)
	if m == nil {
		return "", nil, errors.New("oidctest: no form_post form in page")
	}
	fields := url.Values{}
	for _, in := range formInput.FindAllStringSubmatch(page, -1) {
		fields.Add(html.UnescapeString(in[1]), html.UnescapeString(in[2]))
	}
	return html.UnescapeString(m[1]), fields, nil
}
