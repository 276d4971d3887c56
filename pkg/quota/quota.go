// Package quota keeps each user's usage (what they store, how many uploads
// they made today) and refuses a write that would take it past a limit.
//
// The usage record (usage/<uid>) is updated in the transaction of the write
// it counts, so Badger's conflict detection keeps it exact however many
// writes race: two uploads that both read the record conflict, and the one
// re-run sees the other's count. A user with no record yet (data from before
// quotas, or a fresh user) is counted from the store once, inside the
// transaction that first needs the record.
//
// Nothing stored is ever removed here: a user over a lowered limit keeps it
// all, reads and deletes it, and is refused only what would add more.
package quota

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Limits are the per-user limits; 0 in any field means no limit.
type Limits struct {
	Recordings        int64 // recordings kept (not deleted)
	Bytes             int64 // bytes kept: recordings' stored records and their audio
	UploadsPerDay     int64 // device uploads (POST /api/v1/recordings) per UTC day
	ShareLinks        int64 // share links not revoked
	PushSubscriptions int64 // Web Push devices (pkg/push forgets the oldest past it)
	Folders           int64
	Speakers          int64 // named people: distinct names across the user's recordings
	ChatPerMinute     int64 // Ask Pocket messages (pkg/chat's owner rate)
	AccessTokens      int64 // live personal access tokens (pkg/accesstoken)
	TokenRequests     int64 // requests per minute with one access token (server/httpx)
	Webhooks          int64 // webhook endpoints (pkg/webhook)
	Templates         int64 // a user's own summary templates (pkg/templates)
	Highlights        int64 // highlights kept across the library (pkg/highlights)
}

// None is no limit at all: operator actions (pocket import, the seed).
var None = Limits{}

// Usage is what one user keeps, and their uploads on UploadsDay.
type Usage struct {
	Recordings int64  `json:"recordings"`
	Bytes      int64  `json:"bytes"`
	Folders    int64  `json:"folders"`
	ShareLinks int64  `json:"shareLinks"`
	Speakers   int64  `json:"speakers"`
	UploadsDay string `json:"uploadsDay,omitempty"` // YYYY-MM-DD, UTC
	Uploads    int64  `json:"uploads,omitempty"`
}

// Delta is a change to what a user keeps.
type Delta struct {
	Recordings, Bytes, Folders, ShareLinks, Speakers int64
}

// Key is where a user's usage is kept.
func Key(uid string) []byte { return store.Key("usage", uid) }

// Load returns uid's usage as x sees it, counting it from the store when the
// user has no record yet (and keeping that count in x).
func Load(x *store.Txn, uid string) (Usage, error) {
	var u Usage
	err := x.GetJSON(Key(uid), &u)
	if errors.Is(err, store.ErrNotFound) {
		if u, err = Recount(x, uid); err != nil {
			return u, err
		}
		return u, save(x, uid, u)
	}
	return u, err
}

// Charge records d, a change already written in x. Callers charge right
// after each write that changes a count: when the record is missing, Load
// counts the store as x holds it, that write included, so d is not added
// again.
func Charge(x *store.Txn, uid string, d Delta) error {
	if d == (Delta{}) {
		return nil
	}
	var u Usage
	err := x.GetJSON(Key(uid), &u)
	if errors.Is(err, store.ErrNotFound) {
		_, err = Load(x, uid)
		return err
	}
	if err != nil {
		return err
	}
	u.Recordings += d.Recordings
	u.Bytes += d.Bytes
	u.Folders += d.Folders
	u.ShareLinks += d.ShareLinks
	u.Speakers += d.Speakers
	return save(x, uid, u)
}

func save(x *store.Txn, uid string, u Usage) error {
	b, err := json.Marshal(u)
	if err != nil {
		return err
	}
	return x.Set(Key(uid), b)
}

// day is the UTC date uploads are counted by.
func day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// UploadsOn is how many uploads u records on now's day.
func (u Usage) UploadsOn(now time.Time) int64 {
	if u.UploadsDay != day(now) {
		return 0
	}
	return u.Uploads
}

// Read is Load for a read-only transaction: a user without a record is
// counted, and the count is not kept.
func Read(x *store.Txn, uid string) (Usage, error) {
	var u Usage
	err := x.GetJSON(Key(uid), &u)
	if errors.Is(err, store.ErrNotFound) {
		return Recount(x, uid)
	}
	return u, err
}
