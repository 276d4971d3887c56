package mcp_test

import (
	"encoding/json"
	"testing"

	"github.com/pocket-companion/pocket/tests/mcptest"
)

// BenchmarkSearch_MCPBesideREST is what the MCP layer adds to a search: the
// same query through search_recordings and through the REST route, both
// over loopback HTTP with an access token, on one server.
func BenchmarkSearch_MCPBesideREST(b *testing.B) {
	e := start(b)
	b.Run("rest", func(b *testing.B) {
		c := e.s.WithToken(b, e.tokens["read"])
		for b.Loop() {
			if r := c.Do("GET", "/api/v1/recordings/search?q=release", nil); r.Status != 200 {
				b.Fatalf("search = %d", r.Status)
			}
		}
	})
	b.Run("mcp", func(b *testing.B) {
		s, err := mcptest.Connect(b.Context(), e.s.URL, e.tokens["read"])
		if err != nil {
			b.Fatal(err)
		}
		defer func() { _ = s.Close() }()
		for b.Loop() {
			r, err := mcptest.Call(b.Context(), s, "search_recordings", json.RawMessage(`{"query":"release"}`))
			if err != nil || r.IsError {
				b.Fatalf("search_recordings = %+v %v", r, err)
			}
		}
	})
}
