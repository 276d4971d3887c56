package push

import (
	"context"
	"log/slog"
	"time"
)

// An endpoint that failed abandonAfterNotices notices in a row, over at
// least abandonAfterFailing, is forgotten: it is dead, or a tarpit. Both
// must hold, so a push service's outage of a few hours, or a burst of
// notices within one, does not cost users their devices (the app subscribes
// again only when a person turns notifications on).
const (
	abandonAfterNotices = 5
	abandonAfterFailing = 24 * time.Hour
)

// failed counts a notice the endpoint failed and forgets the subscription
// once it has failed long enough; it reports whether it did.
func (s *Subscriptions) failed(ctx context.Context, uid, endpoint string, now time.Time, log *slog.Logger) bool {
	var abandon bool
	err := s.recs.patch(ctx, uid, endpoint, func(r *stored) {
		if r.Failures == 0 {
			r.FailingSince = now
		}
		r.Failures++
		abandon = r.Failures >= abandonAfterNotices && now.Sub(r.FailingSince) >= abandonAfterFailing
	})
	if err != nil {
		log.Error("push: counting a failed notice failed", "err", err)
		return false
	}
	if !abandon {
		return false
	}
	log.Warn("push: endpoint keeps failing, forgetting it", "notices", abandonAfterNotices, "for", abandonAfterFailing)
	if err := s.forget(ctx, uid, endpoint); err != nil {
		log.Error("push: forgetting a failing subscription failed", "err", err)
		return false
	}
	return true
}

// recovered clears the failures of an endpoint that was reached again.
func (s *Subscriptions) recovered(ctx context.Context, uid string, sub stored, log *slog.Logger) {
	if sub.Failures == 0 {
		return // the usual case: nothing to write
	}
	err := s.recs.patch(ctx, uid, sub.Endpoint, func(r *stored) {
		r.Failures, r.FailingSince = 0, time.Time{}
	})
	if err != nil {
		log.Error("push: clearing an endpoint's failures failed", "err", err)
	}
}
