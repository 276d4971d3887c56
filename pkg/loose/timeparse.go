package loose

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"
)

// Layouts that carry a zone; tried first.
var zonedLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999Z0700",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999Z0700",
	"2006-01-02 15:04:05.999999999 -0700 MST", // Go's own String()
	time.RFC1123Z,
	time.RFC1123,
}

// Layouts without a zone: the spec says such timestamps are UTC.
var naiveLayouts = []string{
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04",
	"2006-01-02 15:04",
	"2006-01-02",
}

// ParseTime reads a timestamp string: RFC 3339 and close relatives, a naive
// date-time or date (taken as UTC), or epoch seconds / milliseconds as digits.
// The result is in UTC.
func ParseTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	for _, l := range zonedLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), true
		}
	}
	for _, l := range naiveLayouts {
		if t, err := time.ParseInLocation(l, s, time.UTC); err == nil {
			return t, true
		}
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return epoch(f)
	}
	return time.Time{}, false
}

// TimeValue reads a timestamp in any shape exports use: a string (see
// ParseTime), a number of epoch seconds or milliseconds, or a Firestore-style
// object {_seconds, _nanoseconds} / {seconds, nanoseconds}.
func TimeValue(raw json.RawMessage) (time.Time, bool) {
	if s, ok := String(raw); ok {
		return ParseTime(s)
	}
	if f, ok := Number(raw); ok {
		return epoch(f)
	}
	obj, ok := ParseObject(raw)
	if !ok {
		return time.Time{}, false
	}
	sec, ok := Number(obj.First("_seconds", "seconds"))
	if !ok {
		return time.Time{}, false
	}
	nanos, _ := Number(obj.First("_nanoseconds", "nanoseconds"))
	return epoch(sec + nanos/1e9)
}

// epochMillisFrom separates seconds from milliseconds: 1e11 seconds is the
// year 5138, while 1e11 milliseconds is 1973.
const epochMillisFrom = 1e11

// maxEpochSeconds keeps results inside the range time.Time formats sanely.
const maxEpochSeconds = 253402300799 // 9999-12-31T23:59:59Z

func epoch(f float64) (time.Time, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return time.Time{}, false
	}
	if f >= epochMillisFrom {
		f /= 1000
	}
	if f > maxEpochSeconds {
		return time.Time{}, false
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(math.Round(frac*1e9))).UTC(), true
}
