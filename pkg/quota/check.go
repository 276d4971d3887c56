package quota

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Check refuses the write in x when it raised a count past its limit:
// before is the usage Load gave at the write's start. A count that did not
// grow is never refused, so a user over a lowered limit can still edit and
// delete.
func Check(x *store.Txn, uid string, before Usage, lim Limits) error {
	after, err := Load(x, uid)
	if err != nil {
		return err
	}
	for _, c := range []struct {
		before, after, limit int64
		refuse               func(int64) error
	}{
		{before.Recordings, after.Recordings, lim.Recordings, recordingsFull},
		{before.Bytes, after.Bytes, lim.Bytes, bytesFull},
		{before.Folders, after.Folders, lim.Folders, foldersFull},
		{before.ShareLinks, after.ShareLinks, lim.ShareLinks, shareLinksFull},
		{before.Speakers, after.Speakers, lim.Speakers, speakersFull},
	} {
		if c.limit > 0 && c.after > c.before && c.after > c.limit {
			return c.refuse(c.limit)
		}
	}
	return nil
}

// CountUpload counts one device upload on now's day, refusing it once the
// day's limit is reached (429 with Retry-After: the next UTC midnight).
func CountUpload(x *store.Txn, uid string, lim Limits, now time.Time) error {
	u, err := Load(x, uid)
	if err != nil {
		return err
	}
	n := u.UploadsOn(now)
	if lim.UploadsPerDay > 0 && n >= lim.UploadsPerDay {
		return uploadsFull(lim.UploadsPerDay, UntilTomorrow(now))
	}
	u.UploadsDay, u.Uploads = day(now), n+1
	return save(x, uid, u)
}

// UntilTomorrow is the wait until the next UTC day, when uploads count from 0.
func UntilTomorrow(now time.Time) time.Duration {
	next := now.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	return next.Sub(now)
}

// The refusals. A limit on what the user keeps is TooLarge (413, and a
// permanent refusal of a synced edit): waiting does not help, deleting does,
// so there is no Retry-After. Codes are stable; messages say what the limit
// is and what makes room, and are shown to the user as they are.
func recordingsFull(limit int64) error {
	return apperr.Newf(apperr.TooLarge, "QUOTA_RECORDINGS", "You have reached your limit of %s recordings. Delete recordings you no longer need to add new ones.", Count(limit))
}

func bytesFull(limit int64) error {
	return apperr.Newf(apperr.TooLarge, "QUOTA_BYTES", "You have reached your storage limit of %s (recordings and their audio). Delete recordings you no longer need to add new ones.", Size(limit))
}

func foldersFull(limit int64) error {
	return apperr.Newf(apperr.TooLarge, "QUOTA_FOLDERS", "You have reached your limit of %s folders. Delete a folder to make a new one.", Count(limit))
}

func shareLinksFull(limit int64) error {
	return apperr.Newf(apperr.TooLarge, "QUOTA_SHARE_LINKS", "You have reached your limit of %s share links. Revoke links you no longer need to make new ones.", Count(limit))
}

func speakersFull(limit int64) error {
	return apperr.Newf(apperr.TooLarge, "QUOTA_SPEAKERS", "You have reached your limit of %s named people. Use a name you have given before, or remove names you no longer need.", Count(limit))
}

func uploadsFull(limit int64, wait time.Duration) error {
	e := apperr.Newf(apperr.TooMany, "QUOTA_UPLOADS_PER_DAY", "You have reached your limit of %s uploads a day. Please try again in %s.", Count(limit), roughly(wait))
	e.RetryAfter = wait
	return e
}

// Count writes n with thousands separators: 50,000.
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Size writes a byte count in binary units: 50 GiB, 1.5 MiB, 512 bytes.
func Size(n int64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB"}
	v, i := float64(n), 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%d bytes", n)
	}
	return strings.TrimSuffix(strconv.FormatFloat(v, 'f', 1, 64), ".0") + " " + units[i]
}

// roughly says a wait in whole hours, or minutes under an hour.
func roughly(d time.Duration) string {
	if h := int(d.Round(time.Hour) / time.Hour); h >= 1 {
		if h == 1 {
			return "1 hour"
		}
		return fmt.Sprintf("%d hours", h)
	}
	m := max(1, int(d.Round(time.Minute)/time.Minute))
	if m == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}
