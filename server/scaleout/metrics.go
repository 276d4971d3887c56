package scaleout

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/pocket-companion/pocket/pkg/natsbus"
	"github.com/pocket-companion/pocket/server/httpx"
)

// registerMetrics reports the broker connection and the fan-out on
// /metrics. The connection's state is a metric and not a readiness
// condition: a replica cut off from the broker still serves its own users
// (its events wait in the reconnect buffer), and failing /readyz on every
// replica at once when the broker restarts would take the whole service
// out of the load balancer.
func registerMetrics(m *httpx.Metrics, c *natsbus.Conn, f *natsbus.Fanout) {
	if c == nil {
		return
	}
	reg := m.Registry()
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "pocket_nats_connected",
			Help: "1 while this replica is connected to the NATS server, else 0."},
			func() float64 {
				if c.Connected() {
					return 1
				}
				return 0
			}),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "pocket_nats_reconnects_total",
			Help: "Times this replica reconnected to the NATS server."},
			func() float64 { return float64(c.NC.Stats().Reconnects) }),
	)
	st := f.Stats()
	m.RegisterCounters(
		httpx.Counter{Name: "pocket_events_fanout_confirmed_total", Help: "Events published to other replicas and confirmed by the NATS server.", Read: st.Confirmed.Load},
		httpx.Counter{Name: "pocket_events_fanout_buffered_total", Help: "Events published while the NATS server was away, held until it returns.", Read: st.Buffered.Load},
		httpx.Counter{Name: "pocket_events_fanout_failed_total", Help: "Events that could not be handed to the NATS server, or not confirmed in time.", Read: st.Failed.Load},
		httpx.Counter{Name: "pocket_events_remote_total", Help: "Other replicas' events delivered to this replica's listeners.", Read: st.Received.Load},
	)
}
