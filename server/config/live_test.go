package config

import (
	"io"
	"strings"
	"testing"
)

func TestLoad_LiveSocketCaps(t *testing.T) {
	c, err := Load("t", nil, envOf(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.MaxSocketsPerUser() != 16 || c.MaxPendingSocketsPerIP() != 32 || c.MaxSockets() != 0 {
		t.Fatalf("defaults: per user %d, pending per IP %d, overall %d (0: from the file limit)",
			c.MaxSocketsPerUser(), c.MaxPendingSocketsPerIP(), c.MaxSockets())
	}
	c, err = Load("t", []string{"--max-sockets", "500"}, envOf(map[string]string{
		"POCKET_MAX_SOCKETS_PER_USER": "4", "POCKET_MAX_PENDING_SOCKETS_PER_IP": "8",
	}), io.Discard)
	if err != nil || c.MaxSocketsPerUser() != 4 || c.MaxPendingSocketsPerIP() != 8 || c.MaxSockets() != 500 {
		t.Fatalf("set: %d %d %d, %v", c.MaxSocketsPerUser(), c.MaxPendingSocketsPerIP(), c.MaxSockets(), err)
	}
	for name, env := range map[string]map[string]string{
		"per user zero":      {"POCKET_MAX_SOCKETS_PER_USER": "0"},
		"pending not number": {"POCKET_MAX_PENDING_SOCKETS_PER_IP": "many"},
		"overall negative":   {"POCKET_MAX_SOCKETS": "-1"},
		"overall not number": {"POCKET_MAX_SOCKETS": "auto"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Load("t", nil, envOf(env), io.Discard)
			if err == nil || !strings.Contains(err.Error(), "POCKET_MAX_") {
				t.Fatalf("accepted %v: %v", env, err)
			}
		})
	}
}
