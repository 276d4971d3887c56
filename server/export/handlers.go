package export

import (
	"archive/zip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/export"
	"github.com/pocket-companion/pocket/pkg/importfile"
	recs "github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/httpx"
)

// format is one download: its file extension and content type.
type format struct {
	ext, contentType string
}

var formats = map[string]format{
	"md":   {"md", "text/markdown; charset=utf-8"},
	"txt":  {"txt", "text/plain; charset=utf-8"},
	"srt":  {"srt", "application/x-subrip; charset=utf-8"},
	"vtt":  {"vtt", "text/vtt; charset=utf-8"},
	"json": {"json", "application/json; charset=utf-8"},
}

// recording answers GET /api/v1/recordings/{id}/export?format=md|txt|srt|vtt|json
// as an attachment named after the recording's title.
func (h handlers) recording(w http.ResponseWriter, r *http.Request) error {
	name := r.URL.Query().Get("format")
	f, ok := formats[name]
	if !ok {
		return apperr.New(apperr.Invalid, "UNKNOWN_EXPORT_FORMAT",
			fmt.Sprintf("Unknown export format %q: use md, txt, srt, vtt or json", name))
	}
	id := r.PathValue("id")
	uid := httpx.MustPrincipal(r).UID
	obj, d, err := h.svc.ImportObject(r.Context(), uid, id)
	if err == nil && name == "json" {
		obj, err = h.hls.WithHighlights(r.Context(), uid, id, obj)
	}
	if err != nil {
		return err
	}
	doc := export.Read(d)
	var body []byte
	switch name {
	case "md":
		body = export.Markdown(doc)
	case "txt":
		body = export.Text(doc)
	case "srt":
		body = export.SRT(doc)
	case "vtt":
		body = export.VTT(doc)
	case "json":
		if body, err = export.JSON(obj); err != nil {
			return err
		}
	}
	attachment(w, f.contentType, export.FileName(doc.Title, "recording")+"."+f.ext)
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	_, _ = w.Write(body) //nolint:gosec // G705: an attachment with its own content type, not a page
	return nil
}

// backup answers GET /api/v1/export/backup: a zip of the caller's library,
// first its folders and own templates (importfile.LibraryFile), then its
// recordings, one import-format JSON file each with its audio beside it under
// the same name (as `pocket import` looks for it), that `pocket import`
// restores. It is
// written while it is read, one recording at a time, so a large library is
// never held in memory; a failure after the first byte can only cut the
// archive short, which every unzip tool reports.
func (h handlers) backup(w http.ResponseWriter, r *http.Request) error {
	uid := httpx.MustPrincipal(r).UID
	ids, err := h.svc.LiveIDs(r.Context(), uid)
	if err != nil {
		return err
	}
	lib, err := h.library(r.Context(), uid)
	if err != nil {
		return err
	}
	attachment(w, "application/zip", "pocket-backup-"+time.Now().UTC().Format("2006-01-02")+".zip")
	zw := zip.NewWriter(w)
	if err := addEntry(zw, importfile.LibraryFile, lib); err != nil {
		slog.WarnContext(r.Context(), "backup cut short", "err", err, "written", 0)
		return nil // the answer has started: nothing else can be said
	}
	for i, id := range ids {
		obj, _, err := h.svc.ImportObject(r.Context(), uid, id)
		if apperr.Is(err, apperr.NotFound) {
			continue // deleted since the list was read
		}
		if err == nil {
			obj, err = h.hls.WithHighlights(r.Context(), uid, id, obj)
		}
		base := fmt.Sprintf("recordings/%05d-%s", i+1, export.FileName(id, "recording"))
		if err == nil {
			err = addEntry(zw, base+".json", obj)
		}
		if err == nil {
			err = h.addAudio(r.Context(), zw, uid, id, base)
		}
		if err != nil {
			slog.WarnContext(r.Context(), "backup cut short", "err", err, "written", i)
			return nil // the answer has started: nothing else can be said
		}
	}
	if err := zw.Close(); err != nil {
		slog.WarnContext(r.Context(), "backup cut short", "err", err)
	}
	return nil
}

// library is the backup's first entry: every folder of uid, parents before
// children, and uid's own templates (the built-ins every user has are left
// out), so a restore makes empty folders, the tree and the folders'
// templates again.
func (h handlers) library(ctx context.Context, uid string) ([]byte, error) {
	folders, err := h.svc.Folders(ctx, uid)
	if err != nil {
		return nil, err
	}
	lib := importfile.Library{Folders: recs.ParentsFirst(folders), Templates: []templates.Template{}}
	all, err := h.tpls.List(ctx, uid)
	if err != nil {
		return nil, err
	}
	for _, t := range all {
		if !t.Builtin {
			lib.Templates = append(lib.Templates, t)
		}
	}
	return json.MarshalIndent(lib, "", "  ")
}

// addAudio streams the recording's audio, if it has any, into the archive as
// it is (stored: the formats are compressed already).
func (h handlers) addAudio(ctx context.Context, zw *zip.Writer, uid, id, base string) error {
	if h.files == nil {
		return nil
	}
	file, meta, err := h.files.Open(ctx, uid, id)
	if apperr.Is(err, apperr.NotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	defer func() { _ = file.Close() }() // read only: nothing to report once copied
	fw, err := zw.CreateHeader(&zip.FileHeader{Name: base + audio.Ext(meta.ContentType), Method: zip.Store, Modified: time.Now().UTC()})
	if err != nil {
		return err
	}
	_, err = io.Copy(fw, file)
	return err
}

func addEntry(zw *zip.Writer, name string, body []byte) error {
	fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Now().UTC()})
	if err != nil {
		return err
	}
	_, err = fw.Write(body)
	return err
}

// attachment sets the download headers: the type, a file name every browser
// takes (an ASCII one, and the title as written for those that read
// filename*), and no caching of a private document.
func attachment(w http.ResponseWriter, contentType, name string) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`,
		export.ASCIIFileName(name), pctEncode(name)))
}

// pctEncode is RFC 5987's encoding: attr-chars stay, every other byte is %XX.
func pctEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
