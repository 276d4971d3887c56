package chat_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/server/config"
)

// modelServer is a local server speaking the OpenAI chat-completions
// protocol, as Ollama or llama.cpp would.
func modelServer(t *testing.T, handle http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(handle)
	t.Cleanup(srv.Close)
	return srv
}

func useModel(url string) func(*config.Config) {
	return func(c *config.Config) { c.LLM = config.LLM{URL: url, Model: "llama3.2", APIKey: "sk-local"} }
}

func TestChat_WithAnOpenAICompatibleModel(t *testing.T) {
	var prompt string
	model := modelServer(t, func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model    string
			Stream   bool
			Messages []struct{ Role, Content string }
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		if r.URL.Path != "/v1/chat/completions" || req.Model != "llama3.2" || !req.Stream || r.Header.Get("Authorization") != "Bearer sk-local" {
			http.Error(w, "unexpected request", 400)
			return
		}
		prompt = req.Messages[0].Content
		w.Header().Set("Content-Type", "text/event-stream")
		for _, part := range []string{"Daniel Okafor said at 1:16 ", "that the new date is Tuesday, December first [8]."} {
			_, _ = fmt.Fprintf(w, "data: {\"choices\":[{\"delta\":{\"content\":%q}}]}\n\n", part)
		}
		_, _ = fmt.Fprint(w, "data: [DONE]\n\n")
	})
	w := newWorld(t, useModel(model.URL))
	res := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "What is the new release date?", "")))
	a := res.AssistantMessage
	if a.Content != "Daniel Okafor said at 1:16 that the new date is Tuesday, December first." || !cites(a.Sources, 8, "Daniel Okafor") || res.Session.Metadata["engine"] != "llm" {
		t.Fatalf("answer %+v", res)
	}
	if !strings.Contains(prompt, "[8] 1:16 Daniel Okafor: Tuesday, December first.") {
		t.Fatalf("the prompt must carry the transcript: %.300s", prompt)
	}
}

// TestChat_EngineFailureKeepsTheQuestion: when the model fails, the send is a
// 503 the app reports, and the history shows the question and a failed
// answer carrying the app's own failure text.
func TestChat_EngineFailureKeepsTheQuestion(t *testing.T) {
	model := modelServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = fmt.Fprint(w, `{"error":{"message":"Incorrect API key provided"}}`)
	})
	w := newWorld(t, useModel(model.URL))
	r := w.alice.Do("POST", "/api/v1/chat/message", ask(weeklyID, "What is the new release date?", ""))
	if r.Status != 503 || errorCode(t, r) != "AI_UNAVAILABLE" || strings.Contains(string(r.Body), "API key") {
		t.Fatalf("got %d %s", r.Status, r.Body)
	}
	s := data[session](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+weeklyID, nil))
	msgs := data[[]message](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+s.ID+"/messages", nil))
	if len(msgs) != 2 || msgs[0].Content != "What is the new release date?" || msgs[1].Error == nil ||
		msgs[1].Content != "Sorry, I couldn't process your request. Please try again." {
		t.Fatalf("history %+v", msgs)
	}
}
