// Package recordings serves the provider API's recordings, folders and
// summarizations endpoints (spec §7) over pkg/recordings. It is transport
// only: parse the request, call the service, write the spec's JSON shape.
package recordings

import (
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/events"
	recs "github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides *recordings.Service to other features (share, chat, sync,
// the AI engine) and contributes the routes.
var Module = fx.Module("recordings",
	fx.Provide(NewService),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Provide(fx.Annotate(AudioRoutes, fx.ResultTags(`group:"routes,flatten"`))),
)

// NewService builds the domain service on the server's store and event bus,
// with the configured per-user quotas.
func NewService(db *store.DB, bus *events.Bus, cfg config.Config) *recs.Service {
	svc := recs.NewService(db, bus, time.Now)
	svc.SetLimits(cfg.Quotas.Limits)
	return svc
}

// MaxUploadBytes bounds an uploaded recording (import object); larger is 413.
const MaxUploadBytes = 32 << 20

// Routes lists every endpoint of the feature; all need a signed-in user, whose
// uid owns everything they touch.
func Routes(svc *recs.Service, files *audio.Files) []httpx.Route {
	h := handlers{svc: svc, files: files}
	return []httpx.Route{
		{Pattern: "GET /api/v1/recordings/dashboard", Handler: h.dashboard},
		{Pattern: "GET /api/v1/recordings/search", Handler: h.search},
		{Pattern: "POST /api/v1/recordings", Handler: h.importRecording},
		{Pattern: "GET /api/v1/recordings/{id}", Handler: h.detail},
		{Pattern: "PUT /api/v1/recordings/{id}", Handler: h.update},
		{Pattern: "DELETE /api/v1/recordings/{id}", Handler: h.remove},
		{Pattern: "POST /api/v1/recordings/{id}/view", Handler: h.view},
		{Pattern: "GET /api/v1/folders", Handler: h.folders},
		{Pattern: "POST /api/v1/folders", Handler: h.createFolder},
		{Pattern: "PUT /api/v1/folders/{id}", Handler: h.renameFolder},
		{Pattern: "DELETE /api/v1/folders/{id}", Handler: h.deleteFolder},
		{Pattern: "PUT /api/v1/recordings/{id}/speakers", Handler: h.renameSpeaker},
		{Pattern: "PUT /api/v1/recordings/{id}/note", Handler: h.putNote},
		{Pattern: "GET /api/v1/people", Handler: h.people},
		{Pattern: "GET /api/v1/people/candidates", Handler: h.personCandidates},
		{Pattern: "GET /api/v1/summarizations/by-recording/{recordingId}", Handler: h.summarizationByRecording},
		{Pattern: "GET /api/v1/summarizations/{id}", Handler: h.summarization},
	}
}

type handlers struct {
	svc   *recs.Service
	files *audio.Files
}

// maxAudioBytes bounds an uploaded audio file; a variable so tests can lower it.
var maxAudioBytes int64 = audio.MaxBytes

func uid(r *http.Request) string { return httpx.MustPrincipal(r).UID }
