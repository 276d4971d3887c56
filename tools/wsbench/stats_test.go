package main

import (
	"testing"
	"time"
)

func TestPercentile_IsTheNearestRank(t *testing.T) {
	ms := func(vs ...int) []time.Duration {
		var ds []time.Duration
		for _, v := range vs {
			ds = append(ds, time.Duration(v)*time.Millisecond)
		}
		return ds
	}
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = i + 1
	}
	cases := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"empty", nil, 50, 0},
		{"one value is every percentile", ms(7), 99, 7 * time.Millisecond},
		{"median of four is the second", ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{"p99 of 100 is the 99th", ms(hundred...), 99, 99 * time.Millisecond},
		{"p50 of 100 is the 50th", ms(hundred...), 50, 50 * time.Millisecond},
		{"p100 is the max", ms(1, 5, 9), 100, 9 * time.Millisecond},
		{"p0 is the min", ms(1, 5, 9), 0, 1 * time.Millisecond},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := percentile(tc.sorted, tc.p); got != tc.want {
				t.Fatalf("percentile(%v, %v) = %v, want %v", tc.sorted, tc.p, got, tc.want)
			}
		})
	}
}

func TestSummarise_CountsMissingReceipts(t *testing.T) {
	s := summarise([]time.Duration{3, 1, 2}, 5)
	if s.Received != 3 || s.Expected != 5 || s.P50 != 2 || s.Max != 3 {
		t.Fatalf("summary = %+v", s)
	}
}

func TestPerConn_IgnoresShrinkingMemory(t *testing.T) {
	if got := perConn(100, 200, 10); got != 0 {
		t.Fatalf("shrinking memory gave %d per connection", got)
	}
	if got := perConn(2048, 1024, 2); got != 512 {
		t.Fatalf("perConn = %d, want 512", got)
	}
}
