package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestMedian_TakesTheLowerMiddle(t *testing.T) {
	for _, tc := range []struct {
		in   []time.Duration
		want time.Duration
	}{{nil, 0}, {[]time.Duration{5}, 5}, {[]time.Duration{1, 2, 3}, 2}, {[]time.Duration{1, 2, 3, 4}, 2}} {
		if got := median(tc.in); got != tc.want {
			t.Fatalf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestCountingClient_CountsBodyBytesAsReceived(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		_, _ = io.WriteString(w, strings.Repeat("x", 1234))
	}))
	defer srv.Close()
	c := newCountingClient()
	resp, err := c.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if c.bytes() != 1234 || c.encodings() != "gzip" {
		t.Fatalf("counted %d bytes, encodings %q", c.bytes(), c.encodings())
	}
	c.reset()
	if c.bytes() != 0 {
		t.Fatal("reset kept the count")
	}
}
