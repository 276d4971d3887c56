package chat

import (
	"time"

	"github.com/pocket-companion/pocket/pkg/ratelimit"
)

// Rate is a token bucket: Burst sends at once, then one more every Every.
type Rate = ratelimit.Rate

// Limits are the send limits: per signed-in user, per share link (all of a
// link's visitors together, since a link can be passed around) and per
// visitor's client address (across links, so one client holding many links
// is still held back); and what share-link visitors may keep stored.
type Limits struct {
	Owner          Rate
	Visitor        Rate
	VisitorAddress Rate
	// ConversationsPerLink caps the visitor conversations one link holds;
	// past it a new visitor's first message is refused until idle ones expire.
	ConversationsPerLink int
	// VisitorIdle is how long a visitor conversation is kept after its last
	// answer; VisitorEmpty how long one without a message is (only stores
	// written before conversations waited for a first message hold those).
	VisitorIdle, VisitorEmpty time.Duration
}

func (l Limits) withDefaults() Limits {
	if l.Owner.Burst <= 0 || l.Owner.Every <= 0 {
		l.Owner = Rate{Burst: 10, Every: 6 * time.Second} // 10 at once, 10 a minute sustained
	}
	if l.Visitor.Burst <= 0 || l.Visitor.Every <= 0 {
		l.Visitor = Rate{Burst: 6, Every: 10 * time.Second}
	}
	if l.VisitorAddress.Burst <= 0 || l.VisitorAddress.Every <= 0 {
		l.VisitorAddress = Rate{Burst: 10, Every: 6 * time.Second}
	}
	if l.ConversationsPerLink <= 0 {
		l.ConversationsPerLink = 1000
	}
	if l.VisitorIdle <= 0 {
		l.VisitorIdle = 30 * 24 * time.Hour
	}
	if l.VisitorEmpty <= 0 {
		l.VisitorEmpty = time.Hour
	}
	return l
}
