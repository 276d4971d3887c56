// Command push-sink runs the test push service of package pushtest as a
// process, so browser tests (e2e/) can stand in for a browser's push service:
// the page's pushManager.subscribe() is stubbed to return a device made here,
// the server (with POCKET_PUSH_ALLOW_LOOPBACK=1) pushes to it, and the test
// reads the decrypted payload back and hands it to the real service worker
// with the DevTools protocol (ServiceWorker.deliverPushMessage).
//
//	push-sink -addr 127.0.0.1:9500 [-vapid-key <server's public key>] [-subject mailto:…]
//
// Routes besides the push endpoints (/push/<name>):
//
//	POST /devices {"name"}           -> {"endpoint", "keys": {"p256dh", "auth"}}, as PushSubscription.toJSON()
//	GET  /devices/{name}/messages    -> [{"payload", "claims"}]: decrypted pushes, VAPID claims
//	POST /devices/{name}/script      [{"status", "retryAfter"}]: the next answers (e.g. 410)
//	GET  /failures                   -> pushes refused for a bad VAPID token or encryption
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/pocket-companion/pocket/tests/pushtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout)
	stop()
	if err != nil {
		_, _ = fmt.Fprintln(os.Stderr, "push-sink:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("push-sink", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:9500", "listen address")
	key := fs.String("vapid-key", "", "the server's VAPID public key; empty trusts the key each push names")
	subject := fs.String("subject", "", "the VAPID subject pushes must carry; empty accepts any")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", *addr)
	if err != nil {
		return err
	}
	svc := pushtest.New(*key, *subject)
	svc.URL = "http://" + ln.Addr().String()
	srv := &http.Server{Handler: routes(svc), ReadHeaderTimeout: 10 * time.Second}
	go func() { <-ctx.Done(); _ = srv.Close() }()
	_, _ = fmt.Fprintf(out, "push-sink listening on %s\n", svc.URL)
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func routes(svc *pushtest.Service) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/push/", svc)
	mux.HandleFunc("POST /devices", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Name string }
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Name == "" {
			http.Error(w, `want {"name": "…"}`, http.StatusBadRequest)
			return
		}
		d := svc.NewDevice(in.Name)
		writeJSON(w, map[string]any{"endpoint": d.Endpoint, "keys": map[string]string{"p256dh": d.P256dh(), "auth": d.Auth()}})
	})
	mux.HandleFunc("GET /devices/{name}/messages", func(w http.ResponseWriter, r *http.Request) {
		out := []map[string]any{}
		for _, m := range svc.Messages() {
			if m.Device == svc.Device(r.PathValue("name")) {
				out = append(out, map[string]any{"payload": string(m.Payload), "claims": m.Claims})
			}
		}
		writeJSON(w, out)
	})
	mux.HandleFunc("POST /devices/{name}/script", func(w http.ResponseWriter, r *http.Request) {
		d := svc.Device(r.PathValue("name"))
		var replies []pushtest.Reply
		if d == nil || json.NewDecoder(r.Body).Decode(&replies) != nil {
			http.Error(w, "unknown device or bad script", http.StatusBadRequest)
			return
		}
		svc.Script(d, replies...)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /failures", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, append([]string{}, svc.Failures()...))
	})
	return mux
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
