package relay

import (
	"bytes"
	"encoding/json"
	"net/http"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Publisher is where the relay announces the writes it passed on
// (pkg/events.Bus, which fans out to other replicas when NATS is on).
type Publisher interface {
	Publish(events.Event)
}

// writeEvents says which live event a write the upstream accepted is, as the
// embedded provider announces the same write. Routes missing here (share
// links, views) change nothing a device syncs.
var writeEvents = map[string]string{
	"POST /api/v1/recordings":              events.RecordingCreated,
	"PUT /api/v1/recordings/{id}":          events.RecordingUpdated,
	"PUT /api/v1/recordings/{id}/speakers": events.RecordingUpdated,
	"DELETE /api/v1/recordings/{id}":       events.RecordingDeleted,
	"POST /api/v1/folders":                 events.FolderUpdated,
	"PUT /api/v1/folders/{id}":             events.FolderUpdated,
	"DELETE /api/v1/folders/{id}":          events.FolderDeleted,
	"POST /api/v1/templates":               events.TemplateUpdated,
	"PUT /api/v1/templates/{id}":           events.TemplateUpdated,
	"DELETE /api/v1/templates/{id}":        events.TemplateDeleted,
	"POST /api/v1/chat/message":            events.ChatMessage,
}

// announced reports whether a write on r's route is announced.
func announced(r *http.Request) bool {
	_, ok := writeEvents[r.Pattern]
	return ok
}

// answerCapture is how much of a write's answer is kept to read the id the
// upstream gave (an upload's or a new folder's): the answer is small, and a
// streamed chat answer's id is not needed.
const answerCapture = 64 << 10

// announce tells the writer's devices, on every replica, of a write the
// upstream accepted, at once: a tab on another replica must not wait for a
// poll. Its Seq is 0 (the relay's log has not seen the write yet), so every
// device pulls, and the pull refreshes the mirror first (relaysync).
func (rl *Relay) announce(r *http.Request, uid string, sent, answer []byte) {
	typ, ok := writeEvents[r.Pattern]
	if !ok || rl.bus == nil {
		return
	}
	e := events.Event{Type: typ, UserID: uid, At: time.Now().UTC()}
	id := r.PathValue("id")
	if id == "" {
		var created bool
		id, created = createdID(answer)
		if typ == events.RecordingCreated && !created {
			e.Type = events.RecordingUpdated // an upload of an id the upstream had
		}
	}
	switch e.Type {
	case events.FolderUpdated, events.FolderDeleted:
		e.FolderID = id
	case events.TemplateUpdated, events.TemplateDeleted:
		// the event names no template: a device pulls the log
	case events.ChatMessage:
		var body struct {
			RecordingID string `json:"recordingId"`
		}
		_ = json.Unmarshal(sent, &body)
		e.RecordingID = body.RecordingID
	default:
		e.RecordingID = id
	}
	rl.bus.Publish(e)
}

// SummaryAwaiter hears of an upload the upstream accepted without a summary
// (relaysync then sends summary.ready, and its Web Push notice, when the
// upstream's summary appears, however soon that is).
type SummaryAwaiter interface {
	AwaitSummary(uid, recordingID string)
}

// awaitSummary tells the observer, when it listens, of an upload without a
// summary.
func (rl *Relay) awaitSummary(r *http.Request, sent, answer []byte) {
	a, ok := rl.observer.(SummaryAwaiter)
	if !ok || r.Pattern != "POST /api/v1/recordings" || loose.UploadHasSummary(sent) {
		return
	}
	if id, _ := createdID(answer); id != "" {
		a.AwaitSummary(httpx.MustPrincipal(r).UID, id)
	}
}

// createdID reads data.id of the upstream's answer to a create, and whether
// it says it created something (an answer without "created" did).
func createdID(answer []byte) (id string, created bool) {
	var body struct {
		Data struct {
			ID      string `json:"id"`
			Created *bool  `json:"created"`
		} `json:"data"`
	}
	_ = json.Unmarshal(bytes.TrimSpace(answer), &body)
	return body.Data.ID, body.Data.Created == nil || *body.Data.Created
}

// capped keeps the first max bytes written to it.
type capped struct {
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
