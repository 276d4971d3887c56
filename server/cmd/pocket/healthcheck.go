package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"
)

// defaultAddr is POCKET_ADDR's default (server/config); a test keeps the two equal.
const defaultAddr = "127.0.0.1:8080"

// runHealthcheck asks a running server whether it is ready (GET /readyz), so a
// container on a minimal image, which has no curl, can probe itself:
// `HEALTHCHECK CMD ["/pocket", "healthcheck"]`.
func runHealthcheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pocket healthcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	target := fs.String("url", "", "URL to GET (default http://<POCKET_ADDR>/readyz, a wildcard host asked on loopback)")
	timeout := fs.Duration("timeout", 3*time.Second, "how long to wait for the answer")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelpShown
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if *target == "" {
		*target = readyURL(os.Getenv("POCKET_ADDR"))
	}
	if err := probe(*target, *timeout); err != nil {
		return err
	}
	_, err := fmt.Fprintf(stdout, "ready: %s\n", *target)
	return err
}

// readyURL is where a server listening on addr answers /readyz. A server bound
// to every interface (0.0.0.0, [::] or an empty host, as in a container) is
// asked on loopback, which it also listens on.
func readyURL(addr string) string {
	if addr == "" {
		addr = defaultAddr
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr + "/readyz"
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/readyz"
}

// probe succeeds when url answers 2xx within timeout.
func probe(url string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("not ready: %w", err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close() // drained above; the status is the answer
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("not ready: %s answered %s", url, resp.Status)
	}
	return nil
}

func helpHealthcheck(w io.Writer) {
	_, _ = fmt.Fprint(w, `Usage: pocket healthcheck [--url URL] [--timeout 3s]

Asks a running pocket serve whether it is ready (GET /readyz) and exits 0 when it
answers 2xx, 1 otherwise. Without --url it asks the server POCKET_ADDR names (on
loopback when that is a wildcard address such as 0.0.0.0:8080), so a container
without curl can probe itself.
`)
}
