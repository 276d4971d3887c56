package apitest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// spy stands in for the test a server runs under, keeping what it was told.
type spy struct {
	testing.TB
	failures []string
}

func (s *spy) Helper()                   {}
func (s *spy) Errorf(f string, a ...any) { s.failures = append(s.failures, fmt.Sprintf(f, a...)) }

// answer is a handler that answers status and body whatever it is asked.
func answer(status int, body string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	})
}

func TestHandler_HoldsTrafficToTheDocument(t *testing.T) {
	cases := []struct {
		name, method, path, body string
		status                   int
		answer                   string
		wantFailure              string // "" when the exchange matches the document
	}{
		{"a documented answer", "GET", "/api/v1/usage", "", 200,
			`{"success":true,"data":{"items":[{"id":"recordings","used":1,"limit":0,"unit":"count"}]}}`, ""},
		{"a member of the wrong type", "GET", "/api/v1/usage", "", 200,
			`{"success":true,"data":{"items":"none"}}`, "does not match"},
		{"a missing member", "GET", "/api/v1/folders", "", 200,
			`{"success":true,"data":[{"id":"f1","name":"Work","createdAt":"2026-01-01T00:00:00Z"}]}`, "does not match"},
		{"an undocumented status", "GET", "/api/v1/usage", "", 418,
			`{"success":false,"message":"teapot","code":"TEAPOT"}`, "does not match"},
		{"an error without the envelope", "GET", "/api/v1/usage", "", 401, `{"error":"no"}`, "does not match"},
		{"bad input refused with the envelope", "POST", "/api/v1/folders", `{"name":5}`, 400,
			`{"success":false,"message":"Field \"name\" has the wrong type","code":"INVALID_ARGUMENT"}`, ""},
		{"bad input accepted", "POST", "/api/v1/folders", `{"name":5}`, 201,
			`{"success":true,"data":{"id":"f1","name":"5","parent_id":null,"createdAt":"2026-01-01T00:00:00Z"}}`,
			"accepted a request the document refuses"},
		{"an unknown API path answered with the envelope", "GET", "/api/v1/nothing", "", 404,
			`{"success":false,"message":"No API endpoint","code":"NOT_FOUND"}`, ""},
		{"an unknown API path answered otherwise", "GET", "/api/v1/nothing", "", 200, `{}`, "no path of the document"},
		{"the app's pages are not the API's", "GET", "/recordings", "", 200, `<html>`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &spy{TB: t}
			srv := httptest.NewServer(Handler(s, answer(c.status, c.answer)))
			defer srv.Close()
			req, _ := http.NewRequestWithContext(t.Context(), c.method, srv.URL+c.path, strings.NewReader(c.body))
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_ = res.Body.Close()
			srv.Close() // the handler has finished: its verdict is in
			switch {
			case c.wantFailure == "" && len(s.failures) > 0:
				t.Errorf("a matching exchange failed the test: %q", s.failures)
			case c.wantFailure != "" && (len(s.failures) != 1 || !strings.Contains(s.failures[0], c.wantFailure)):
				t.Errorf("want one failure saying %q, got %q", c.wantFailure, s.failures)
			}
		})
	}
}
