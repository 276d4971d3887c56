// Package webhook sends users' events to the endpoints they register, by the
// Standard Webhooks specification (https://www.standardwebhooks.com): each
// delivery is a JSON POST signed over "<webhook-id>.<webhook-timestamp>.<body>"
// with HMAC-SHA256 and the endpoint's secret, retried with exponential
// back-off, logged per endpoint, and kept in the store so that it survives a
// restart and is sent by one replica at a time (docs/adr/0010-webhooks.md).
//
// Storage (see the key schema in pkg/store):
//
//	whook/<uid>/<endpointId>             -> stored (the endpoint, its secrets)
//	wq/<uid>/<endpointId>/<deliveryId>   -> Delivery still to be sent (or being sent)
//	wlog/<uid>/<endpointId>/<deliveryId> -> Delivery that was sent or gave up (the newest LogKeep)
//	wdue/<due U64 ms>/<deliveryId>       -> "<uid>/<endpointId>": when a pending delivery is next tried
//
// Deliveries are written in the transaction of the change they announce
// (Enqueue), so a committed change always has its deliveries and a change
// that did not commit has none.
package webhook

import (
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
)

// EventTypes are the events an endpoint may ask for, in the order shown.
var EventTypes = []string{events.RecordingCreated, events.RecordingUpdated, events.RecordingDeleted, events.SummaryReady, events.ShareCreated}

// Limits of what a caller registers.
const (
	MaxURLBytes         = 2048
	MaxDescriptionChars = 200
	// LogKeep is how many finished deliveries an endpoint's log keeps.
	LogKeep = 100
	// RotationOverlap is how long a rotated-out secret still signs
	// deliveries beside the new one, so receivers can switch without a gap.
	RotationOverlap = 24 * time.Hour
)

// Status of an endpoint.
const (
	Active   = "active"
	Disabled = "disabled"
)

// Endpoint is what the owner sees of a registered endpoint (never its secret
// after creation or rotation).
type Endpoint struct {
	ID          string   `json:"id"`
	URL         string   `json:"url"`
	Events      []string `json:"events"`
	Description string   `json:"description"`
	Status      string   `json:"status"`
	// DisabledReason says why a disabled endpoint stopped ("" while active).
	DisabledReason string     `json:"disabledReason"`
	CreatedAt      time.Time  `json:"createdAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
	FailingSince   *time.Time `json:"failingSince"`
	// Dropped counts events not queued because the endpoint already had
	// its limit of pending deliveries.
	Dropped int64 `json:"dropped"`
}

// Wants reports whether the endpoint takes events of type typ now.
func (e Endpoint) Wants(typ string) bool { return e.Status == Active && slices.Contains(e.Events, typ) }

// ParseURL checks an endpoint's URL: absolute http or https, no user
// information, at most MaxURLBytes. Where it may point is judged when a
// delivery dials (netguard), since a name can resolve elsewhere later.
func ParseURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", apperr.New(apperr.Invalid, "INVALID_URL", "url is required: the https address deliveries are posted to")
	}
	if len(raw) > MaxURLBytes {
		return "", apperr.Newf(apperr.Invalid, "INVALID_URL", "url must be at most %d bytes", MaxURLBytes)
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Hostname() == "" || u.User != nil || (u.Scheme != "https" && u.Scheme != "http") {
		return "", apperr.New(apperr.Invalid, "INVALID_URL", "url must be an absolute http or https URL without user name or password")
	}
	u.Fragment = ""
	return u.String(), nil
}

// ParseEvents checks the events an endpoint asks for: at least one, each one
// of EventTypes; repeats are folded and the order is EventTypes'.
func ParseEvents(raw []string) ([]string, error) {
	if len(raw) == 0 {
		return nil, apperr.Newf(apperr.Invalid, "INVALID_EVENTS", "events must name at least one of %s", strings.Join(EventTypes, ", "))
	}
	for _, e := range raw {
		if !slices.Contains(EventTypes, e) {
			return nil, apperr.Newf(apperr.Invalid, "INVALID_EVENTS", "unknown event %q: events are %s", e, strings.Join(EventTypes, ", "))
		}
	}
	out := []string{}
	for _, e := range EventTypes {
		if slices.Contains(raw, e) {
			out = append(out, e)
		}
	}
	return out, nil
}

// ParseDescription trims a description and checks its length.
func ParseDescription(raw string) (string, error) {
	d := strings.TrimSpace(raw)
	if len([]rune(d)) > MaxDescriptionChars {
		return "", apperr.Newf(apperr.Invalid, "INVALID_DESCRIPTION", "description must be at most %d characters", MaxDescriptionChars)
	}
	return d, nil
}

// newID is a prefix and a time-ordered id: 6 bytes of Unix milliseconds, then
// 10 random bytes, hex, so ids sort by creation and the log reads in order.
func newID(prefix string, now time.Time) string {
	var b [16]byte
	ms := uint64(now.UnixMilli())
	for i := 5; i >= 0; i-- {
		b[i] = byte(ms)
		ms >>= 8
	}
	if _, err := rand.Read(b[6:]); err != nil {
		panic("webhook: the system random source failed: " + err.Error())
	}
	return prefix + hex.EncodeToString(b[:])
}
