package chat

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/engine"
)

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestMessageJSON_SourcesOnAssistantMessagesOnly(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	user, _ := json.Marshal(Message{ID: "1", Role: RoleUser, Content: "q", CreatedAt: at, UpdatedAt: at})
	if strings.Contains(string(user), "sources") || !strings.Contains(string(user), `"error":null`) {
		t.Fatalf("user message %s", user)
	}
	empty, _ := json.Marshal(Message{ID: "2", Role: RoleAssistant, Content: "a"})
	if !strings.Contains(string(empty), `"sources":[]`) {
		t.Fatalf("assistant message without sources %s", empty)
	}
	src := []engine.Source{{SegmentIndex: 8, Speaker: "Daniel Okafor", Start: 76.5, End: 89.6, Quote: "Tuesday"}}
	full, _ := json.Marshal(Message{ID: "3", Role: RoleAssistant, Content: "a", Sources: src})
	want := `"sources":[{"segmentIndex":8,"speaker":"Daniel Okafor","start":76.5,"end":89.6,"quote":"Tuesday"}]`
	if !strings.Contains(string(full), want) {
		t.Fatalf("got %s", full)
	}
	var back Message
	if err := json.Unmarshal(full, &back); err != nil || len(back.Sources) != 1 || back.Sources[0].Speaker != "Daniel Okafor" || back.ID != "3" {
		t.Fatalf("round trip %+v, %v", back, err)
	}
}
