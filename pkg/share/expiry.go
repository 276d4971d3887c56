package share

import (
	"encoding/json"
	"math"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// A link that expires does so between MinExpiry and MaxExpiry after it is
// made. The floor matters: a lifetime below a nanosecond used to round to
// zero, which Create reads as "never", so a tiny expiresIn made a permanent
// link. A link that never expires is asked for by leaving expiresIn out.
const (
	MinExpiry = time.Minute
	MaxExpiry = 365 * 24 * time.Hour
)

// ErrExpiryOutOfRange is any expiresIn that is not a number of seconds
// within the bounds (negative, zero, too small or too large, not a number).
var ErrExpiryOutOfRange = apperr.New(apperr.Invalid, "INVALID_EXPIRES_IN",
	"expiresIn must be a number of seconds from 60 (one minute) to 31536000 (365 days), or left out for a link that never expires")

// ExpiryOf reads a request's expiresIn, in seconds: absent or null is 0 (the
// link never expires); anything else must be a number within the bounds,
// checked as a number before it becomes a Duration so nothing rounds away.
func ExpiryOf(raw json.RawMessage) (time.Duration, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	var seconds float64
	if err := json.Unmarshal(raw, &seconds); err != nil {
		return 0, ErrExpiryOutOfRange
	}
	return expiryFromSeconds(seconds)
}

func expiryFromSeconds(seconds float64) (time.Duration, error) {
	if math.IsNaN(seconds) || seconds < MinExpiry.Seconds() || seconds > MaxExpiry.Seconds() {
		return 0, ErrExpiryOutOfRange
	}
	return time.Duration(seconds * float64(time.Second)), nil
}

// validExpiry is Create's check of a lifetime: 0 (never) or within the bounds.
func validExpiry(d time.Duration) error {
	if d != 0 && (d < MinExpiry || d > MaxExpiry) {
		return ErrExpiryOutOfRange
	}
	return nil
}
