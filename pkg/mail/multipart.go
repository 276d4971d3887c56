package mail

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strings"
)

// writeAlternative writes the Content-Type header and a multipart/alternative
// body of text then HTML (a reader shows the last part it can), each
// quoted-printable so long lines survive SMTP's line limit.
func writeAlternative(b *strings.Builder, text, html string) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part(w, "text/plain; charset=utf-8", strings.ReplaceAll(text, "\n", "\r\n"))
	part(w, "text/html; charset=utf-8", strings.ReplaceAll(html, "\n", "\r\n"))
	_ = w.Close()
	fmt.Fprintf(b, "Content-Type: multipart/alternative; boundary=%q\r\n\r\n", w.Boundary())
	b.Write(body.Bytes())
}

func part(w *multipart.Writer, contentType, content string) {
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", contentType)
	h.Set("Content-Transfer-Encoding", "quoted-printable")
	pw, _ := w.CreatePart(h) // writes to a buffer: cannot fail
	qp := quotedprintable.NewWriter(pw)
	_, _ = qp.Write([]byte(content))
	_ = qp.Close()
}
