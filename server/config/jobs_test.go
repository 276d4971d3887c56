package config

import (
	"io"
	"strings"
	"testing"
	"time"
)

func TestLoad_SummaryLease(t *testing.T) {
	c, err := Load("t", nil, envOf(nil), io.Discard)
	if err != nil || c.SummaryLease() != 30*time.Second {
		t.Fatalf("default lease %v, %v; want 30s", c.SummaryLease(), err)
	}
	c, err = Load("t", []string{"--summary-lease", "2s"}, envOf(nil), io.Discard)
	if err != nil || c.SummaryLease() != 2*time.Second {
		t.Fatalf("--summary-lease 2s gave %v, %v", c.SummaryLease(), err)
	}
	for _, bad := range []string{"10ms", "30", "soon"} {
		_, err := Load("t", nil, envOf(map[string]string{"POCKET_SUMMARY_LEASE": bad}), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "POCKET_SUMMARY_LEASE") {
			t.Fatalf("accepted a lease of %q: %v", bad, err)
		}
	}
}
