package retry

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestAfter_SecondsOrAnHTTPDate(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"":                              0,
		"7":                             7 * time.Second,
		" 120 ":                         2 * time.Minute,
		"-3":                            0,
		"soon":                          0,
		"Mon, 23 Nov 2026 12:00:30 GMT": 30 * time.Second,
		"Mon, 23 Nov 2026 11:59:00 GMT": 0, // already past
	} {
		if got := After(v, now); got != want {
			t.Errorf("Retry-After %q: %v, want %v", v, got, want)
		}
	}
}

func TestSleep_EndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	if err := Sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Fatalf("Sleep on a cancelled context = %v", err)
	}
	if time.Since(start) > time.Second {
		t.Fatal("Sleep outlived its context")
	}
	if err := Sleep(context.Background(), time.Millisecond); err != nil {
		t.Fatalf("a short sleep = %v", err)
	}
}
