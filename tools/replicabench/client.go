package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var client = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}}

// call sends JSON and decodes a 2xx answer into out.
func call(method, url, token string, body, out any) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }() // read whole below
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s = %d %.200s", method, url, resp.StatusCode, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// tokensFor is n users' ID tokens: those o.tokens keeps, and new sign-ins
// for the rest (written back).
func tokensFor(o options, n int) ([]string, error) {
	var tokens []string
	if raw, err := os.ReadFile(o.tokens); err == nil {
		tokens = strings.Fields(string(raw))
	}
	for len(tokens) < n {
		t, err := signIn(o, fmt.Sprintf("editor%d@example.com", len(tokens)))
		if err != nil {
			return nil, err
		}
		tokens = append(tokens, t)
	}
	return tokens[:n], os.WriteFile(o.tokens, []byte(strings.Join(tokens, "\n")+"\n"), 0o600)
}

// runID tells one run's recordings from the last's.
var runID = strconv.FormatInt(time.Now().UnixNano(), 36)

// signIn gets an ID token for email through the first replica, reading the
// code it logs when no mail server is set.
func signIn(o options, email string) (string, error) {
	base := o.urls[0]
	if err := call("POST", base+"/api/v1/auth/email/send-otp", "", map[string]string{"email": email}, nil); err != nil {
		return "", err
	}
	pattern := regexp.MustCompile(`sign-in code for ` + regexp.QuoteMeta(email) + `: (\d{6})`)
	code := ""
	for deadline := time.Now().Add(10 * time.Second); code == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		logs, err := os.ReadFile(o.log)
		if err != nil {
			return "", err
		}
		if m := pattern.FindAllSubmatch(logs, -1); m != nil {
			code = string(m[len(m)-1][1])
		}
	}
	if code == "" {
		return "", fmt.Errorf("no sign-in code for %s in %s", email, o.log)
	}
	var verified struct{ Data struct{ Token string } }
	if err := call("POST", base+"/api/v1/auth/email/verify-otp", "", map[string]string{"email": email, "otp": code}, &verified); err != nil {
		return "", err
	}
	var session struct{ IDToken string }
	err := call("POST", base+"/api/v1/auth/session", "", map[string]string{"token": verified.Data.Token}, &session)
	return session.IDToken, err
}

// upload makes a recording with a summary (so no summary job runs beside
// the edits).
func upload(base, token, id string) error {
	body := map[string]any{"recording": map[string]any{
		"id": id, "title": "Bench " + id, "recordingAt": "2026-11-01T10:00:00Z", "duration": 60,
	}, "summarizations": map[string]any{"s-" + id: map[string]any{"v2Summary": "## Notes\nsaved"}}}
	return call("POST", base+"/api/v1/recordings", token, body, nil)
}

func rename(base, token, id, title string) error {
	return call("PUT", base+"/api/v1/recordings/"+id, token, map[string]string{"title": title}, nil)
}
