package httpx

import (
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/server/config"
)

// A client that sends its headers and then trickles the body is cut off once
// the read timeout passes, instead of holding the connection forever.
func TestServer_CutsOffABodyThatNeverArrives(t *testing.T) {
	defer func(old time.Duration) { requestReadTimeout = old }(requestReadTimeout)
	requestReadTimeout = 300 * time.Millisecond
	bodyErr := make(chan error, 1)
	route := Route{Pattern: "POST /api/v1/upload", Access: Public, Handler: func(w http.ResponseWriter, r *http.Request) error {
		_, err := io.ReadAll(r.Body)
		bodyErr <- err
		return err
	}}
	lc := fxtest.NewLifecycle(t)
	srv := newServer(lc, config.Config{Addr: "127.0.0.1:0", PublicURL: "http://127.0.0.1"}, []Route{route}, nil, nil, http.NotFoundHandler(), slog.New(slog.DiscardHandler), nil)
	lc.RequireStart()
	defer lc.RequireStop()

	conn, err := (&net.Dialer{}).DialContext(t.Context(), "tcp", srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = io.WriteString(conn, "POST /api/v1/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nfirst bytes")
	select {
	case err := <-bodyErr:
		if err == nil {
			t.Fatal("the handler read a whole body that was never sent")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the stalled body still holds the handler after 5 s")
	}
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadAll(conn); err != nil {
		t.Fatalf("the server did not close the connection: %v", err)
	}
}

func TestServer_HSTSOnlyWhenServedOverHTTPS(t *testing.T) {
	for publicURL, want := range map[string]string{
		"https://pocket.example": "max-age=31536000",
		"http://127.0.0.1:8080":  "",
	} {
		lc := fxtest.NewLifecycle(t)
		srv := newServer(lc, config.Config{Addr: "127.0.0.1:0", PublicURL: publicURL}, nil, nil, nil, http.NotFoundHandler(), slog.New(slog.DiscardHandler), nil)
		lc.RequireStart()
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, "http://"+srv.Addr().String()+"/anything", nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		lc.RequireStop()
		if got := res.Header.Get("Strict-Transport-Security"); got != want {
			t.Errorf("%s: HSTS %q, want %q", publicURL, got, want)
		}
	}
}
