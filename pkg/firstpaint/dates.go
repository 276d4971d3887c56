package firstpaint

import (
	"fmt"
	"html"
	"strings"
	"time"
	// The reader's zone comes by name from their browser; the binary carries
	// the zone database so any host (a bare container) can read it.
	_ "time/tzdata"
)

// Zone is the IANA time zone a browser named (Intl's resolved timeZone), or
// false for anything this binary does not know as one.
func Zone(name string) (*time.Location, bool) {
	name = strings.TrimSpace(name)
	if name == "" || name == "Local" || len(name) > 64 {
		return nil, false
	}
	loc, err := time.LoadLocation(name)
	return loc, err == nil
}

// ShortDateTime is 'MMM d, H:mm' in zone ('Nov 17, 9:30'), as the app's
// formatShortDateTime (pwa/src/data/normalize/recordingDates.ts) prints it.
func ShortDateTime(t time.Time, zone *time.Location) string {
	w := t.In(zone)
	return fmt.Sprintf("%s %d, %d:%02d", w.Month().String()[:3], w.Day(), w.Hour(), w.Minute())
}

// timeMarkup is a moment as the app's <time> elements show it: its instant
// in UTC for machines, ShortDateTime in zone for people.
func timeMarkup(t time.Time, zone *time.Location) string {
	return `<time datetime="` + t.UTC().Format("2006-01-02T15:04:05.000Z") + `">` + html.EscapeString(ShortDateTime(t, zone)) + `</time>`
}

// DayHeading is the long date of the list's group headings in zone
// ('November 17, 2026'), as the app's formatDayHeading prints it.
func DayHeading(t time.Time, zone *time.Location) string {
	w := t.In(zone)
	return fmt.Sprintf("%s %d, %d", w.Month(), w.Day(), w.Year())
}
