package digest

import "time"

// SendHour is the hour (UTC) scheduled digests go out: daily ones every day
// at 07:00 UTC, weekly ones on Mondays at 07:00 UTC.
const SendHour = 7

func (f Frequency) period() time.Duration {
	if f == Daily {
		return 24 * time.Hour
	}
	return 7 * 24 * time.Hour
}

// slot is the latest scheduled sending time of f at or before now; zero for Off.
func (f Frequency) slot(now time.Time) time.Time {
	now = now.UTC()
	s := time.Date(now.Year(), now.Month(), now.Day(), SendHour, 0, 0, 0, time.UTC)
	if s.After(now) {
		s = s.AddDate(0, 0, -1)
	}
	switch f {
	case Daily:
		return s
	case Weekly:
		back := (int(s.Weekday()) - int(time.Monday) + 7) % 7
		return s.AddDate(0, 0, -back)
	}
	return time.Time{}
}

// dueSlot is the slot r's digest is due for at now, if one is: the latest
// slot after the frequency was chosen and after the last digest sent.
func (r record) dueSlot(now time.Time) (time.Time, bool) {
	s := r.Frequency.slot(now)
	if s.IsZero() || !s.After(r.ChosenAt) || !s.After(r.LastSentAt) || (!r.Email && !r.Push) {
		return time.Time{}, false
	}
	return s, true
}
