package config

import (
	"fmt"
	"time"
)

// SummaryLease is POCKET_SUMMARY_LEASE, validated by Load: how long a summary
// job stays one replica's without being kept, so how long the jobs of a
// replica that died wait before another replica finishes them.
func (c Config) SummaryLease() time.Duration {
	d, _ := time.ParseDuration(c.summaryLeaseRaw)
	return d
}

func (c *Config) finishJobs() error {
	if d, err := time.ParseDuration(c.summaryLeaseRaw); err != nil || d < time.Second {
		return fmt.Errorf("config: POCKET_SUMMARY_LEASE %q must be a duration of at least 1s (like 30s)", c.summaryLeaseRaw)
	}
	return nil
}
