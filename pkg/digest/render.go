package digest

import (
	"bytes"
	"fmt"
	"html/template"
	"net/url"
	"strings"
	texttemplate "text/template"

	"github.com/pocket-companion/pocket/pkg/mail"
)

// Subject names the digest and what it holds.
func (d Digest) Subject() string {
	n := len(d.Recordings) + d.More
	switch {
	case n == 1:
		return "Your Pocket digest: 1 new recording"
	case n > 1 && d.More > 0:
		return fmt.Sprintf("Your Pocket digest: %d+ new recordings", n)
	case n > 1:
		return fmt.Sprintf("Your Pocket digest: %d new recordings", n)
	}
	return "Your Pocket digest: nothing new"
}

// Links are the addresses a digest e-mail points to.
type Links struct {
	App         string // the public origin, like https://pocket.example.com
	Unsubscribe string // the signed one-click unsubscribe URL
}

func (l Links) recording(id string) string { return l.App + "/recordings/" + url.PathEscape(id) }
func (l Links) page() string               { return l.App + "/digest" }

type view struct {
	Digest
	Links
}

func (v view) RecordingURL(id string) string { return v.recording(id) }
func (v view) PageURL() string               { return v.page() }

// Message is the digest as an e-mail to "to": plain text and HTML, with the
// List-Unsubscribe headers of RFC 2369 and RFC 8058 (one-click).
func (d Digest) Message(to string, l Links) mail.Message {
	v := view{d, l}
	var text, html bytes.Buffer
	_ = textTmpl.Execute(&text, v) // the templates are fixed and their data plain: they cannot fail
	_ = htmlTmpl.Execute(&html, v)
	return mail.Message{
		To: to, Subject: d.Subject(), Body: text.String(), HTML: html.String(),
		Headers: []mail.Header{
			{Name: "List-Unsubscribe", Value: "<" + l.Unsubscribe + ">"},
			{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
		},
	}
}

var funcs = map[string]any{"trim": strings.TrimSpace}

var textTmpl = texttemplate.Must(texttemplate.New("text").Funcs(funcs).Parse(`Your Pocket digest
{{if .Recordings}}
New recordings
{{range .Recordings}}
- {{.Title}}{{if .Summary}}
  {{.Summary}}{{end}}
  {{$.RecordingURL .ID}}
{{end}}{{if .More}}
And more: see them all in Pocket.
{{end}}{{else}}
Nothing new since your last digest.
{{end}}{{if .ActionItems}}
Open action items
{{range .ActionItems}}
- {{.Title}} ({{.RecordingTitle}})
{{end}}{{end}}
Open the digest in Pocket: {{.PageURL}}

You receive this because you turned on the Pocket digest.
Unsubscribe: {{.Unsubscribe}}
`))

var htmlTmpl = template.Must(template.New("html").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your Pocket digest</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2328; max-width: 40rem;">
<h1 style="font-size: 1.4rem;">Your Pocket digest</h1>
{{if .Recordings}}<h2 style="font-size: 1.1rem;">New recordings</h2>
<ul>{{range .Recordings}}
<li><a href="{{$.RecordingURL .ID}}">{{.Title}}</a>{{if .Summary}}<br>{{.Summary}}{{end}}</li>{{end}}
</ul>{{if .More}}<p>And more: <a href="{{.PageURL}}">see them all in Pocket</a>.</p>{{end}}
{{else}}<p>Nothing new since your last digest.</p>{{end}}
{{if .ActionItems}}<h2 style="font-size: 1.1rem;">Open action items</h2>
<ul>{{range .ActionItems}}
<li>{{.Title}} <span style="color: #59636e;">({{.RecordingTitle}})</span></li>{{end}}
</ul>{{end}}
<p><a href="{{.PageURL}}">Open the digest in Pocket</a></p>
<p style="font-size: 0.85rem; color: #59636e;">You receive this because you turned on the Pocket digest.
<a href="{{.Unsubscribe}}">Unsubscribe</a></p>
</body></html>
`))
