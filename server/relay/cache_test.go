package relay

import (
	"fmt"
	"log/slog"
	"net/url"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/storetest"
)

func TestCache_KeysByUserAndNormalisedQuery(t *testing.T) {
	a := entryKey("u1", "GET", "/api/v1/recordings/dashboard", url.Values{"limit": {"10"}, "include_empty": {"true"}})
	b := entryKey("u1", "GET", "/api/v1/recordings/dashboard", url.Values{"include_empty": {"true"}, "limit": {"10"}})
	if a != b {
		t.Fatal("the same question in another parameter order is another entry")
	}
	if a == entryKey("u2", "GET", "/api/v1/recordings/dashboard", url.Values{"limit": {"10"}, "include_empty": {"true"}}) {
		t.Fatal("two users share a key")
	}
	if entryKey("u/1", "GET", "/p", nil) == entryKey("u", "GET", "/1/p", nil) {
		t.Fatal("a uid with a slash collides")
	}
}

func TestCache_KeepsAtMostPerUserEntriesAndDropsAUsersOnly(t *testing.T) {
	c := NewCache(storetest.Open(t), time.Hour, 3, slog.New(slog.DiscardHandler))
	put := func(uid string, i int) string {
		key := entryKey(uid, "GET", fmt.Sprintf("/p%d", i), nil)
		if err := c.Put(uid, key, Entry{Status: 200, Body: []byte("x")}, c.Generation(uid)); err != nil {
			t.Fatal(err)
		}
		return key
	}
	for i := range 10 {
		put("u1", i)
	}
	bobs := put("u2", 0)
	held := 0
	for i := range 10 {
		if _, ok, _ := c.Get(entryKey("u1", "GET", fmt.Sprintf("/p%d", i), nil)); ok {
			held++
		}
	}
	if held != 3 {
		t.Fatalf("u1 holds %d entries, cap 3", held)
	}
	gen := c.Generation("u1")
	c.InvalidateUser("u1")
	if _, ok, _ := c.Get(entryKey("u1", "GET", "/p9", nil)); ok {
		t.Fatal("u1's entry survived InvalidateUser")
	}
	if _, ok, _ := c.Get(bobs); !ok {
		t.Fatal("u2's entry went with u1's")
	}
	// An answer fetched before the invalidation is not stored after it.
	late := entryKey("u1", "GET", "/late", nil)
	_ = c.Put("u1", late, Entry{Status: 200}, gen)
	if _, ok, _ := c.Get(late); ok {
		t.Fatal("an answer from before the write was cached after it")
	}
}

func TestEntry_RoundTripsThroughItsStoredForm(t *testing.T) {
	e := Entry{Status: 200, ContentType: "application/json", ETag: `"x"`, UpstreamTag: `"u"`,
		StoredAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Body: []byte(`{"success":true}`)}
	got, err := decodeEntry(encodeEntry(e))
	if err != nil || got.Status != e.Status || got.ContentType != e.ContentType || got.ETag != e.ETag ||
		got.UpstreamTag != e.UpstreamTag || !got.StoredAt.Equal(e.StoredAt) || string(got.Body) != string(e.Body) {
		t.Fatalf("got %+v, %v", got, err)
	}
	if _, err := decodeEntry([]byte{0, 0, 0, 9, '{'}); err == nil {
		t.Fatal("a truncated entry decoded")
	}
}
