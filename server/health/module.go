// Package health answers liveness (/healthz: the process serves requests) and
// readiness (/readyz: the store answers reads).
package health

import (
	"net/http"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module contributes the two probes.
var Module = fx.Module("health",
	fx.Provide(NewGate),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
)

// Routes returns the probe endpoints.
func Routes(db *store.DB, gate *Gate) []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /healthz", Access: httpx.Public, Handler: func(w http.ResponseWriter, _ *http.Request) error {
			httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
			return nil
		}},
		{Pattern: "GET /readyz", Access: httpx.Public, Handler: func(w http.ResponseWriter, _ *http.Request) error {
			if pending := gate.Pending(); pending != "" {
				return apperr.New(apperr.Unavailable, "STARTING", "Still starting: "+pending)
			}
			err := db.View(func(x *store.Txn) error {
				_, err := x.Has(store.Key("meta", "ready"))
				return err
			})
			if err != nil {
				return apperr.New(apperr.Unavailable, "NOT_READY", "The store is not available")
			}
			httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ready"})
			return nil
		}},
	}
}
