package digest

import (
	"errors"
	"html/template"
	"io"
	"net/http"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/server/httpx"
)

// maxTokenLen bounds the token read from a link (a real one is under 100 bytes).
const maxTokenLen = 512

// unsubscribePage answers the e-mail's link, opened signed out: a page with
// one button that posts the token back (a GET must not unsubscribe: mail
// scanners open links).
func (h handlers) unsubscribePage(w http.ResponseWriter, r *http.Request) error {
	token := r.URL.Query().Get("token")
	if _, err := h.verify(token); err != nil {
		return h.refuse(w, r, err)
	}
	page(w, http.StatusOK, pageData{Title: "Unsubscribe from the Pocket digest", Token: token,
		Text: "Stop receiving the Pocket digest? You can turn it on again on the Digest page."})
	return nil
}

// unsubscribe turns the digest off: the page's button, or a mail client's
// one-click POST (RFC 8058: body List-Unsubscribe=One-Click).
func (h handlers) unsubscribe(w http.ResponseWriter, r *http.Request) error {
	if err := readForm(w, r); err != nil {
		return err
	}
	uid, err := h.verify(r.URL.Query().Get("token"))
	if err != nil {
		return h.refuse(w, r, err)
	}
	if err := h.s.Store.Unsubscribe(uid); err != nil {
		return err
	}
	if wantsJSON(r) {
		httpx.OK(w, map[string]string{"frequency": "off"})
		return nil
	}
	page(w, http.StatusOK, pageData{Title: "You are unsubscribed",
		Text: "The Pocket digest is off. You can turn it on again on the Digest page."})
	return nil
}

// maxFormBody bounds the one-click body ("List-Unsubscribe=One-Click").
const maxFormBody = 1 << 10

// readForm reads (and so bounds) the body a one-click POST carries; what it
// says does not matter: the signed token is the authority.
func readForm(w http.ResponseWriter, r *http.Request) error {
	_, err := io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, maxFormBody))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return apperr.New(apperr.TooLarge, "BODY_TOO_LARGE", "Request body is too large")
	}
	return err
}

func (h handlers) verify(token string) (string, error) {
	if token == "" || len(token) > maxTokenLen {
		return "", apperr.New(apperr.Invalid, "UNSUBSCRIBE_TOKEN_INVALID", "This unsubscribe link has no valid token: open the link from the e-mail again")
	}
	return h.s.Tokens.Verify(token)
}

// refuse answers a bad token: the API's error envelope to a JSON caller, a
// page saying what is wrong to a person.
func (h handlers) refuse(w http.ResponseWriter, r *http.Request, err error) error {
	var e *apperr.Error
	if wantsJSON(r) || !errors.As(err, &e) || e.Kind != apperr.Invalid {
		return err
	}
	page(w, http.StatusBadRequest, pageData{Title: "This link does not work", Text: e.Message})
	return nil
}

func wantsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json")
}

type pageData struct{ Title, Text, Token string }

func page(w http.ResponseWriter, status int, d pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer") // the token is in the URL
	w.WriteHeader(status)
	_ = pageTmpl.Execute(w, d)
}

var pageTmpl = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title></head>
<body><main>
<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
{{if .Token}}<form method="post" action="/api/v1/digest/unsubscribe?token={{.Token}}">
<button type="submit">Unsubscribe</button>
</form>{{end}}
<p><a href="/digest">Open the Digest page</a></p>
</main></body></html>
`))
