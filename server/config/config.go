// Package config turns the environment table of docs/configuration.md into one
// typed, validated struct. Every variable has a kebab-case flag of the same name
// that overrides it, so `pocket serve --addr :9000` beats POCKET_ADDR.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/natsbus"
	"github.com/pocket-companion/pocket/pkg/push"
)

// Config is the whole server configuration. It is parsed once and passed by value.
type Config struct {
	Addr    string
	DataDir string
	// DatabaseURL (POCKET_DATABASE_URL), when set, keeps the embedded
	// provider's store in PostgreSQL, where several replicas share it,
	// instead of Badger under DataDir.
	DatabaseURL string
	PublicURL   string
	Seed        string
	DemoEmail   string
	SMTPURL     string
	MailFrom    string
	// UpstreamURL, when set, makes the server a relay in front of that
	// provider API (relay mode) instead of the embedded provider.
	UpstreamURL string
	// UpstreamJWKSURL is where the upstream publishes its ID tokens' keys
	// (default <upstream>/api/v1/auth/jwks).
	UpstreamJWKSURL string
	// UpstreamTimeout bounds one upstream call (POCKET_UPSTREAM_TIMEOUT).
	UpstreamTimeout    time.Duration
	upstreamTimeoutRaw string
	LogLevel           string
	// NATSURL, when set, joins this replica to the others through a NATS
	// server: live events and push sends fan out across replicas.
	NATSURL string
	// MetricsToken, when set, opens /metrics to any caller presenting it as a
	// bearer token; unset, /metrics answers loopback peers only.
	MetricsToken string
	// TrustedProxies (POCKET_TRUSTED_PROXIES) are the networks of the reverse
	// proxies and relays whose X-Forwarded-For names the client. Empty (the
	// default): the header is ignored and the peer is the client.
	TrustedProxies    []netip.Prefix
	trustedProxiesRaw string
	// summaryLeaseRaw is POCKET_SUMMARY_LEASE (see SummaryLease).
	summaryLeaseRaw string

	LLM       LLM
	Google    Google
	Apple     Apple
	Push      Push
	RelaySync RelaySync
	Live      Live
	Quotas    Quotas
	Webhooks  Webhooks
	// SharePasswords limits wrong passwords on protected share links.
	SharePasswords SharePasswords
}

// Push configures Web Push: the VAPID key pair (both or neither; neither means
// a pair generated once into the data directory) and the contact given to
// push services.
type Push struct {
	VAPIDPublicKey, VAPIDPrivateKey, VAPIDSubject string
	// AllowLoopback ("1") admits subscription endpoints on loopback (http or
	// https, any port, whatever Hosts says), for tests with a local push
	// service. Off by default: the server POSTs to these user-supplied URLs.
	AllowLoopback string
	// Hosts is POCKET_PUSH_HOSTS as given: the push services' host names
	// (comma-separated, "*." suffix patterns allowed); hosts is it parsed.
	Hosts string
	hosts []string
}

// VAPIDKeysGiven reports whether the operator supplied the key pair.
func (c Config) VAPIDKeysGiven() bool { return c.Push.VAPIDPublicKey != "" }

// PushAllowsLoopback reports whether POCKET_PUSH_ALLOW_LOOPBACK is on.
func (c Config) PushAllowsLoopback() bool { return c.Push.AllowLoopback == "1" }

// PushEndpoints is which push endpoints devices may subscribe with and the
// server may reach.
func (c Config) PushEndpoints() push.EndpointPolicy {
	return push.EndpointPolicy{Hosts: c.Push.hosts, AllowLoopback: c.PushAllowsLoopback()}
}

// LLM points at an OpenAI-compatible chat-completions endpoint; empty URL means the local engine.
type LLM struct {
	URL, Model, APIKey string
}

// Google holds the OIDC client for "Continue with Google".
type Google struct {
	ClientID, ClientSecret, Issuer string
}

// Apple holds the Sign in with Apple client; the client secret is a JWT signed with PrivateKey.
type Apple struct {
	ClientID, TeamID, KeyID, PrivateKey, Issuer string
}

// GoogleConfigured reports whether Google sign-in can be offered.
func (c Config) GoogleConfigured() bool {
	return c.Google.ClientID != "" && c.Google.ClientSecret != ""
}

// AppleConfigured reports whether Apple sign-in can be offered.
func (c Config) AppleConfigured() bool {
	return c.Apple.ClientID != "" && c.Apple.TeamID != "" && c.Apple.KeyID != "" && c.Apple.PrivateKey != ""
}

// SeedEnabled reports whether the fixture directory should be imported on first start.
func (c Config) SeedEnabled() bool { return c.Seed != "" && c.Seed != "none" }

