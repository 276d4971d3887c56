package tokencache

import (
	"testing"
	"time"
)

func TestCache_RemembersUntilExpiryAndStaysBounded(t *testing.T) {
	now := time.Unix(1000, 0)
	c := New[string](2, func() time.Time { return now })
	if _, found, _ := c.Get("a"); found {
		t.Fatal("an unseen token was found")
	}
	c.Add("a", "alice", now.Add(time.Minute))
	if v, found, expired := c.Get("a"); !found || expired || v != "alice" {
		t.Fatalf("Get(a) = %q %v %v", v, found, expired)
	}
	now = now.Add(time.Minute)
	if _, found, expired := c.Get("a"); !found || !expired {
		t.Fatalf("a token at its expiry must be reported expired: %v %v", found, expired)
	}
	if _, found, _ := c.Get("a"); found {
		t.Fatal("an expired token must be forgotten")
	}
	for _, tok := range []string{"x", "y", "z"} {
		c.Add(tok, tok, now.Add(time.Hour))
	}
	if c.Len() != 2 {
		t.Fatalf("%d tokens kept; the cache holds at most 2", c.Len())
	}
	if _, found, _ := c.Get("x"); found {
		t.Fatal("the least recently used token must make room")
	}
}
