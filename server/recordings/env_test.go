package recordings

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/events"
	recs "github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/media"
	"github.com/pocket-companion/pocket/tests/apitest"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// fakeVerifier accepts "<uid>-token" for alice and bob.
type fakeVerifier struct{}

func (fakeVerifier) VerifyIDToken(_ context.Context, token string) (httpx.Principal, error) {
	switch token {
	case "alice-token":
		return httpx.Principal{UID: "alice", Email: "alice@example.com"}, nil
	case "bob-token":
		return httpx.Principal{UID: "bob", Email: "bob@example.com"}, nil
	}
	return httpx.Principal{}, errors.New("bad token")
}

// SessionAlive makes fakeVerifier httpx.Sessions: every session is alive
// except "ended".
func (fakeVerifier) SessionAlive(_ context.Context, _, sid string) (bool, error) {
	return sid != "ended", nil
}

type env struct {
	t     *testing.T
	srv   *httptest.Server
	svc   *recs.Service
	files *audio.Files
}

func newEnv(t *testing.T) *env {
	t.Helper()
	db := storetest.Open(t)
	svc := NewService(db, events.NewBus(), config.Config{})
	files := audio.NewFiles(db, t.TempDir())
	media.RemoveOnDelete(svc, files, slog.New(slog.DiscardHandler))
	routes := append(Routes(svc, files), AudioRoutes(svc, files, audio.NewLinks(db, nil), fakeVerifier{})...)
	srv := httptest.NewServer(apitest.Handler(t, httpx.NewMux(routes, fakeVerifier{}, nil, nil)))
	t.Cleanup(srv.Close)
	return &env{t: t, srv: srv, svc: svc, files: files}
}

// answer is a decoded response.
type answer struct {
	status int
	body   map[string]any
	raw    []byte
}

func (e *env) do(method, path, token string, body []byte) answer {
	e.t.Helper()
	req, _ := http.NewRequestWithContext(e.t.Context(), method, e.srv.URL+path, bytes.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a := answer{status: res.StatusCode, raw: raw}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &a.body); err != nil {
			e.t.Fatalf("%s %s: body is not a JSON object: %s", method, path, raw)
		}
	}
	return a
}

func (e *env) want(a answer, status int) answer {
	e.t.Helper()
	if a.status != status {
		e.t.Fatalf("status %d, want %d: %s", a.status, status, a.raw)
	}
	if status >= 400 && (a.body["success"] != false || a.body["message"] == "" || a.body["code"] == "") {
		e.t.Fatalf("error body %s", a.raw)
	}
	return a
}

func (e *env) upload(token, body string) string {
	e.t.Helper()
	a := e.do("POST", "/api/v1/recordings", token, []byte(body))
	if a.status != http.StatusCreated && a.status != http.StatusOK {
		e.t.Fatalf("upload: %d %s", a.status, a.raw)
	}
	return a.body["data"].(map[string]any)["id"].(string)
}

func dataList(a answer) []any { l, _ := a.body["data"].([]any); return l }

func dataMap(a answer) map[string]any { m, _ := a.body["data"].(map[string]any); return m }

func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../fixtures/recordings", name))
	if err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return string(b)
}

// everyRoute is each route with a concrete path, for the sweeps.
func everyRoute(recID, sumID string) [][3]string {
	return [][3]string{
		{"GET", "/api/v1/recordings/dashboard", ""},
		{"GET", "/api/v1/recordings/search?q=plan", ""},
		{"POST", "/api/v1/recordings", `{"recording":{"title":"x"}}`},
		{"GET", "/api/v1/recordings/" + recID + "?include=all", ""},
		{"PUT", "/api/v1/recordings/" + recID, `{"title":"x"}`},
		{"PUT", "/api/v1/recordings/" + recID + "/note", `{"markdown":"x"}`},
		{"DELETE", "/api/v1/recordings/" + recID, ""},
		{"POST", "/api/v1/recordings/" + recID + "/view", ""},
		{"GET", "/api/v1/folders", ""},
		{"POST", "/api/v1/folders", `{"name":"F"}`},
		{"GET", "/api/v1/summarizations/" + sumID, ""},
		{"GET", "/api/v1/summarizations/by-recording/" + recID, ""},
	}
}
