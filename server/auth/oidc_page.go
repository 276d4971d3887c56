package auth

import (
	"crypto/rand"
	"encoding/base64"
	"html/template"
	"net/http"
	"net/url"
)

// popupMessage is what the popup posts to the app window that opened it.
// Exactly one of Token and Error is set.
type popupMessage struct {
	Type     string `json:"type"` // always "pocket-auth"
	Provider string `json:"provider"`
	Token    string `json:"token,omitempty"` // custom token for POST /api/v1/auth/session
	Error    string `json:"error,omitempty"` // person-readable
}

// popupData is the page's JSON data block: the message and the one origin it may go to.
type popupData struct {
	Message popupMessage `json:"message"`
	Origin  string       `json:"origin"`
}

// The message travels in a JSON data block, not in the script, so the one inline
// script is constant and allowed by its CSP nonce alone. postMessage names the
// app's exact origin: if anything else opened the popup, the browser drops the
// message instead of handing a token to it. Without an opener the page only says
// what to do next.
var popupPage = template.Must(template.New("popup").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Title}}</title>
<style nonce="{{.Nonce}}">body{font-family:system-ui,sans-serif;margin:2rem;line-height:1.5;color:#111}a{color:#4338ca}</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
<p><a href="{{.LoginURL}}">Go to the sign-in page</a></p>
</main>
<script id="pocket-auth" type="application/json">{{.Data}}</script>
<script nonce="{{.Nonce}}">
(function () {
  var data = JSON.parse(document.getElementById('pocket-auth').textContent);
  if (!window.opener) return;
  window.opener.postMessage(data.message, data.origin);
  window.close();
})();
</script>
</body>
</html>
`))

type popupView struct {
	Title, Text, Nonce, LoginURL string
	Data                         popupData
}

// writePopup answers the popup page with status.
func writePopup(w http.ResponseWriter, publicURL string, status int, msg popupMessage) {
	msg.Type = "pocket-auth"
	view := popupView{
		Title:    "Signing in…",
		Text:     "This window should close by itself. If it stays open, start again from the sign-in page.",
		Nonce:    cspNonce(),
		LoginURL: publicURL + "/login",
		Data:     popupData{Message: msg, Origin: originOf(publicURL)},
	}
	if msg.Error != "" {
		view.Title, view.Text = "Sign-in failed", msg.Error
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'nonce-"+view.Nonce+"'; style-src 'nonce-"+
		view.Nonce+"'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	// The page can hold a sign-in token: never cache it, never leak its URL onward.
	h.Set("Cache-Control", "no-store")
	h.Set("Pragma", "no-cache")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_ = popupPage.Execute(w, view)
}

// originOf reduces the public URL to scheme://host, the form postMessage expects.
func originOf(publicURL string) string {
	u, err := url.Parse(publicURL)
	if err != nil {
		return publicURL
	}
	return u.Scheme + "://" + u.Host
}

func cspNonce() string {
	b := make([]byte, 18)
	if _, err := rand.Read(b); err != nil {
		panic("auth: the system random source failed: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b) // no "+" for html/template to escape
}
