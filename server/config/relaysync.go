package config

import (
	"fmt"
	"strconv"
	"time"
)

// RelaySync tunes relay mode's background work against the upstream: its
// per-user request budget and the poll interval of users with a socket open.
type RelaySync struct {
	Rate, Poll string
}

// UpstreamRate is POCKET_UPSTREAM_RATE, validated by Load.
func (c Config) UpstreamRate() int {
	n, _ := strconv.Atoi(c.RelaySync.Rate)
	return n
}

// UpstreamPoll is POCKET_UPSTREAM_POLL, validated by Load.
func (c Config) UpstreamPoll() time.Duration {
	d, _ := time.ParseDuration(c.RelaySync.Poll)
	return d
}

func (c *Config) finishRelaySync() error {
	if n, err := strconv.Atoi(c.RelaySync.Rate); err != nil || n < 1 || n > 100000 {
		return fmt.Errorf("config: POCKET_UPSTREAM_RATE %q must be a whole number of requests a minute, 1 or more", c.RelaySync.Rate)
	}
	if d, err := time.ParseDuration(c.RelaySync.Poll); err != nil || d < time.Second {
		return fmt.Errorf("config: POCKET_UPSTREAM_POLL %q must be a duration of at least 1s (like 15s)", c.RelaySync.Poll)
	}
	return nil
}
