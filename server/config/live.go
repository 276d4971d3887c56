package config

import (
	"fmt"
	"strconv"
)

// Live bounds the live-events sockets (GET /api/v1/events): each one holds a
// file descriptor for as long as it is open.
type Live struct {
	MaxPerUser, MaxPendingPerIP, MaxSockets string
}

// MaxSocketsPerUser is POCKET_MAX_SOCKETS_PER_USER, validated by Load.
func (c Config) MaxSocketsPerUser() int { return atoiOrZero(c.Live.MaxPerUser) }

// MaxPendingSocketsPerIP is POCKET_MAX_PENDING_SOCKETS_PER_IP, validated by Load.
func (c Config) MaxPendingSocketsPerIP() int { return atoiOrZero(c.Live.MaxPendingPerIP) }

// MaxSockets is POCKET_MAX_SOCKETS; 0 (unset) leaves the cap to be derived
// from the process's open-file limit (server/live).
func (c Config) MaxSockets() int { return atoiOrZero(c.Live.MaxSockets) }

func atoiOrZero(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func (c *Config) finishLive() error {
	for _, s := range []struct {
		env, value string
		optional   bool
	}{
		{"POCKET_MAX_SOCKETS_PER_USER", c.Live.MaxPerUser, false},
		{"POCKET_MAX_PENDING_SOCKETS_PER_IP", c.Live.MaxPendingPerIP, false},
		{"POCKET_MAX_SOCKETS", c.Live.MaxSockets, true},
	} {
		if s.optional && s.value == "" {
			continue
		}
		if n, err := strconv.Atoi(s.value); err != nil || n < 1 {
			return fmt.Errorf("config: %s %q must be a whole number of sockets, 1 or more", s.env, s.value)
		}
	}
	return nil
}
