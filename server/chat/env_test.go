package chat_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// weeklySync is fixture 01 (rec_01_weekly_sync), as a device uploads it.
func weeklySync(t *testing.T) []byte { return fixture(t, "01-weekly-product-sync.json") }

// fixture is one file of fixtures/recordings.
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "recordings", name))
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

const weeklyID = "rec_01_weekly_sync"

type session struct {
	ID            string
	UserID        *string
	RecordingID   string
	Title         string
	LastMessageAt *time.Time
	Metadata      map[string]any
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

type source struct {
	SegmentIndex   int
	Speaker        string
	Start, End     float64
	Quote          string
	RecordingID    string
	RecordingTitle string
	Kind           string
}

type message struct {
	ID, SessionID, Role, Content string
	Error                        *string
	Sources                      []source
	CreatedAt, UpdatedAt         time.Time
}

type sent struct {
	Session          session
	UserMessage      message
	AssistantMessage message
}

// data decodes the {success, data} envelope.
func data[T any](t *testing.T, r servertest.Response) T {
	t.Helper()
	var env struct {
		Success bool
		Data    T
	}
	r.JSON(t, &env)
	if !env.Success {
		t.Fatalf("not a success envelope: %s", r.Body)
	}
	return env.Data
}

// world is a server with alice owning the weekly sync.
type world struct {
	srv   *servertest.Server
	alice *servertest.Client
}

func newWorld(t *testing.T, edit func(*config.Config), extra ...fx.Option) world {
	t.Helper()
	srv := servertest.Start(t, edit, extra...)
	alice := srv.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", weeklySync(t))
	return world{srv: srv, alice: alice}
}

func (w world) shareLink(t *testing.T, expiresIn float64) string {
	t.Helper()
	var body any
	if expiresIn > 0 {
		body = map[string]any{"expiresIn": expiresIn}
	}
	var link struct{ Token string }
	w.alice.MustOK("POST", "/api/v1/recordings/"+weeklyID+"/share", body, &link)
	return link.Token
}

func ask(recordingID, text, sessionID string) map[string]any {
	return map[string]any{"recordingId": recordingID, "message": text, "sessionId": sessionID, "language": "en"}
}

func askShared(recordingID, text, sessionID, token string) map[string]any {
	m := ask(recordingID, text, sessionID)
	m["shareToken"] = token
	return m
}

func errorCode(t *testing.T, r servertest.Response) string {
	t.Helper()
	var e struct {
		Success bool
		Message string
		Code    string
	}
	if err := json.Unmarshal(r.Body, &e); err != nil || e.Success || e.Message == "" {
		t.Fatalf("not an error body: %s", r.Body)
	}
	return e.Code
}
