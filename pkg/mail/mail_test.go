package mail_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/mail"
	"github.com/pocket-companion/pocket/tests/mailpit"
)

const code = "482913"

func TestSMTPSender_DeliversTheSignInCode(t *testing.T) {
	mp := mailpit.Start(t)
	s, err := mail.NewSMTPSender(mp.SMTPURL, "Pocket <no-reply@pocket.test>")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), mail.SignInCode("grace@example.com", code, 10*time.Minute)); err != nil {
		t.Fatal(err)
	}
	msgs := mp.Messages(t)
	if len(msgs) != 1 {
		t.Fatalf("mailpit holds %d messages, want 1", len(msgs))
	}
	m := msgs[0]
	if len(m.To) != 1 || m.To[0].Address != "grace@example.com" {
		t.Errorf("To = %+v", m.To)
	}
	if m.From.Address != "no-reply@pocket.test" || m.From.Name != "Pocket" {
		t.Errorf("From = %+v", m.From)
	}
	if m.Subject != "Your Pocket sign-in code: "+code {
		t.Errorf("Subject = %q", m.Subject)
	}
	body := mp.Text(t, m.ID)
	for _, want := range []string{"Your Pocket sign-in code is " + code, "It expires in 10 minutes."} {
		if !strings.Contains(body, want) {
			t.Errorf("body %q lacks %q", body, want)
		}
	}
}

func TestSMTPSender_KeepsNonASCIISubjectAndLines(t *testing.T) {
	mp := mailpit.Start(t)
	s, err := mail.NewSMTPSender(mp.SMTPURL, "no-reply@pocket.test")
	if err != nil {
		t.Fatal(err)
	}
	m := mail.Message{To: "zoë@example.com", Subject: "Café ☕ à 9 h", Body: "first line\nsecond line\n"}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	msgs := mp.Messages(t)
	if len(msgs) != 1 || msgs[0].Subject != m.Subject {
		t.Fatalf("got %+v", msgs)
	}
	body := strings.ReplaceAll(mp.Text(t, msgs[0].ID), "\r\n", "\n")
	if !strings.Contains(body, "first line\nsecond line") {
		t.Fatalf("body %q", body)
	}
}

func TestNewSMTPSender_RefusesBadSettingsClearly(t *testing.T) {
	tests := []struct {
		name, url, from, want string
	}{
		{"no host", "smtp://", "no-reply@pocket.test", "mail: bad SMTP URL"},
		{"not a URL", "mail.example.com:25", "no-reply@pocket.test", "mail: bad SMTP URL"},
		{"unparsable", "smtp://user:hunter2@[::1", "no-reply@pocket.test", "mail: bad SMTP URL"},
		{"bad sender", "smtp://127.0.0.1:25", "Pocket", `mail: bad sender "Pocket"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mail.NewSMTPSender(tt.url, tt.from)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("err %v, want %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Fatalf("the error shows the SMTP password: %v", err)
			}
		})
	}
}

func TestSMTPSender_UnreachableServerSaysSo(t *testing.T) {
	s, err := mail.NewSMTPSender("smtp://127.0.0.1:1", "no-reply@pocket.test")
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), mail.SignInCode("grace@example.com", code, 10*time.Minute))
	if err == nil || !strings.HasPrefix(err.Error(), "mail: connect:") {
		t.Fatalf("err %v", err)
	}
}

// The sign-in code is a password for ten minutes: sending it, or failing to,
// must not put it in the log or in an error the caller logs.
func TestSMTPSender_NeverLogsTheCode(t *testing.T) {
	var logged bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(prev) })

	mp := mailpit.Start(t)
	for _, url := range []string{mp.SMTPURL, "smtp://127.0.0.1:1"} {
		s, err := mail.NewSMTPSender(url, "no-reply@pocket.test")
		if err != nil {
			t.Fatal(err)
		}
		err = s.Send(context.Background(), mail.SignInCode("grace@example.com", code, 10*time.Minute))
		if err != nil && strings.Contains(err.Error(), code) {
			t.Errorf("%s: the error carries the code: %v", url, err)
		}
	}
	if strings.Contains(logged.String(), code) {
		t.Fatalf("the code was logged: %s", logged.String())
	}
	if len(mp.Messages(t)) != 1 {
		t.Fatal("the message to the working server was not delivered")
	}
}

// Without a mail server the code goes to the log on purpose, so a developer
// can sign in: one line a script can find.
func TestLogSender_PrintsTheCodeLine(t *testing.T) {
	var logged bytes.Buffer
	s := mail.LogSender{Log: slog.New(slog.NewTextHandler(&logged, nil))}
	if err := s.Send(context.Background(), mail.SignInCode("grace@example.com", code, 10*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if want := "sign-in code for grace@example.com: " + code; !strings.Contains(logged.String(), want) {
		t.Fatalf("log %q lacks %q", logged.String(), want)
	}
}

func TestSMTPSender_SendsTextAndHTMLWithExtraHeaders(t *testing.T) {
	mp := mailpit.Start(t)
	s, err := mail.NewSMTPSender(mp.SMTPURL, "no-reply@pocket.test")
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("word ", 60) // one line longer than SMTP's 998 octets once doubled
	m := mail.Message{To: "zoe@example.com", Subject: "Your Pocket digest: 1 new recording",
		Body: "Plain part\n" + long + long + long + long, HTML: "<p>HTML part</p>",
		Headers: []mail.Header{{Name: "List-Unsubscribe", Value: "<https://p.test/u?token=a.b.c>"}}}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	msgs := mp.Messages(t)
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	if text := mp.Text(t, msgs[0].ID); !strings.Contains(text, "Plain part") || strings.Contains(text, "HTML part") {
		t.Errorf("text part %q", text)
	}
	if html := mp.HTML(t, msgs[0].ID); !strings.Contains(html, "<p>HTML part</p>") {
		t.Errorf("HTML part %q", html)
	}
	if h := mp.Header(t, msgs[0].ID, "List-Unsubscribe"); h != "<https://p.test/u?token=a.b.c>" {
		t.Errorf("List-Unsubscribe = %q", h)
	}
}
