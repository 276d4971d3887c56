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

func TestLimiter_BurstThenRefill(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	l := NewLimiter(Rate{Burst: 3, Every: 10 * time.Second}, clock.now)
	for i := 0; i < 3; i++ {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("send %d refused within the burst", i+1)
		}
	}
	ok, wait := l.Allow("a")
	if ok || wait != 10*time.Second {
		t.Fatalf("4th: %v, retry after %v", ok, wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Fatal("keys are limited apart")
	}
	clock.add(4 * time.Second)
	if ok, wait := l.Allow("a"); ok || wait != 6*time.Second {
		t.Fatalf("partly refilled: %v, %v", ok, wait)
	}
	clock.add(6 * time.Second)
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("a token is back after Every")
	}
}

func TestLimiter_ForgetsIdleKeysWhenFull(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	l := NewLimiter(Rate{Burst: 1, Every: time.Second}, clock.now)
	for i := 0; i < maxBuckets; i++ {
		l.Allow(strings.Repeat("k", i%50) + string(rune('a'+i%26)) + time.Duration(i).String())
	}
	clock.add(time.Minute)
	l.Allow("new")
	if len(l.buckets) > 1 {
		t.Fatalf("idle buckets kept: %d", len(l.buckets))
	}
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
