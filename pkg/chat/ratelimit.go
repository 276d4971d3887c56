package chat

import (
	"time"

	"github.com/pocket-companion/pocket/pkg/ratelimit"
)

// Rate is a token bucket: Burst sends at once, then one more every Every.
type Rate = ratelimit.Rate

// Limits are the send limits: per signed-in user and per share link (all of
// a link's visitors together, since a link can be passed around).
type Limits struct {
	Owner   Rate
	Visitor Rate
}

func (l Limits) withDefaults() Limits {
	if l.Owner.Burst <= 0 || l.Owner.Every <= 0 {
		l.Owner = Rate{Burst: 10, Every: 6 * time.Second} // 10 at once, 10 a minute sustained
	}
	if l.Visitor.Burst <= 0 || l.Visitor.Every <= 0 {
		l.Visitor = Rate{Burst: 6, Every: 10 * time.Second}
	}
	return l
}
