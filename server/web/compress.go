package web

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// compressible lists the types worth gzipping; images and fonts are already compressed.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true, ".webmanifest": true,
	".svg": true, ".wasm": true, ".txt": true, ".map": true, ".riv": true,
}

// gzipCache holds each embedded file gzipped once: the files never change while
// the binary runs, so compressing per request would only burn CPU.
type gzipCache struct {
	mu    sync.Mutex
	files map[string][]byte
}

func (c *gzipCache) get(name string, raw func() ([]byte, error)) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.files[name]; ok {
		return b, b != nil
	}
	data, err := raw()
	var out []byte
	if err == nil {
		// Keep the raw file when gzip does not make it smaller.
		if z := gzipBytes(data, gzip.BestCompression); len(z) < len(data) {
			out = z
		}
	}
	if c.files == nil {
		c.files = map[string][]byte{}
	}
	c.files[name] = out
	return out, out != nil
}

// acceptsGzip reads Accept-Encoding (RFC 9110 §12.5.3): gzip is taken when
// listed with a weight above 0, or when "*" is and gzip is not listed.
func acceptsGzip(r *http.Request) bool {
	gzip, star := -1.0, -1.0
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		switch strings.ToLower(strings.TrimSpace(coding)) {
		case "gzip", "x-gzip":
			gzip = weight(params)
		case "*":
			star = weight(params)
		}
	}
	if gzip >= 0 {
		return gzip > 0
	}
	return star > 0
}

// weight is the q parameter (1 when absent; 0 when malformed, so a garbled
// weight never turns compression on).
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		name, value, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}

// serveGzipped answers with the cached gzip of name when the client takes it and
// the type is worth it. It reports whether it answered.
func (c *gzipCache) serveGzipped(w http.ResponseWriter, r *http.Request, name string, raw func() ([]byte, error)) bool {
	ext := path.Ext(name)
	if !compressible[ext] || r.Header.Get("Range") != "" {
		return false
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r) {
		return false
	}
	body, ok := c.get(name, raw)
	if !ok {
		return false
	}
	h := w.Header()
	if ct := mime.TypeByExtension(ext); ct != "" && h.Get("Content-Type") == "" {
		h.Set("Content-Type", ct)
	}
	h.Set("Content-Encoding", "gzip")
	writeOK(w, r, body)
	return true
}

func gzipBytes(data []byte, level int) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, level)
	_, _ = zw.Write(data)
	_ = zw.Close()
	return buf.Bytes()
}

// writeOK answers 200 with body, its length set, the body left out for HEAD.
func writeOK(w http.ResponseWriter, r *http.Request, body []byte) {
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body) //nolint:gosec // G705: a built asset of the app, not request data
	}
}

func readFrom(app fs.FS, name string) func() ([]byte, error) {
	return func() ([]byte, error) { return fs.ReadFile(app, name) }
}

// serveCompressed answers with body, an HTML page made for this request,
// gzipped when the client takes it (made per request, so never cached).
func serveCompressed(w http.ResponseWriter, r *http.Request, body []byte) {
	w.Header().Add("Vary", "Accept-Encoding")
	if acceptsGzip(r) {
		body = gzipBytes(body, gzip.DefaultCompression)
		w.Header().Set("Content-Encoding", "gzip")
	}
	writeOK(w, r, body)
}
