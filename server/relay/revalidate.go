package relay

import (
	"io"
	"net/http"

	"github.com/pocket-companion/pocket/pkg/upstream"
)

// revalidate asks the upstream again for an entry older than freshFor, in
// the background and once per key at a time, with the upstream's own ETag
// when it gave one. The token in req is the caller's, held only for the call.
func (rl *Relay) revalidate(uid, key string, req upstream.Request, old Entry) {
	rl.mu.Lock()
	if rl.inflight[key] || rl.bg.Err() != nil {
		rl.mu.Unlock()
		return
	}
	rl.inflight[key] = true
	rl.wg.Add(1)
	rl.mu.Unlock()
	gen := rl.cache.Generation(uid)
	if old.UpstreamTag != "" {
		req.Header.Set("If-None-Match", old.UpstreamTag)
	}
	go func() {
		defer func() {
			rl.mu.Lock()
			delete(rl.inflight, key)
			rl.mu.Unlock()
			rl.wg.Done()
		}()
		rl.refresh(uid, key, req, old, gen)
	}()
}

func (rl *Relay) refresh(uid, key string, req upstream.Request, old Entry, gen uint64) {
	resp, err := rl.up.Do(rl.bg, req)
	if err != nil {
		return // kept: served, marked stale, until the upstream answers
	}
	defer func() { _ = resp.Body.Close() }()
	switch resp.StatusCode {
	case http.StatusNotModified:
		old.StoredAt = rl.now()
		_ = rl.cache.Put(uid, key, old, gen)
	case http.StatusOK:
		body, err := io.ReadAll(io.LimitReader(resp.Body, maxCachedBody+1))
		if err == nil && len(body) <= maxCachedBody {
			_ = rl.cache.Put(uid, key, newEntry(resp, body, rl.now()), gen)
		}
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusGone:
		// Gone, or no longer this user's to see (or the token expired: the
		// next read asks with a fresh one).
		_ = rl.cache.Delete(key)
	}
}
