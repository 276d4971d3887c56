package web

import (
	"net/http"
	"testing"
)

func TestAcceptsGzip_ReadsWeights(t *testing.T) {
	cases := map[string]bool{
		"":                        false,
		"gzip":                    true,
		"GZIP":                    true,
		"deflate, gzip":           true,
		"gzip;q=0.5":              true, // a low weight is still a yes
		"gzip; q=0.001":           true,
		"gzip;q=0":                false,
		"gzip;q=0.0":              false,
		"gzip;q=0.000":            false,
		"br, gzip;q=0, *":         false, // gzip refused by name, whatever "*" says
		"*":                       true,
		"*;q=0":                   false,
		"identity":                false,
		"x-gzip":                  true,
		"gzip;q=abc":              false,
		"gzip;level=9":            true,
		"deflate;q=0.5, gzip;q=1": true,
	}
	for header, want := range cases {
		r, _ := http.NewRequestWithContext(t.Context(), "GET", "/", nil)
		r.Header.Set("Accept-Encoding", header)
		if got := acceptsGzip(r); got != want {
			t.Errorf("Accept-Encoding %q: %v, want %v", header, got, want)
		}
	}
}
