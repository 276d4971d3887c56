package relay

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/httpx"
)

// maxCachedBody bounds one answer kept in the cache (a long transcript is a
// few MiB); a larger one is passed on and not kept.
const maxCachedBody = 16 << 20

// cachedRead answers a signed-in GET from the caller's cache when it holds
// the answer: directly while fresh, and once older, directly too while the
// cache asks the upstream again in the background. Without an entry it asks
// the upstream and keeps a successful answer.
func (rl *Relay) cachedRead(w http.ResponseWriter, r *http.Request) error {
	uid := httpx.MustPrincipal(r).UID
	key := entryKey(uid, r.Method, r.URL.Path, r.URL.Query())
	e, found, err := rl.cache.Get(key)
	if err != nil {
		return err
	}
	if found {
		age := rl.now().Sub(e.StoredAt)
		stale := false
		if age >= rl.freshFor {
			rl.revalidate(uid, key, upstreamRequest(r, nil), e)
			stale = !rl.up.Reachable()
		}
		serveEntry(w, r, e, age, stale)
		return nil
	}
	return rl.fetch(w, r, uid, key)
}

// fetch asks the upstream for an answer nobody cached.
func (rl *Relay) fetch(w http.ResponseWriter, r *http.Request, uid, key string) error {
	gen := rl.cache.Generation(uid)
	resp, err := rl.up.Do(r.Context(), upstreamRequest(r, nil))
	if err != nil {
		writeUnavailable(w, r, err)
		return nil
	}
	defer func() { _ = resp.Body.Close() }()
	if gatewayFailure(resp.StatusCode) {
		writeUnavailable(w, r, nil)
		return nil
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxCachedBody+1))
	if err != nil {
		writeUnavailable(w, r, errors.Join(err, upstream.ErrUnavailable))
		return nil
	}
	if resp.StatusCode != http.StatusOK || len(body) > maxCachedBody {
		copyAnswerHeaders(w.Header(), resp.Header)
		w.WriteHeader(resp.StatusCode)
		_, _ = w.Write(body)
		_, _ = io.Copy(w, resp.Body)
		return nil
	}
	e := newEntry(resp, body, rl.now())
	serveEntry(w, r, e, 0, false)
	rl.keep(r, uid, key, e, gen)
	return nil
}

// keep writes an answer to the cache in the background. The store syncs
// every commit to disk, which a cache does not need and the caller should
// not wait for: done in the request, it was most of an uncached read's added
// latency, since the connection serves its next request only after. The
// generation taken before the fetch still keeps a write that lost a race
// with an invalidation out.
func (rl *Relay) keep(r *http.Request, uid, key string, e Entry, gen uint64) {
	log := httpx.LoggerFrom(r.Context())
	rl.wg.Add(1)
	go func() {
		defer rl.wg.Done()
		if err := rl.cache.Put(uid, key, e, gen); err != nil {
			log.Error("relay cache not written", "err", err)
		}
	}()
}

func newEntry(resp *http.Response, body []byte, now time.Time) Entry {
	return Entry{
		Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Body: body,
		ETag: strongETag(body), UpstreamTag: resp.Header.Get("ETag"), StoredAt: now,
	}
}

// serveEntry answers with e, or 304 when the browser holds the same answer.
// The browser keeps it but must ask again each time (no-cache), which is
// what makes the 304s. A stale answer (the upstream could not confirm it)
// says so with X-Pocket-Stale and its Age.
func serveEntry(w http.ResponseWriter, r *http.Request, e Entry, age time.Duration, stale bool) {
	h := w.Header()
	h.Set("ETag", e.ETag)
	h.Set("Cache-Control", "private, no-cache")
	if age > 0 {
		h.Set("Age", strconv.Itoa(int(age.Seconds())))
	}
	if stale {
		h.Set("X-Pocket-Stale", "1")
	}
	if matches(r.Header.Get("If-None-Match"), e.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if e.ContentType != "" {
		h.Set("Content-Type", e.ContentType)
	}
	// A declared length lets the caller have the whole answer at the flush,
	// before the handler has returned.
	h.Set("Content-Length", strconv.Itoa(len(e.Body)))
	w.WriteHeader(e.Status)
	_, _ = w.Write(e.Body)
}

// matches is If-None-Match's weak comparison (RFC 9110 §13.1.2).
func matches(ifNoneMatch, etag string) bool {
	for _, t := range strings.Split(ifNoneMatch, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}
