package httpx

import (
	"bufio"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics counts requests and their latencies by route pattern and status.
type Metrics struct {
	registry *prometheus.Registry
	handler  http.Handler
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// NewMetrics makes a registry of the server's own (no global state, so tests can
// start many servers in one process).
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m := &Metrics{
		registry: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pocket_http_requests_total",
			Help: "HTTP requests by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "pocket_http_request_duration_seconds",
			Help:    "HTTP request latency by route pattern and status.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"route", "status"}),
	}
	reg.MustRegister(m.requests, m.latency)
	m.handler = promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	return m
}

// Registry lets other features register their own collectors.
func (m *Metrics) Registry() *prometheus.Registry { return m.registry }

// Counter is a counter a feature keeps itself (an atomic in its stats),
// read on each scrape.
type Counter struct {
	Name, Help string
	Read       func() int64
}

// RegisterCounters exposes a feature's own counters on /metrics.
func (m *Metrics) RegisterCounters(counters ...Counter) {
	for _, c := range counters {
		read := c.Read
		m.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: c.Name, Help: c.Help},
			func() float64 { return float64(read()) }))
	}
}

// Routes is the metrics endpoint, for operators only (see requireOperator).
func (m *Metrics) Routes() []Route {
	return []Route{{Pattern: "GET /metrics", Handler: m.serve, Access: Operator}}
}

func (m *Metrics) serve(w http.ResponseWriter, r *http.Request) error {
	m.handler.ServeHTTP(w, r)
	return nil
}

// Wrap records every request through h under the given route label.
func (m *Metrics) Wrap(route string, h http.Handler) http.Handler {
	if m == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(sw, r)
		status := strconv.Itoa(sw.status)
		m.requests.WithLabelValues(route, r.Method, status).Inc()
		m.latency.WithLabelValues(route, status).Observe(time.Since(start).Seconds())
	})
}

type statusWriter struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
}

func (s *statusWriter) WriteHeader(code int) {
	if !s.wroteHeader {
		s.status, s.wroteHeader = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	s.wroteHeader = true
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the real writer (flush, hijack for WebSockets).
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// Hijack hands the connection over (WebSocket upgrades); libraries that
// assert http.Hijacker directly do not look through Unwrap.
func (s *statusWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	s.status = http.StatusSwitchingProtocols
	return http.NewResponseController(s.ResponseWriter).Hijack()
}
