package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/webhook"
)

// Webhooks are the POCKET_WEBHOOK_* settings as given; Load parses them into
// Parsed.
type Webhooks struct {
	allowPrivate, maxPending, timeout, concurrency, excerpt, schedule string
	// Parsed is the settings parsed by Load.
	Parsed WebhookSettings
}

// WebhookSettings are the webhook sender's limits and schedule.
type WebhookSettings struct {
	AllowPrivate bool
	MaxPending   int
	Timeout      time.Duration
	Concurrency  int
	ExcerptBytes int
	Schedule     webhook.Schedule
}

func (c *Config) webhookSettings() []setting {
	w := &c.Webhooks
	return []setting{
		{"POCKET_WEBHOOK_ALLOW_PRIVATE", "", "1 lets webhook deliveries reach loopback and private addresses (receivers inside a self-hosted network); unset: public addresses only", false, &w.allowPrivate},
		{"POCKET_WEBHOOK_MAX_PENDING", "1000", "undelivered webhook deliveries one endpoint holds; later events are dropped (and counted) until it catches up; 0: no limit", false, &w.maxPending},
		{"POCKET_WEBHOOK_TIMEOUT", "15s", "bound on one webhook POST, connecting to the end of the answer", false, &w.timeout},
		{"POCKET_WEBHOOK_CONCURRENCY", "8", "webhook POSTs one server has open at once", false, &w.concurrency},
		{"POCKET_WEBHOOK_RESPONSE_EXCERPT_BYTES", "1024", "bytes of a receiver's answer kept in the delivery log", false, &w.excerpt},
		{"POCKET_WEBHOOK_RETRY_SCHEDULE", webhook.DefaultSchedule.String(), "waits before each retry of a failed webhook delivery, comma-separated; shorten it only to test (the default spans 27 h 35 min)", false, &w.schedule},
	}
}

func (c *Config) finishWebhooks() error {
	w := &c.Webhooks
	p := &w.Parsed
	switch w.allowPrivate {
	case "", "1":
		p.AllowPrivate = w.allowPrivate == "1"
	default:
		return fmt.Errorf("config: POCKET_WEBHOOK_ALLOW_PRIVATE %q must be 1 or unset", w.allowPrivate)
	}
	var err error
	if p.MaxPending, err = wholeNumber("POCKET_WEBHOOK_MAX_PENDING", w.maxPending, 0); err != nil {
		return err
	}
	if p.Concurrency, err = wholeNumber("POCKET_WEBHOOK_CONCURRENCY", w.concurrency, 1); err != nil {
		return err
	}
	if p.ExcerptBytes, err = wholeNumber("POCKET_WEBHOOK_RESPONSE_EXCERPT_BYTES", w.excerpt, 1); err != nil || p.ExcerptBytes > 64<<10 {
		return fmt.Errorf("config: POCKET_WEBHOOK_RESPONSE_EXCERPT_BYTES %q must be 1 to 65536", w.excerpt)
	}
	if p.Timeout, err = time.ParseDuration(w.timeout); err != nil || p.Timeout < time.Second || p.Timeout > 5*time.Minute {
		return fmt.Errorf("config: POCKET_WEBHOOK_TIMEOUT %q must be a duration from 1s to 5m", w.timeout)
	}
	if p.Schedule, err = webhook.ParseSchedule(w.schedule); err != nil {
		return fmt.Errorf("config: POCKET_WEBHOOK_RETRY_SCHEDULE: %w", err)
	}
	return nil
}

func wholeNumber(env, raw string, least int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	if err != nil || n < least {
		return 0, fmt.Errorf("config: %s %q must be a whole number of at least %d", env, raw, least)
	}
	return n, nil
}
