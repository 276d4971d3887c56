package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// ErrNATSNeedsVAPIDKeys refuses POCKET_NATS_URL with a VAPID pair generated
// into the data directory: every replica would generate its own, a device
// subscribes with the key of the replica that served its page, and any
// other replica's sends would be refused by the push service. Refusing at
// start says so once, instead of notices silently failing later.
var ErrNATSNeedsVAPIDKeys = errors.New("config: POCKET_NATS_URL joins replicas, which must share one VAPID key pair: " +
	"set POCKET_VAPID_PUBLIC_KEY and POCKET_VAPID_PRIVATE_KEY to the same pair on every replica, or keep them in one database (POCKET_DATABASE_URL) " +
	"(generate one with `npx web-push generate-vapid-keys`, or take the pair in keys/vapid.json of an existing server)")

// natsSchemes are the URL schemes nats.go dials.
var natsSchemes = map[string]bool{"nats": true, "tls": true, "ws": true, "wss": true}

// finishNATS checks the server list and what scale-out requires of the rest.
func (c *Config) finishNATS() error {
	if c.NATSURL == "" {
		return nil
	}
	for _, raw := range strings.Split(c.NATSURL, ",") {
		u, err := url.Parse(strings.TrimSpace(raw))
		if err != nil || !natsSchemes[u.Scheme] || u.Host == "" {
			return fmt.Errorf("config: POCKET_NATS_URL must be nats://host:port (or tls://, ws://, wss://), comma-separated for a cluster")
		}
	}
	if !c.VAPIDKeysGiven() && c.DatabaseURL == "" { // replicas on one database share the pair kept there
		return ErrNATSNeedsVAPIDKeys
	}
	return nil
}

// NATSEnabled reports whether replicas are joined through NATS.
func (c Config) NATSEnabled() bool { return c.NATSURL != "" }
