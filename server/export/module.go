// Package export serves a recording's exports and the library backup over
// pkg/export: transport only, owner only.
package export

import (
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/highlights"
	recs "github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module contributes the export routes.
var Module = fx.Module("export",
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
)

// Routes lists the feature's endpoints; both need a signed-in user and read
// only that user's recordings (and their audio), the backup also the user's
// folders and own templates.
func Routes(svc *recs.Service, files *audio.Files, hls *highlights.Service, tpls *templates.Store) []httpx.Route {
	h := handlers{svc: svc, files: files, hls: hls, tpls: tpls}
	return []httpx.Route{
		{Pattern: "GET /api/v1/recordings/{id}/export", Handler: h.recording},
		{Pattern: "GET /api/v1/export/backup", Handler: h.backup},
	}
}

type handlers struct {
	svc   *recs.Service
	files *audio.Files        // the recordings' audio, for the backup
	hls   *highlights.Service // each recording's highlights go in its import object
	tpls  *templates.Store    // the user's own templates go in the backup's library
}
