package relay

import (
	"errors"
	"strconv"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/httpx"
)

// upstreamMetrics count the relay's calls to the upstream on /metrics.
type upstreamMetrics struct {
	latency *prometheus.HistogramVec
	errors  *prometheus.CounterVec
}

func newUpstreamMetrics(m *httpx.Metrics) *upstreamMetrics {
	u := &upstreamMetrics{
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "pocket_upstream_request_duration_seconds",
			Help:    "Latency of calls to the upstream by method and outcome (status class, or error).",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"method", "outcome"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pocket_upstream_errors_total",
			Help: "Calls to the upstream without a usable answer, by kind: timeout, unreachable, circuit_open, 5xx.",
		}, []string{"kind"}),
	}
	m.Registry().MustRegister(u.latency, u.errors)
	return u
}

func (u *upstreamMetrics) observe(o upstream.Observation) {
	switch {
	case errors.Is(o.Err, upstream.ErrCircuitOpen):
		u.errors.WithLabelValues("circuit_open").Inc()
		return
	case errors.Is(o.Err, upstream.ErrTimeout):
		u.errors.WithLabelValues("timeout").Inc()
	case o.Err != nil:
		u.errors.WithLabelValues("unreachable").Inc()
	case o.Status >= 500:
		u.errors.WithLabelValues("5xx").Inc()
	}
	outcome := "error"
	if o.Err == nil {
		outcome = strconv.Itoa(o.Status/100) + "xx"
	}
	u.latency.WithLabelValues(o.Method, outcome).Observe(o.Duration.Seconds())
}
