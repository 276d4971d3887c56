package webhook

import (
	"fmt"
	"strings"
	"time"
)

// Schedule is how long to wait before each retry of a delivery that failed:
// the first retry waits Schedule[0] after the first try, and so on; a
// delivery whose last retry fails gives up.
type Schedule []time.Duration

// DefaultSchedule is the Standard Webhooks retry schedule (the one Svix
// runs): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A delivery is tried 8
// times over 27 h 35 min 5 s, longer than a receiver's day-long outage.
var DefaultSchedule = Schedule{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 10 * time.Hour}

// ParseSchedule reads comma-separated durations ("5s,5m,30m"), each at least
// a second.
func ParseSchedule(raw string) (Schedule, error) {
	var s Schedule
	for _, part := range strings.Split(raw, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(part))
		if err != nil || d < time.Second {
			return nil, fmt.Errorf("%q is not a duration of at least 1s", part)
		}
		s = append(s, d)
	}
	return s, nil
}

// Retry answers when the delivery tried attempts times (all failed) is tried
// next, and false once the schedule is spent.
func (s Schedule) Retry(attempts int, failedAt time.Time) (time.Time, bool) {
	if attempts < 1 || attempts > len(s) {
		return time.Time{}, false
	}
	return failedAt.Add(s[attempts-1]), true
}

// Span is the time from a delivery's first try to its last.
func (s Schedule) Span() time.Duration {
	var total time.Duration
	for _, d := range s {
		total += d
	}
	return total
}

func (s Schedule) String() string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = d.String()
	}
	return strings.Join(parts, ",")
}
