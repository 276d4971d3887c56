package relaysync

import (
	"slices"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
)

// Awaited summaries: a recording uploaded through this relay without a
// summary gets one from the upstream, and that is a summary.ready (a Web
// Push notice) even when the upstream summarises it before the relay first
// lists it. A listing alone cannot tell a summary made since the upload from
// one that came with it; the upload the relay passed on can.

// awaitFor bounds how long an upload is remembered as waiting for its summary.
const awaitFor = 30 * time.Minute

// AwaitSummary notes that uid uploaded recording id without a summary
// (server/relay calls it for an upload the upstream accepted), and watches it.
func (s *Service) AwaitSummary(uid, id string) {
	if !safeID(id) {
		return
	}
	u := s.user(uid)
	u.mu.Lock()
	now := s.opts.Now()
	for k, at := range u.awaiting {
		if now.Sub(at) > awaitFor {
			delete(u.awaiting, k)
		}
	}
	u.awaiting[id] = now
	u.mu.Unlock()
	s.watch(uid, []string{id})
}

// markAwaited turns the changes that bring an awaited upload its summary
// into summary.ready (once), and forgets those uploads.
func (s *Service) markAwaited(uid string, changes []change) {
	u := s.user(uid)
	u.mu.Lock()
	defer u.mu.Unlock()
	for i := range changes {
		c := &changes[i]
		if c.rec == nil || !c.rec.HasSummary {
			continue
		}
		at, ok := u.awaiting[c.id]
		if !ok {
			continue
		}
		delete(u.awaiting, c.id)
		if s.opts.Now().Sub(at) > awaitFor {
			continue
		}
		c.awaited = true
		if !slices.Contains(c.types, events.SummaryReady) {
			c.types = append([]string{events.SummaryReady}, c.types...)
		}
	}
}
