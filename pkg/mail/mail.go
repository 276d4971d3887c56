// Package mail sends Pocket's e-mails (sign-in codes, digests): over real
// SMTP when a server is configured, otherwise as a log line a developer can
// read the code from.
package mail

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// Message is one e-mail: plain text, and with HTML a multipart/alternative
// of both. Headers are extra header lines (List-Unsubscribe), written as given.
type Message struct {
	To, Subject, Body string
	HTML              string
	Headers           []Header
}

// Header is one extra header line.
type Header struct{ Name, Value string }

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// SignInCode builds the message that carries a sign-in code.
func SignInCode(to, code string, valid time.Duration) Message {
	return Message{
		To:      to,
		Subject: "Your Pocket sign-in code: " + code,
		Body: fmt.Sprintf("Your Pocket sign-in code is %s\n\nIt expires in %d minutes. "+
			"If you did not try to sign in, you can ignore this e-mail.\n", code, int(valid.Minutes())),
	}
}

// LogSender prints codes to the log, for machines without a mail server. It is
// the one place a code is ever logged, by design of the development setup.
type LogSender struct{ Log *slog.Logger }

// codeLine is printed so scripts and people can find the code in the log.
func codeLine(to, code string) string { return "sign-in code for " + to + ": " + code }

// Send logs the message's code line.
func (s LogSender) Send(_ context.Context, m Message) error {
	if !strings.HasPrefix(m.Subject, "Your Pocket sign-in code:") {
		s.Log.Info("mail not sent (no POCKET_SMTP_URL)", "subject", m.Subject)
		return nil
	}
	code := strings.TrimSpace(strings.TrimPrefix(m.Subject, "Your Pocket sign-in code:"))
	s.Log.Info(codeLine(m.To, code))
	return nil
}

// SMTPSender sends through an SMTP server named by smtp://user:pass@host:port
// (STARTTLS when offered) or smtps:// (implicit TLS).
type SMTPSender struct {
	url  *url.URL
	from *mail.Address
}

// NewSMTPSender parses the server URL and the sender address.
func NewSMTPSender(rawURL, from string) (*SMTPSender, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("mail: bad SMTP URL")
	}
	addr, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail: bad sender %q: %w", from, err)
	}
	return &SMTPSender{url: u, from: addr}, nil
}

// sendTimeout keeps a stuck mail server from holding a sign-in request forever.
const sendTimeout = 15 * time.Second

// Send delivers m.
func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	c, err := s.dial(ctx)
	if err != nil {
		return fmt.Errorf("mail: connect: %w", err)
	}
	defer func() { _ = c.Close() }() // after Quit it only closes the socket; on failure the SMTP error is the news
	if err := s.handshake(c); err != nil {
		return err
	}
	if err := c.Mail(s.from.Address); err != nil {
		return fmt.Errorf("mail: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("mail: RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if _, err := w.Write(s.render(m)); err != nil {
		return fmt.Errorf("mail: write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: end of data: %w", err)
	}
	return c.Quit()
}

func (s *SMTPSender) dial(ctx context.Context) (*smtp.Client, error) {
	host := s.url.Hostname()
	d := &net.Dialer{}
	var conn net.Conn
	var err error
	if s.url.Scheme == "smtps" {
		conn, err = (&tls.Dialer{NetDialer: d, Config: &tls.Config{ServerName: host}}).DialContext(ctx, "tcp", s.url.Host)
	} else {
		conn, err = d.DialContext(ctx, "tcp", s.url.Host)
	}
	if err != nil {
		return nil, err
	}
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	return smtp.NewClient(conn, host)
}

func (s *SMTPSender) handshake(c *smtp.Client) error {
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("mail: HELO: %w", err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok && s.url.Scheme == "smtp" {
		if err := c.StartTLS(&tls.Config{ServerName: s.url.Hostname()}); err != nil {
			return fmt.Errorf("mail: STARTTLS: %w", err)
		}
	}
	if s.url.User == nil {
		return nil
	}
	pass, _ := s.url.User.Password()
	if err := c.Auth(smtp.PlainAuth("", s.url.User.Username(), pass, s.url.Hostname())); err != nil {
		return fmt.Errorf("mail: AUTH: %w", err)
	}
	return nil
}

func (s *SMTPSender) render(m Message) []byte {
	var b strings.Builder
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	domain := s.from.Address[strings.LastIndex(s.from.Address, "@")+1:]
	fmt.Fprintf(&b, "From: %s\r\n", s.from.String())
	fmt.Fprintf(&b, "To: %s\r\n", m.To)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", time.Now().UTC().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id), domain)
	for _, h := range m.Headers {
		fmt.Fprintf(&b, "%s: %s\r\n", h.Name, strings.NewReplacer("\r", "", "\n", "").Replace(h.Value))
	}
	b.WriteString("MIME-Version: 1.0\r\n")
	if m.HTML == "" {
		b.WriteString("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
		b.WriteString(strings.ReplaceAll(m.Body, "\n", "\r\n"))
		return []byte(b.String())
	}
	writeAlternative(&b, m.Body, m.HTML)
	return []byte(b.String())
}
