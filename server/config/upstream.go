package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// ErrRelayWithDatabase refuses POCKET_DATABASE_URL in relay mode: the
// database is the embedded provider's store, shared by its replicas, while a
// relay keeps only a cache and a mirror of its upstream, per replica, in Badger.
var ErrRelayWithDatabase = errors.New("config: POCKET_DATABASE_URL is the embedded provider's store; " +
	"a relay (POCKET_UPSTREAM_URL) keeps its cache in its data directory: unset one of them")

// Relay reports whether the server runs in relay mode.
func (c Config) Relay() bool { return c.UpstreamURL != "" }

// finishUpstream checks the relay settings and fills their defaults.
func (c *Config) finishUpstream() error {
	d, err := time.ParseDuration(c.upstreamTimeoutRaw)
	if err != nil || d <= 0 {
		return fmt.Errorf("config: POCKET_UPSTREAM_TIMEOUT %q must be a positive duration such as 15s", c.upstreamTimeoutRaw)
	}
	c.UpstreamTimeout = d
	if c.UpstreamURL == "" {
		return nil
	}
	if c.DatabaseURL != "" {
		return ErrRelayWithDatabase
	}
	c.UpstreamURL = strings.TrimRight(c.UpstreamURL, "/")
	if !httpOrigin(c.UpstreamURL) {
		return fmt.Errorf("config: POCKET_UPSTREAM_URL %q must be an http(s) URL", c.UpstreamURL)
	}
	if c.UpstreamJWKSURL == "" {
		c.UpstreamJWKSURL = c.UpstreamURL + "/api/v1/auth/jwks"
	}
	if !httpOrigin(c.UpstreamJWKSURL) {
		return fmt.Errorf("config: POCKET_UPSTREAM_JWKS_URL %q must be an http(s) URL", c.UpstreamJWKSURL)
	}
	return nil
}

func httpOrigin(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
