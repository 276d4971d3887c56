package live

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/pocket-companion/pocket/server/httpx"
)

// registerMetrics reports the sockets on /metrics: how many are held (each is
// a file descriptor) against the cap, and how many were refused or closed by
// the caps.
func registerMetrics(m *httpx.Metrics, s *Server, hub *Hub) {
	m.Registry().MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "pocket_live_sockets",
			Help: "Live-event sockets held now, signed in or still waiting for their token."},
			func() float64 { return float64(s.gate.open()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "pocket_live_sockets_max",
			Help: "The cap on live-event sockets (POCKET_MAX_SOCKETS, or half the open-file limit)."},
			func() float64 { return float64(s.limits.Total) }),
	)
	m.RegisterCounters(
		httpx.Counter{Name: "pocket_live_sockets_refused_total", Help: "Live-event upgrades refused by a cap (429 per client address, 503 overall).", Read: s.gate.refused.Load},
		httpx.Counter{Name: "pocket_live_sockets_evicted_total", Help: "Live-event sockets closed (4429) because their user opened more than the per-user cap.", Read: hub.Evicted},
		httpx.Counter{Name: "pocket_live_sockets_dropped_total", Help: "Live-event sockets closed (4408) for not keeping up with their events.", Read: hub.Dropped},
	)
}
