// Package media keeps recordings' audio for the server: the files under the
// data directory, the signed links the app's player uses, and serving them
// with byte ranges. The recordings and share features mount its routes.
package media

import (
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides *audio.Files and *audio.Links, and removes a recording's
// audio file when the recording is deleted.
var Module = fx.Module("media",
	fx.Provide(NewFiles, func(db *store.DB) *audio.Links { return audio.NewLinks(db, nil) }),
	fx.Invoke(RemoveOnDelete),
)

// NewFiles keeps audio in <data dir>/audio, or with POCKET_DATABASE_URL in
// the database, where every replica reads it (uploads are staged in
// <data dir>/audio/tmp either way).
func NewFiles(db *store.DB, cfg config.Config) *audio.Files {
	return FilesFor(db, cfg.DataDir, cfg.DatabaseURL != "")
}

// FilesFor keeps audio where a server on dataDir keeps it: in the store when
// it is a shared database, else in files (`pocket import` says which).
func FilesFor(db *store.DB, dataDir string, inStore bool) *audio.Files {
	if inStore {
		return audio.NewStoredFiles(db, Dir(dataDir))
	}
	return audio.NewFiles(db, Dir(dataDir))
}

// Dir is where a data directory keeps its audio (`pocket import` writes there too).
func Dir(dataDir string) string { return filepath.Join(dataDir, "audio") }

// RemoveOnDelete deletes the file once the recording's delete has committed
// (its metadata went in the same transaction).
func RemoveOnDelete(recs *recordings.Service, files *audio.Files, log *slog.Logger) {
	recs.OnDeleted(func(uid, id string) {
		if err := files.RemoveFile(uid, id); err != nil {
			log.Error("could not remove the audio of a deleted recording", "recording", id, "err", err)
		}
	})
}

// Serve answers a GET or HEAD for an audio file with http.ServeContent:
// single and suffix ranges, 416 for unsatisfiable ones, If-Range and
// If-None-Match against the file's sha256 as its ETag. A request for more
// than one range is refused with 416 before any byte is read (see
// httpx.ManyRanges): a player asks for one range at a time.
func Serve(w http.ResponseWriter, r *http.Request, f audio.Body, m audio.Meta, cacheControl string) {
	defer func() { _ = f.Close() }() // read only: nothing to report once served
	h := w.Header()
	h.Set("Cache-Control", cacheControl)
	if httpx.ManyRanges(r.Header) {
		refuseRanges(w, m.Size)
		return
	}
	h.Set("Content-Type", m.ContentType)
	h.Set("ETag", `"`+m.SHA256+`"`)
	http.ServeContent(w, r, "", time.Time{}, f)
}

// refuseRanges is the 416 http.ServeContent gives an unsatisfiable range:
// the audio's size in Content-Range, and a one-line body.
func refuseRanges(w http.ResponseWriter, size int64) {
	w.Header().Set("Content-Range", fmt.Sprintf("bytes */%d", size))
	http.Error(w, "only one byte range may be asked for per request", http.StatusRequestedRangeNotSatisfiable)
}
