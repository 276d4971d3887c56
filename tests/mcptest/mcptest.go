// Package mcptest connects the official MCP Go SDK's client to a server's
// /mcp with a bearer token, for the MCP server's tests (server/mcp) and the
// client command the process tests run (mcpcall).
package mcptest

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Connect initialises an MCP session with base's /mcp as token's holder.
func Connect(ctx context.Context, base, token string) (*sdk.ClientSession, error) {
	client := sdk.NewClient(&sdk.Implementation{Name: "pocket-tests", Version: "1"}, nil)
	transport := &sdk.StreamableClientTransport{
		Endpoint:   base + "/mcp",
		HTTPClient: &http.Client{Transport: bearer{token: token, next: http.DefaultTransport}},
		MaxRetries: -1, // a refusal is the answer under test, not a passing fault
	}
	return client.Connect(ctx, transport, nil)
}

type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// Result is a tool call's answer as a test reads it.
type Result struct {
	IsError    bool            `json:"isError"`
	Text       string          `json:"text"`
	Structured json.RawMessage `json:"structured,omitempty"`
}

// Call calls a tool with args (a JSON object).
func Call(ctx context.Context, s *sdk.ClientSession, name string, args json.RawMessage) (Result, error) {
	res, err := s.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return Result{}, err
	}
	var text []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	out := Result{IsError: res.IsError, Text: strings.Join(text, "\n")}
	if res.StructuredContent != nil {
		out.Structured, err = json.Marshal(res.StructuredContent)
	}
	return out, err
}