// Loopback reports whether the public URL names this machine only
// (localhost or a loopback address): nobody else can reach the server.
func (c Config) Loopback() bool {
	u, err := url.Parse(c.PublicURL)
	if err != nil {
		return false
	}
	host := u.Hostname()
	ip := net.ParseIP(host)
	return host == "localhost" || (ip != nil && ip.IsLoopback())
}

// setting binds one environment variable to one field and its flag.
type setting struct {
	env, def, help string
	secret         bool
	field          *string
}

func (c *Config) settings() []setting {
	return append([]setting{
		{"POCKET_ADDR", "127.0.0.1:8080", "listen address", false, &c.Addr},
		{"POCKET_DATA_DIR", "./data", "Badger data, signing keys, mail outbox", false, &c.DataDir},
		{"POCKET_DATABASE_URL", "", "postgres://user:pass@host:5432/db keeps the store in PostgreSQL, shared by replicas; unset keeps it in Badger under the data directory", true, &c.DatabaseURL},
		{"POCKET_PUBLIC_URL", "", "origin used in links, OIDC redirects and WebSocket origin checks (default http://<addr>)", false, &c.PublicURL},
		{"POCKET_SEED", "fixtures", "directory imported for the demo user on first start; none disables", false, &c.Seed},
		{"POCKET_DEMO_EMAIL", "demo@example.com", "owner of the seeded recordings", false, &c.DemoEmail},
		{"POCKET_SMTP_URL", "", "smtp://user:pass@host:port for sign-in mail; unset prints codes to the log", true, &c.SMTPURL},
		{"POCKET_MAIL_FROM", "Pocket <no-reply@localhost>", "sender of sign-in mail", false, &c.MailFrom},
		{"POCKET_SUMMARY_LEASE", "30s", "how long a summary job stays one replica's without being kept; a dead replica's jobs wait this long for another", false, &c.summaryLeaseRaw},
		{"POCKET_UPSTREAM_URL", "", "provider API to relay to (relay mode); unset serves the embedded provider", false, &c.UpstreamURL},
		{"POCKET_UPSTREAM_TIMEOUT", "15s", "bound on one upstream call in relay mode", false, &c.upstreamTimeoutRaw},
		{"POCKET_UPSTREAM_JWKS_URL", "", "JWK Set the upstream's ID tokens are verified against (default <upstream>/api/v1/auth/jwks)", false, &c.UpstreamJWKSURL},
		{"POCKET_UPSTREAM_RATE", "50", "upstream requests a minute per user for background work in relay mode (refreshes, polls, watched uploads)", false, &c.RelaySync.Rate},
		{"POCKET_UPSTREAM_POLL", "15s", "in relay mode, how often the upstream is polled for a user with an open live-events socket", false, &c.RelaySync.Poll},
		{"POCKET_LLM_URL", "", "OpenAI-compatible endpoint; unset uses the built-in local engine", false, &c.LLM.URL},
		{"POCKET_LLM_MODEL", "", "model name for POCKET_LLM_URL", false, &c.LLM.Model},
		{"POCKET_LLM_API_KEY", "", "API key for POCKET_LLM_URL", true, &c.LLM.APIKey},
		{"POCKET_GOOGLE_CLIENT_ID", "", "Google OIDC client id", false, &c.Google.ClientID},
		{"POCKET_GOOGLE_CLIENT_SECRET", "", "Google OIDC client secret", true, &c.Google.ClientSecret},
		{"POCKET_GOOGLE_ISSUER", "https://accounts.google.com", "Google OIDC issuer", false, &c.Google.Issuer},
		{"POCKET_APPLE_CLIENT_ID", "", "Apple services id", false, &c.Apple.ClientID},
		{"POCKET_APPLE_TEAM_ID", "", "Apple team id", false, &c.Apple.TeamID},
		{"POCKET_APPLE_KEY_ID", "", "Apple key id", false, &c.Apple.KeyID},
		{"POCKET_APPLE_PRIVATE_KEY", "", "Apple private key (PEM, ES256)", true, &c.Apple.PrivateKey},
		{"POCKET_APPLE_ISSUER", "https://appleid.apple.com", "Apple OIDC issuer", false, &c.Apple.Issuer},
		{"POCKET_VAPID_PUBLIC_KEY", "", "Web Push VAPID public key (base64url); set with the private key, or neither to generate a pair into the data directory", false, &c.Push.VAPIDPublicKey},
		{"POCKET_VAPID_PRIVATE_KEY", "", "Web Push VAPID private key (base64url)", true, &c.Push.VAPIDPrivateKey},
		{"POCKET_VAPID_SUBJECT", "", "contact given to push services, mailto: or https: (default: the public URL if https, else mailto: the mail sender)", false, &c.Push.VAPIDSubject},
		{"POCKET_PUSH_ALLOW_LOOPBACK", "", "1 admits push endpoints on loopback hosts, http or https, any port (tests only)", false, &c.Push.AllowLoopback},
		{"POCKET_PUSH_HOSTS", strings.Join(push.DefaultHosts, ","), "push services' host names devices may subscribe with, comma-separated, *. suffix patterns allowed; replaces the default list", false, &c.Push.Hosts},
		{"POCKET_MAX_SOCKETS_PER_USER", "16", "live-events sockets one user may hold; one more closes the user's oldest (close code 4429)", false, &c.Live.MaxPerUser},
		{"POCKET_MAX_PENDING_SOCKETS_PER_IP", "32", "live-events sockets one client address may hold before they sign in; more are answered 429", false, &c.Live.MaxPendingPerIP},
		{"POCKET_MAX_SOCKETS", "", "live-events sockets the server holds in all; more are answered 503 (default: half the open-file limit, at least 64)", false, &c.Live.MaxSockets},
		{"POCKET_LOG_LEVEL", "info", "debug, info, warn or error", false, &c.LogLevel},
		{"POCKET_NATS_URL", "", "nats://host:4222 (or a comma-separated cluster) joining replicas: live events and push sends fan out across them; unset keeps events in this process", true, &c.NATSURL},
		{"POCKET_TRUSTED_PROXIES", "", "comma-separated CIDRs of reverse proxies and relays whose X-Forwarded-For names the client (for per-client limits); unset, the header is ignored", false, &c.trustedProxiesRaw},
		{"POCKET_METRICS_TOKEN", "", "bearer token that opens /metrics to any caller; unset, only loopback peers may read it", true, &c.MetricsToken},
	}, append(append(c.quotaSettings(), c.webhookSettings()...), c.sharePasswordSettings()...)...)
}

