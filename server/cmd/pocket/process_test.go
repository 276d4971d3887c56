package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// binary is bin/pocket built once for the process tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "pocket-bin")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "pocket")
	out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "build pocket: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir) // a temporary directory: a leftover is harmless
	os.Exit(code)
}

// process is a running `pocket serve`.
type process struct {
	t    *testing.T
	cmd  *exec.Cmd
	url  string
	mu   sync.Mutex
	logs bytes.Buffer
	done chan struct{}
}

func freePort(t *testing.T) string {
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startServe runs the binary with env on a free port and waits for /readyz.
func startServe(t *testing.T, dataDir string, env ...string) *process {
	t.Helper()
	addr := freePort(t)
	cmd := exec.Command(binary, "serve")
	// A fixed public URL, as in a deployment: it is the ID-token issuer, so
	// tokens stay valid across restarts even though each start gets a new port.
	cmd.Env = append(os.Environ(), "POCKET_ADDR="+addr, "POCKET_DATA_DIR="+dataDir, "POCKET_SEED=none", "POCKET_PUBLIC_URL=http://pocket.test")
	cmd.Env = append(cmd.Env, env...)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{t: t, cmd: cmd, url: "http://" + addr, done: make(chan struct{})}
	go p.collect(stderr)
	go func() { _ = cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-p.done })
	// A minute: make test runs these at nice 19 beside two browser lanes at normal priority, where a
	// start after a SIGKILL (Badger replaying its log) got so little CPU that it wrote no line in 20 s.
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, p.url+"/readyz", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return p
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("server did not become ready; logs:\n%s", p.log())
	return nil
}

func (p *process) collect(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		p.mu.Lock()
		p.logs.Write(append(sc.Bytes(), '\n'))
		p.mu.Unlock()
	}
}

func (p *process) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

// stop sends SIGTERM and waits for a clean exit.
func (p *process) stop() {
	p.t.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(45 * time.Second):
		p.t.Fatalf("server did not stop after SIGTERM; logs:\n%s", p.log())
	}
	if code := p.cmd.ProcessState.ExitCode(); code != 0 {
		p.t.Fatalf("exit code %d after SIGTERM; logs:\n%s", code, p.log())
	}
}

// signIn reads the code from the log, as a developer without a mail server would.
func (p *process) signIn(email string) string {
	p.t.Helper()
	post(p.t, p.url+"/api/v1/auth/email/send-otp", "", map[string]string{"email": email}, nil)
	pattern := regexp.MustCompile(`sign-in code for ` + regexp.QuoteMeta(email) + `: (\d{6})`)
	var code string
	for i := 0; i < 100 && code == ""; i++ {
		if m := pattern.FindStringSubmatch(p.log()); m != nil {
			code = m[1]
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code == "" {
		p.t.Fatalf("no sign-in code in the log:\n%s", p.log())
	}
	var verified struct{ Data struct{ Token string } }
	post(p.t, p.url+"/api/v1/auth/email/verify-otp", "", map[string]string{"email": email, "otp": code}, &verified)
	var session struct{ IDToken string }
	post(p.t, p.url+"/api/v1/auth/session", "", map[string]string{"token": verified.Data.Token}, &session)
	return session.IDToken
}

// post sends JSON and decodes a 2xx answer into out; anything else fails the test.
func post(t *testing.T, url, token string, body, out any) {
	t.Helper()
	status, raw, err := send("POST", url, token, body)
	if err != nil || status/100 != 2 {
		t.Fatalf("POST %s = %d %s %v", url, status, raw, err)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("POST %s: %v in %s", url, err, raw)
		}
	}
}

func send(method, url, token string, body any) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequestWithContext(context.Background(), method, url, r)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, err
}

func TestServe_LogsTheSignInCodeAndStopsCleanlyOnSIGTERM(t *testing.T) {
	p := startServe(t, t.TempDir())
	if token := p.signIn("dev@example.com"); token == "" {
		t.Fatal("no ID token")
	}
	p.stop()
	if !strings.Contains(p.log(), `"level":"INFO"`) {
		t.Fatalf("logs must be JSON when not on a terminal:\n%s", p.log())
	}
}

func TestHelp_ListsEveryCommand(t *testing.T) {
	out, err := exec.Command(binary, "--help").CombinedOutput()
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"serve", "import", "fixtures gen"} {
		if !strings.Contains(string(out), cmd) {
			t.Fatalf("--help lacks %q:\n%s", cmd, out)
		}
	}
	out, _ = exec.Command(binary, "help", "serve").CombinedOutput()
	for _, flag := range []string{"-addr", "-data-dir", "-public-url", "-smtp-url", "POCKET_SEED"} {
		if !strings.Contains(string(out), flag) {
			t.Fatalf("help serve lacks %q:\n%s", flag, out)
		}
	}
	if err := exec.Command(binary, "bogus").Run(); err == nil {
		t.Fatal("an unknown command must fail")
	}
}

// TestServe_RelayModeInFrontOfAnotherServe runs two binaries: an embedded
// provider, and a relay in front of it. Sign-in goes through the relay to
// the upstream (whose log holds the code), the upstream's token works at the
// relay, an upload through the relay lands upstream, and both stop cleanly.
func TestServe_RelayModeInFrontOfAnotherServe(t *testing.T) {
	up := startServe(t, t.TempDir())
	relay := startServe(t, t.TempDir(), "POCKET_UPSTREAM_URL="+up.url)
	post(t, relay.url+"/api/v1/auth/email/send-otp", "", map[string]string{"email": "ada@example.com"}, nil)
	code := ""
	pattern := regexp.MustCompile(`sign-in code for ada@example\.com: (\d{6})`)
	for i := 0; i < 100 && code == ""; i++ {
		if m := pattern.FindStringSubmatch(up.log()); m != nil {
			code = m[1]
		}
		time.Sleep(20 * time.Millisecond)
	}
	var verified struct{ Data struct{ Token string } }
	post(t, relay.url+"/api/v1/auth/email/verify-otp", "", map[string]string{"email": "ada@example.com", "otp": code}, &verified)
	var session struct{ IDToken string }
	post(t, relay.url+"/api/v1/auth/session", "", map[string]string{"token": verified.Data.Token}, &session)
	if status, err := upload(relay.url, session.IDToken, "r1"); err != nil || status != 201 {
		t.Fatalf("upload through the relay: %d %v\nrelay log:\n%s", status, err, relay.log())
	}
	if got := detailStatus(t, up, session.IDToken, "r1"); got != 200 {
		t.Fatalf("the upstream has no r1: %d", got)
	}
	relay.stop()
	up.stop()
}
