package httpx

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/config"
)

// Module serves every route contributed to the "routes" group, /metrics among them.
var Module = fx.Module("httpx",
	fx.Provide(NewMetrics),
	fx.Provide(fx.Annotate((*Metrics).Routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Provide(newServer),
	fx.Invoke(func(*Server) {}),
)

// Server is the listening HTTP server.
type Server struct {
	srv  *http.Server
	addr net.Addr
}

// Addr is where the server listens (useful when the configured port is 0).
func (s *Server) Addr() net.Addr { return s.addr }

// requestReadTimeout bounds reading one whole request, body included, so a
// client trickling a body (slowloris) cannot hold a connection and its
// goroutine forever. It does not cut long answers (streamed chat replies):
// there is no write timeout. The live socket sets its own read deadlines
// once upgraded. A variable so a test can shorten it.
var requestReadTimeout = time.Minute

// shutdownGrace bounds how long in-flight requests may take to finish on stop.
const shutdownGrace = 25 * time.Second

type serverParams struct {
	fx.In
	Lifecycle fx.Lifecycle
	Config    config.Config
	Routes    []Route `group:"routes"`
	Verifier  Verifier
	Metrics   *Metrics
	App       http.Handler `name:"app"`
	Log       *slog.Logger
	// Access tokens are accepted where both are given (the embedded
	// provider: server/tokens and server/app's route table).
	AccessTokens AccessTokens `optional:"true"`
	TokenScopes  TokenScopes  `optional:"true"`
	Outer        Outermost    `optional:"true"`
}

// Outermost, when given (tests give one, never `pocket serve`), wraps the
// whole handler, so it sees every request and every answer as the client
// does: tests hold the traffic to the API's document with it (tests/apitest).
type Outermost func(http.Handler) http.Handler

func newServer(p serverParams) *Server {
	lc, cfg, log := p.Lifecycle, p.Config, p.Log
	opts := []MuxOption{WithOperatorToken(cfg.MetricsToken)}
	if p.AccessTokens != nil && p.TokenScopes != nil {
		opts = append(opts, WithAccessTokens(p.AccessTokens, p.TokenScopes, cfg.TokenRate()))
	}
	mux := NewMux(p.Routes, p.Verifier, p.Metrics, p.App, opts...)
	handler := hsts(cfg.PublicURL, Middleware(log, TrustProxies(cfg.TrustedProxies, mux)))
	if p.Outer != nil {
		handler = p.Outer(handler)
	}
	s := &Server{srv: &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       requestReadTimeout,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", cfg.Addr)
			if err != nil {
				return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
			}
			s.addr = ln.Addr()
			log.Info("listening", "addr", ln.Addr().String(), "public_url", cfg.PublicURL)
			go func() {
				if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			ctx, cancel := context.WithTimeout(ctx, shutdownGrace)
			defer cancel()
			return s.srv.Shutdown(ctx)
		},
	})
	return s
}

// hsts tells browsers to use https only, for a year, when the public URL is
// https (behind a TLS-terminating proxy). Never on http: a developer's
// loopback server must stay reachable.
func hsts(publicURL string, next http.Handler) http.Handler {
	if !strings.HasPrefix(publicURL, "https://") {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Strict-Transport-Security", "max-age=31536000")
		next.ServeHTTP(w, r)
	})
}

// Middleware adds the request logger, baseline security headers and panic recovery,
// so one bad request can never take the process down.
func Middleware(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		r = r.WithContext(WithLogger(r.Context(), log))
		defer func() {
			if rec := recover(); rec != nil {
				if err, _ := rec.(error); errors.Is(err, http.ErrAbortHandler) {
					panic(rec)
				}
				log.Error("panic serving request", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(rec), "stack", string(debug.Stack()))
				WriteJSON(w, http.StatusInternalServerError, ErrorBody{Message: "Internal server error", Code: "INTERNAL"})
			}
		}()
		next.ServeHTTP(w, r)
	})
}
