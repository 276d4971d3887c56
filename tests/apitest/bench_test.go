package apitest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkHandler is the cost of checking one exchange: a folder created
// (a JSON body checked) and its answer, against the bare handler.
func BenchmarkHandler(b *testing.B) {
	folder := answer(201, `{"success":true,"data":{"id":"f1","name":"Work","parent_id":null,"createdAt":"2026-01-01T00:00:00Z"}}`)
	for _, c := range []struct {
		name string
		h    http.Handler
	}{{"bare", folder}, {"checked", Handler(b, folder)}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				req := httptest.NewRequestWithContext(b.Context(), "POST", "/api/v1/folders", strings.NewReader(`{"name":"Work"}`))
				req.Header.Set("Content-Type", "application/json")
				c.h.ServeHTTP(httptest.NewRecorder(), req)
			}
		})
	}
}
