// Command mcpcall is a real MCP client in its own process, for the process
// tests of /mcp (server/cmd/pocket): the official Go SDK's client connects
// with a bearer token and prints one JSON answer.
//
//	mcpcall -url http://127.0.0.1:8080 -token pat_… list
//	mcpcall -url … -token … call search_recordings '{"query":"release"}'
//
// It exits 1 when the connection or the call fails (an HTTP refusal among
// them), with the error on stderr.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pocket-companion/pocket/tests/mcptest"
)

func main() {
	url := flag.String("url", "", "the server's base URL")
	token := flag.String("token", "", "the access token")
	flag.Parse()
	out, err := runWithin(30*time.Second, *url, *token, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpcall:", err)
		os.Exit(1)
	}
	_ = json.NewEncoder(os.Stdout).Encode(out)
}

func runWithin(limit time.Duration, url, token string, args []string) (any, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	return run(ctx, url, token, args)
}

func run(ctx context.Context, url, token string, args []string) (any, error) {
	s, err := mcptest.Connect(ctx, url, token)
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	defer func() { _ = s.Close() }() // the answer is printed already; a failed goodbye changes nothing
	switch {
	case len(args) == 1 && args[0] == "list":
		return list(ctx, s)
	case len(args) == 3 && args[0] == "call":
		return mcptest.Call(ctx, s, args[1], json.RawMessage(args[2]))
	case len(args) == 2 && args[0] == "read":
		return s.ReadResource(ctx, &sdk.ReadResourceParams{URI: args[1]})
	}
	return nil, errors.New("usage: mcpcall -url U -token T list | call NAME ARGS | read URI")
}

type listed struct {
	Tools     []string `json:"tools"`
	Resources []string `json:"resources"`
	Templates []string `json:"templates"`
}

func list(ctx context.Context, s *sdk.ClientSession) (listed, error) {
	var out listed
	tools, err := s.ListTools(ctx, nil)
	if err != nil {
		return out, err
	}
	for _, t := range tools.Tools {
		out.Tools = append(out.Tools, t.Name)
	}
	res, err := s.ListResources(ctx, nil)
	if err != nil {
		return out, err
	}
	for _, r := range res.Resources {
		out.Resources = append(out.Resources, r.URI)
	}
	tpl, err := s.ListResourceTemplates(ctx, nil)
	if err != nil {
		return out, err
	}
	for _, t := range tpl.ResourceTemplates {
		out.Templates = append(out.Templates, t.URITemplate)
	}
	return out, nil
}
