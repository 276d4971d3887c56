package relay_test

import (
	"bufio"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRelay_StreamsChatAnswersAsTheyArrive has an upstream that sends the
// first part of an answer and then waits until the test has read that part
// through the relay: it gets there only if the relay flushes each chunk.
func TestRelay_StreamsChatAnswersAsTheyArrive(t *testing.T) {
	f := newFakeUpstream(t)
	firstRead := make(chan struct{})
	for _, path := range []string{"POST /api/v1/chat/message", "POST /api/v1/chat/message/shared"} {
		f.mux.HandleFunc(path, func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = w.Write([]byte("data: first\n\n"))
			_ = http.NewResponseController(w).Flush()
			select {
			case <-firstRead:
			case <-time.After(5 * time.Second):
			}
			_, _ = w.Write([]byte("data: second\n\n"))
		})
	}
	rel := startRelayToFake(t, f.URL, nil)
	token := f.token(t, "u1")
	for _, path := range []string{"/api/v1/chat/message", "/api/v1/chat/message/shared"} {
		t.Run(path, func(t *testing.T) {
			firstRead = make(chan struct{})
			req, _ := http.NewRequestWithContext(t.Context(), "POST", rel.URL+path, strings.NewReader(`{"recordingId":"r1","message":"hi","shareToken":"s"}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if resp.Header.Get("Content-Type") != "text/event-stream" {
				t.Fatalf("content type %q", resp.Header.Get("Content-Type"))
			}
			lines := bufio.NewReader(resp.Body)
			got := make(chan string, 1)
			go func() { line, _ := lines.ReadString('\n'); got <- line }()
			select {
			case line := <-got:
				if line != "data: first\n" {
					t.Fatalf("first line %q", line)
				}
			case <-time.After(3 * time.Second):
				t.Fatal("the first chunk did not arrive while the upstream was still answering")
			}
			close(firstRead)
			rest, _ := lines.ReadString(0)
			if !strings.Contains(rest, "data: second") {
				t.Fatalf("rest %q", rest)
			}
		})
	}
}

func TestRelay_PassesTheUpstreamsChatErrorsThrough(t *testing.T) {
	f := newFakeUpstream(t)
	f.mux.HandleFunc("POST /api/v1/chat/message", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Retry-After", "7")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`{"success":false,"message":"Ask Pocket is unavailable right now","code":"AI_UNAVAILABLE"}`))
	})
	c := startRelayToFake(t, f.URL, nil).WithToken(t, f.token(t, "u1"))
	r := c.Do("POST", "/api/v1/chat/message", map[string]string{"recordingId": "r1", "message": "hi"})
	if r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), "AI_UNAVAILABLE") || r.Header.Get("Retry-After") != "7" {
		t.Fatalf("got %d %v %s", r.Status, r.Header, r.Body)
	}
}
