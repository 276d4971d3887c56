package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mcpClient is tests/mcptest/mcpcall, the official Go SDK's MCP client as a
// command of its own, built for the test.
func mcpClient(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mcpcall")
	out, err := exec.Command(goTool(t), "build", "-o", bin, module+"/tests/mcptest/mcpcall").CombinedOutput()
	if err != nil {
		t.Fatalf("build mcpcall: %v\n%s", err, out)
	}
	return bin
}

// mcpRun runs the client once (one process, one MCP connection) and
// decodes its answer; ok is false when it failed, with its error output.
func mcpRun(t *testing.T, bin, url, token string, out any, args ...string) (ok bool, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"-url", url, "-token", token}, args...)...)
	var errOut strings.Builder
	cmd.Stderr = &errOut
	stdout, err := cmd.Output()
	if err != nil {
		return false, errOut.String()
	}
	if err := json.Unmarshal(stdout, out); err != nil {
		t.Fatalf("mcpcall %v: %v in %s", args, err, stdout)
	}
	return true, ""
}

func makeToken(t *testing.T, p *process, idToken, name string, scopes ...string) (secret, id string) {
	t.Helper()
	var made struct{ Data struct{ ID, Token string } }
	post(t, p.url+"/api/v1/tokens", idToken, map[string]any{"name": name, "scopes": scopes}, &made)
	return made.Data.Token, made.Data.ID
}

// TestServe_MCPWithARealClient drives `pocket serve`'s /mcp with the Go SDK's
// client in another process: it lists the tools and resources, calls each
// tool, is refused create_share_link with a read token (and so is REST), and
// a revoked token's next connection is refused.
func TestServe_MCPWithARealClient(t *testing.T) {
	bin := mcpClient(t)
	p := startServe(t, t.TempDir())
	idToken := p.signIn("assistant@example.com")
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "fixtures", "recordings", "01-weekly-product-sync.json"))
	if err != nil {
		t.Fatal(err)
	}
	post(t, p.url+"/api/v1/recordings", idToken, json.RawMessage(raw), nil)
	full, _ := makeToken(t, p, idToken, "assistant", "recordings:read", "recordings:write", "chat")
	read, readID := makeToken(t, p, idToken, "reader", "recordings:read")

	var listed struct{ Tools, Resources, Templates []string }
	if ok, e := mcpRun(t, bin, p.url, full, &listed, "list"); !ok {
		t.Fatalf("list: %s", e)
	}
	slices.Sort(listed.Tools)
	if want := []string{"ask", "create_share_link", "get_recording", "list_action_items", "search_recordings"}; !slices.Equal(listed.Tools, want) {
		t.Errorf("tools = %v, want %v", listed.Tools, want)
	}
	if !slices.Equal(listed.Resources, []string{"pocket://recordings/rec_01_weekly_sync"}) || len(listed.Templates) != 1 {
		t.Errorf("resources = %v, templates %v", listed.Resources, listed.Templates)
	}

	for _, c := range []struct{ tool, args, want string }{
		{"search_recordings", `{"query":"release"}`, "rec_01_weekly_sync"},
		{"get_recording", `{"id":"rec_01_weekly_sync","part":"transcript","page":1}`, `"lines"`},
		{"ask", `{"question":"When is the 3.4 release?"}`, `"recordingId":"rec_01_weekly_sync"`},
		{"list_action_items", `{}`, `"recordingId":"rec_01_weekly_sync"`},
		{"create_share_link", `{"recordingId":"rec_01_weekly_sync"}`, "/shared/recording?token="},
	} {
		var r struct {
			IsError    bool
			Text       string
			Structured json.RawMessage
		}
		if ok, e := mcpRun(t, bin, p.url, full, &r, "call", c.tool, c.args); !ok || r.IsError || !strings.Contains(string(r.Structured), c.want) {
			t.Errorf("%s: %+v %s, want a result with %s", c.tool, r, e, c.want)
		}
	}

	var refused struct {
		IsError bool
		Text    string
	}
	mcpRun(t, bin, p.url, read, &refused, "call", "create_share_link", `{"recordingId":"rec_01_weekly_sync"}`)
	if !refused.IsError || !strings.Contains(refused.Text, "recordings:write") {
		t.Errorf("create_share_link with a read token = %+v, want a tool error naming recordings:write", refused)
	}
	if status, body, _ := send("POST", p.url+"/api/v1/recordings/rec_01_weekly_sync/share", read, map[string]any{}); status != 403 {
		t.Errorf("REST share with a read token = %d %s, want 403", status, body)
	}
	if status, _, _ := send("GET", p.url+"/api/v1/recordings/rec_01_weekly_sync", read, nil); status != 200 {
		t.Errorf("REST read with a read token = %d, want 200", status)
	}

	if status, _, _ := send("DELETE", p.url+"/api/v1/tokens/"+readID, idToken, nil); status != 200 {
		t.Fatalf("revoke = %d", status)
	}
	if ok, e := mcpRun(t, bin, p.url, read, &listed, "list"); ok || !strings.Contains(e, "Unauthorized") {
		t.Errorf("a revoked token's connection: ok %v, %q; want refused as unauthorized", ok, e)
	}
	if status, _, _ := send("GET", p.url+"/api/v1/recordings/rec_01_weekly_sync", read, nil); status != 401 {
		t.Errorf("REST with the revoked token = %d, want 401", status)
	}
}
