package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/server/config"
)

// healthcheck runs the built binary's healthcheck with env and returns its exit code and output.
func healthcheck(t *testing.T, env []string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"healthcheck", "--timeout", "2s"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	out, _ := cmd.CombinedOutput()
	if cmd.ProcessState == nil {
		t.Fatalf("healthcheck did not run:\n%s", out)
	}
	return cmd.ProcessState.ExitCode(), string(out)
}

func TestHealthcheck_PassesWhileTheServerAtPOCKET_ADDRIsReadyAndFailsOnceItStopped(t *testing.T) {
	p := startServe(t, t.TempDir())
	addr := "POCKET_ADDR=" + strings.TrimPrefix(p.url, "http://")
	if code, out := healthcheck(t, []string{addr}); code != 0 {
		t.Fatalf("healthcheck of a ready server exited %d:\n%s", code, out)
	}
	p.stop()
	if code, out := healthcheck(t, []string{addr}); code != 1 {
		t.Fatalf("healthcheck of a stopped server exited %d, want 1:\n%s", code, out)
	}
}

func TestHealthcheck_FailsWhenReadyzAnswersAnError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "store closed", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	code, out := healthcheck(t, nil, "--url", srv.URL+"/readyz")
	if code != 1 || !strings.Contains(out, "503") {
		t.Fatalf("healthcheck of a 503 exited %d, want 1 naming the status:\n%s", code, out)
	}
}

func TestReadyURL_AsksAWildcardListenAddressOnLoopback(t *testing.T) {
	for addr, want := range map[string]string{
		"":                "http://127.0.0.1:8080/readyz",
		"0.0.0.0:8080":    "http://127.0.0.1:8080/readyz",
		"[::]:9000":       "http://127.0.0.1:9000/readyz",
		":7000":           "http://127.0.0.1:7000/readyz",
		"10.1.2.3:8080":   "http://10.1.2.3:8080/readyz",
		"[::1]:8080":      "http://[::1]:8080/readyz",
		"pocket.internal": "http://pocket.internal/readyz",
	} {
		if got := readyURL(addr); got != want {
			t.Errorf("readyURL(%q) = %q, want %q", addr, got, want)
		}
	}
}

func TestHealthcheck_DefaultAddressIsTheServers(t *testing.T) {
	cfg, err := config.Load("pocket serve", nil, func(string) string { return "" }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != defaultAddr {
		t.Fatalf("pocket serve listens on %q by default, healthcheck asks %q", cfg.Addr, defaultAddr)
	}
}

func TestHelp_ListsHealthcheck(t *testing.T) {
	var out bytes.Buffer
	if code := run([]string{"--help"}, &out, io.Discard); code != 0 || !strings.Contains(out.String(), "pocket healthcheck") {
		t.Fatalf("--help (exit %d) lacks healthcheck:\n%s", code, out.String())
	}
	out.Reset()
	if code := run([]string{"help", "healthcheck"}, &out, io.Discard); code != 0 || !strings.Contains(out.String(), "--url") {
		t.Fatalf("help healthcheck (exit %d):\n%s", code, out.String())
	}
}
