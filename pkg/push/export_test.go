package push

import "context"

// SaveUnchecked stores sub without the endpoint checks, as a subscription
// stored before they existed would be.
func (s *Subscriptions) SaveUnchecked(ctx context.Context, uid string, sub Subscription) error {
	return s.recs.save(ctx, uid, stored{Subscription: sub, CreatedAt: s.now()}, s.max)
}
