package ratelimit

import (
	"fmt"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/fakeclock"
)

func TestLimiter_BurstThenRefill(t *testing.T) {
	clock := fakeclock.New(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	l := New(Rate{Burst: 3, Every: 10 * time.Second}, clock.Now)
	for i := 0; i < 3; i++ {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("call %d refused within the burst", i+1)
		}
	}
	if ok, wait := l.Allow("a"); ok || wait != 10*time.Second {
		t.Fatalf("4th: %v, retry after %v", ok, wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Fatal("keys are limited apart")
	}
	clock.Advance(4 * time.Second)
	if ok, wait := l.Allow("a"); ok || wait != 6*time.Second {
		t.Fatalf("partly refilled: %v, %v", ok, wait)
	}
	// Refused calls spent nothing: one token is back after Every.
	clock.Advance(6 * time.Second)
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("a token is back after Every")
	}
	if ok, _ := l.Allow("a"); ok {
		t.Fatal("only one token came back")
	}
}

func TestLimiter_ForgetsIdleKeysWhenFull(t *testing.T) {
	clock := fakeclock.New(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	l := New(Rate{Burst: 1, Every: time.Second}, clock.Now)
	for i := 0; i < maxKeys; i++ {
		l.Allow(fmt.Sprint("caller-", i))
	}
	clock.Advance(time.Minute)
	l.Allow("new")
	if n := l.Keys(); n != 1 {
		t.Fatalf("idle keys kept: %d", n)
	}
}

func TestAllowN_TakesAllOrNothing(t *testing.T) {
	now := time.Unix(0, 0)
	l := New(Rate{Burst: 3, Every: time.Second}, func() time.Time { return now })
	if ok, _ := l.AllowN("u", 2); !ok {
		t.Fatal("2 of a bucket of 3 refused")
	}
	if ok, wait := l.AllowN("u", 2); ok || wait != time.Second {
		t.Fatalf("2 with 1 left: ok %v, wait %v", ok, wait)
	}
	if ok, _ := l.Allow("u"); !ok {
		t.Fatal("a refused AllowN spent tokens")
	}
	if ok, _ := l.AllowN("v", 4); ok {
		t.Fatal("more than the bucket holds was allowed")
	}
}

func TestLimiter_PeekTakesNothingAndChargeCountsWhatHappened(t *testing.T) {
	clock := fakeclock.New(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	l := New(Rate{Burst: 2, Every: 10 * time.Second}, clock.Now)
	for i := 0; i < 5; i++ {
		if ok, _ := l.Peek("ip"); !ok {
			t.Fatalf("peek %d refused: peeking spends nothing", i)
		}
	}
	l.Charge("ip")
	l.Charge("ip")
	l.Charge("ip") // one more than the bucket holds: owed
	if ok, wait := l.Peek("ip"); ok || wait != 20*time.Second {
		t.Fatalf("after an overdraft: %v, wait %v; want refused for 20s", ok, wait)
	}
	clock.Advance(15 * time.Second)
	if ok, wait := l.Peek("ip"); ok || wait != 5*time.Second {
		t.Fatalf("half-way: %v, wait %v", ok, wait)
	}
	clock.Advance(5 * time.Second)
	if ok, _ := l.Peek("ip"); !ok {
		t.Fatal("the debt was not paid off by the refill")
	}
	if ok, _ := l.Peek("another"); !ok {
		t.Fatal("another key was refused")
	}
}
