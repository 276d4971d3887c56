package push

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/server/httpx"
)

// registerMetrics exposes the sender's counters on /metrics.
func registerMetrics(m *httpx.Metrics, s *push.Sender) {
	st := s.Stats()
	for _, c := range []struct {
		name, help string
		read       func() int64
	}{
		{"pocket_push_sent_total", "Push notices accepted by a push service.", st.Sent.Load},
		{"pocket_push_failed_total", "Push notices given up on after errors or refusals.", st.Failed.Load},
		{"pocket_push_dropped_total", "Push notices dropped because the send queue was full.", st.Dropped.Load},
		{"pocket_push_gone_total", "Subscriptions forgotten because their push service reported them gone.", st.Gone.Load},
	} {
		read := c.read
		m.Registry().MustRegister(prometheus.NewCounterFunc(
			prometheus.CounterOpts{Name: c.name, Help: c.help},
			func() float64 { return float64(read()) },
		))
	}
}
