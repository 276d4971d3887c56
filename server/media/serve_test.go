package media_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/server/media"
)

// audioServer serves a 1 MB file through media.Serve, as the audio routes do.
func audioServer(t *testing.T) (*httptest.Server, []byte) {
	t.Helper()
	sound := bytes.Repeat([]byte("OggS-0123456789"), 1<<17)[:1<<20]
	path := filepath.Join(t.TempDir(), "a.ogg")
	if err := os.WriteFile(path, sound, 0o600); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := os.Open(path)
		if err != nil {
			t.Error(err)
			return
		}
		media.Serve(w, r, f, audio.Meta{ContentType: "audio/ogg", Size: int64(len(sound)), SHA256: "abc"}, "private")
	}))
	t.Cleanup(srv.Close)
	return srv, sound
}

func get(t *testing.T, url string, ranges ...string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), "GET", url, nil)
	for _, r := range ranges {
		req.Header.Add("Range", r)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body bytes.Buffer
	_, _ = body.ReadFrom(res.Body)
	return res, body.Bytes()
}

// TestServe_RefusesMoreThanOneRange: thousands of one-byte ranges were
// answered as a multipart body many times the file's size; now any request
// for more than one range is a 416 naming the size, with a tiny body.
func TestServe_RefusesMoreThanOneRange(t *testing.T) {
	t.Parallel()
	srv, _ := audioServer(t)
	for name, ranges := range map[string][]string{
		"20,000 one-byte ranges": {"bytes=" + strings.Repeat("0-0,", 19999) + "0-0"},
		"two ranges":             {"bytes=0-9, 100-109"},
		"a range and a suffix":   {"bytes=0-9,-5"},
		"two Range lines":        {"bytes=0-9", "bytes=10-19"},
	} {
		t.Run(name, func(t *testing.T) {
			res, body := get(t, srv.URL, ranges...)
			if res.StatusCode != 416 || res.Header.Get("Content-Range") != "bytes */1048576" || len(body) > 200 {
				t.Fatalf("got %d %v, %d bytes", res.StatusCode, res.Header, len(body))
			}
		})
	}
}

// TestServe_OneRangeStillServes: a single range, a suffix range, an open
// range and no range at all answer as before.
func TestServe_OneRangeStillServes(t *testing.T) {
	t.Parallel()
	srv, sound := audioServer(t)
	for _, c := range []struct {
		rng, contentRange string
		status            int
		want              []byte
	}{
		{"bytes=1000-1999", "bytes 1000-1999/1048576", 206, sound[1000:2000]},
		{"bytes=-500", "bytes 1048076-1048575/1048576", 206, sound[len(sound)-500:]},
		{"bytes=1048000-", "bytes 1048000-1048575/1048576", 206, sound[1048000:]},
		{"bytes=0-0,", "bytes 0-0/1048576", 206, sound[:1]}, // an empty list element is no range
		{"", "", 200, sound},
	} {
		t.Run(c.rng, func(t *testing.T) {
			var ranges []string
			if c.rng != "" {
				ranges = []string{c.rng}
			}
			res, body := get(t, srv.URL, ranges...)
			if res.StatusCode != c.status || res.Header.Get("Content-Range") != c.contentRange || !bytes.Equal(body, c.want) ||
				res.Header.Get("Content-Type") != "audio/ogg" {
				t.Fatalf("got %d %v, %d bytes", res.StatusCode, res.Header, len(body))
			}
		})
	}
}
