package push

import (
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/server/httpx"
)

// registerMetrics exposes the sender's counters on /metrics.
func registerMetrics(m *httpx.Metrics, s *push.Sender) {
	st := s.Stats()
	m.RegisterCounters(
		httpx.Counter{Name: "pocket_push_sent_total", Help: "Push notices accepted by a push service.", Read: st.Sent.Load},
		httpx.Counter{Name: "pocket_push_failed_total", Help: "Push notices given up on after errors, refusals or the notice deadline.", Read: st.Failed.Load},
		httpx.Counter{Name: "pocket_push_dropped_total", Help: "Push notices dropped because the send queue, or the user's share of it, was full.", Read: st.Dropped.Load},
		httpx.Counter{Name: "pocket_push_gone_total", Help: "Subscriptions forgotten because their push service reported them gone.", Read: st.Gone.Load},
		httpx.Counter{Name: "pocket_push_blocked_total", Help: "Push notices not sent because the endpoint's host, address or port is not allowed (counted in failed too).", Read: st.Blocked.Load},
		httpx.Counter{Name: "pocket_push_abandoned_total", Help: "Subscriptions forgotten after failing notice after notice for a day.", Read: st.Abandoned.Load},
	)
}
