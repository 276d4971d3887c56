// Package mailpit runs a real SMTP sink (Mailpit, built by `make tools` into
// bin/mailpit) for one test and reads what it received through its HTTP API.
// A test that needs it fails, rather than skips, when the binary is missing:
// `make test-go` builds it first, so a missing sink is a broken setup.
package mailpit

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Server is a real SMTP sink with an HTTP API, run for one test.
type Server struct {
	SMTPURL string
	APIURL  string
}

// Binary finds the binary `make tools` builds (bin/mailpit), or $POCKET_MAILPIT.
func Binary() (string, error) {
	if p := os.Getenv("POCKET_MAILPIT"); p != "" {
		return p, nil
	}
	dir, _ := os.Getwd()
	for ; dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
		p := filepath.Join(dir, "bin", "mailpit")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("bin/mailpit not found: run `make tools` (or set POCKET_MAILPIT)")
}

// Start runs Mailpit on two free loopback ports until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		t.Fatal(err)
	}
	smtpAddr, apiAddr := freeAddr(t), freeAddr(t)
	cmd := exec.Command(bin, "--smtp", smtpAddr, "--listen", apiAddr, "--disable-version-check",
		"--database", filepath.Join(t.TempDir(), "mailpit.db"), "--quiet")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	m := &Server{SMTPURL: "smtp://" + smtpAddr, APIURL: "http://" + apiAddr}
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, m.APIURL+"/api/v1/messages", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			_ = resp.Body.Close() // only reachability matters
			return m
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("mailpit did not start")
	return nil
}

// Message is what the API lists of one message.
type Message struct {
	ID      string
	Subject string
	To      []struct{ Address string }
	From    struct{ Name, Address string }
}

// Messages lists received messages, newest first.
func (m *Server) Messages(t testing.TB) []Message {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, m.APIURL+"/api/v1/messages", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var list struct{ Messages []Message }
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	return list.Messages
}

// Text returns the plain-text body of message id.
func (m *Server) Text(t testing.TB, id string) string {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, m.APIURL+"/api/v1/message/"+id, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var msg struct{ Text string }
	if err := json.NewDecoder(resp.Body).Decode(&msg); err != nil {
		t.Fatal(err)
	}
	return msg.Text
}

// HTML returns the HTML body of message id.
func (m *Server) HTML(t testing.TB, id string) string {
	t.Helper()
	var msg struct{ HTML string }
	m.get(t, "/api/v1/message/"+id, &msg)
	return msg.HTML
}

// Header returns the first value of header name of message id ("" if none).
func (m *Server) Header(t testing.TB, id, name string) string {
	t.Helper()
	var headers map[string][]string
	m.get(t, "/api/v1/message/"+id+"/headers", &headers)
	if v := headers[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func (m *Server) get(t testing.TB, path string, v any) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, m.APIURL+path, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ln.Close() }() // only its port was wanted
	return ln.Addr().String()
}