// flagName turns POCKET_DATA_DIR into data-dir.
func flagName(env string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(env, "POCKET_")), "_", "-")
}

// Load reads the environment (through getenv), then the flags in args. Secrets may
// also come from a file named by VAR_FILE, so they need not sit in the environment.
func Load(name string, args []string, getenv func(string) string, out io.Writer) (Config, error) {
	var c Config
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	for _, s := range c.settings() {
		value, err := fromEnv(s, getenv)
		if err != nil {
			return c, err
		}
		fs.StringVar(s.field, flagName(s.env), value, fmt.Sprintf("%s (env %s)", s.help, s.env))
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	return c, c.finish()
}

func fromEnv(s setting, getenv func(string) string) (string, error) {
	if v := getenv(s.env); v != "" {
		return v, nil
	}
	if s.secret {
		if path := getenv(s.env + "_FILE"); path != "" {
			b, err := os.ReadFile(path) //nolint:gosec // G304: the operator names the secret file (<NAME>_FILE)
			if err != nil {
				return "", fmt.Errorf("config: %s_FILE: %w", s.env, err)
			}
			return strings.TrimSpace(string(b)), nil
		}
	}
	return s.def, nil
}

func (c *Config) finish() error {
	if err := c.finishUpstream(); err != nil {
		return err
	}
	if c.Addr == "" {
		return errors.New("config: POCKET_ADDR must not be empty")
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Addr
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	u, err := url.Parse(c.PublicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("config: POCKET_PUBLIC_URL %q must be an http(s) origin", c.PublicURL)
	}
	if c.SMTPURL != "" {
		if u, err := url.Parse(c.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") {
			return errors.New("config: POCKET_SMTP_URL must look like smtp://user:pass@host:port")
		}
	}
	if err := c.finishRelaySync(); err != nil {
		return err
	}
	if err := c.finishJobs(); err != nil {
		return err
	}
	if err := c.finishPush(); err != nil {
		return err
	}
	if err := c.finishNATS(); err != nil {
		return err
	}
	if err := c.finishTrustedProxies(); err != nil {
		return err
	}
	if err := c.finishLive(); err != nil {
		return err
	}
	if err := c.finishQuotas(); err != nil {
		return err
	}
	if err := c.finishWebhooks(); err != nil {
		return err
	}
	if err := c.finishSharePasswords(); err != nil {
		return err
	}
	switch strings.ToLower(c.LogLevel) {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("config: POCKET_LOG_LEVEL %q is not debug, info, warn or error", c.LogLevel)
	}
	return nil
}

// Redacted is the configuration as it may be printed or logged: secrets masked.
func (c Config) Redacted() map[string]string {
	out := map[string]string{}
	for _, s := range c.settings() {
		v := *s.field
		if s.secret && v != "" {
			v = "[redacted]"
		}
		if s.env == "POCKET_SMTP_URL" && v != "" {
			v = redactURL(c.SMTPURL)
		}
		if s.env == "POCKET_NATS_URL" && v != "" {
			v = natsbus.RedactURL(c.NATSURL)
		}
		out[s.env] = v
	}
	return out
}

func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "[redacted]"
	}
	if u.User != nil {
		u.User = url.UserPassword(u.User.Username(), "redacted")
	}
	return u.String()
}
