package quota

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Recount counts uid's usage from the records themselves (the key schema in
// pkg/store): listed recordings (ritem/) and the size of their records (rec/),
// audio metadata (audio/), folders (folder/), share links not revoked
// (shareby/ then share/) and distinct people (person/<uid>/<name hash>/).
// Uploads are not stored anywhere else, so a recount starts the day at 0.
// The incremental counts (Charge) measure the same things, so a recount and
// the running record agree.
func Recount(x *store.Txn, uid string) (Usage, error) {
	var u Usage
	counters := []func(*store.Txn, string, *Usage) error{countRecordings, countAudio, countFolders, countShareLinks, countSpeakers}
	for _, count := range counters {
		if err := count(x, uid, &u); err != nil {
			return u, err
		}
	}
	return u, nil
}

func countRecordings(x *store.Txn, uid string, u *Usage) error {
	prefix := store.Prefix("ritem", uid)
	return x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
		size, err := x.ValueSize(store.Key("rec", uid, string(k[len(prefix):])))
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return false, err
		}
		u.Recordings++
		u.Bytes += size
		return true, nil
	})
}

func countAudio(x *store.Txn, uid string, u *Usage) error {
	return x.Scan(store.Prefix("audio", uid), nil, false, true, func(_, v []byte) (bool, error) {
		var m struct {
			Size int64 `json:"size"`
		}
		if err := json.Unmarshal(v, &m); err != nil {
			return false, err
		}
		u.Bytes += m.Size
		return true, nil
	})
}

func countFolders(x *store.Txn, uid string, u *Usage) error {
	return x.Scan(store.Prefix("folder", uid), nil, false, false, func(_, _ []byte) (bool, error) {
		u.Folders++
		return true, nil
	})
}

func countShareLinks(x *store.Txn, uid string, u *Usage) error {
	return x.Scan(store.Prefix("shareby", uid), nil, false, false, func(k, _ []byte) (bool, error) {
		id := k[bytes.LastIndexByte(k, '/')+1:]
		var link struct {
			RevokedAt *json.RawMessage `json:"revokedAt"`
		}
		if err := x.GetJSON(store.Key("share", string(id)), &link); err != nil && !errors.Is(err, store.ErrNotFound) {
			return false, err
		} else if err == nil && link.RevokedAt == nil {
			u.ShareLinks++
		}
		return true, nil
	})
}

func countSpeakers(x *store.Txn, uid string, u *Usage) error {
	prefix := store.Prefix("person", uid)
	var last []byte
	return x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
		rest := k[len(prefix):]
		name := rest[:bytes.IndexByte(rest, '/')+1]
		if !bytes.Equal(name, last) {
			u.Speakers++
			last = name
		}
		return true, nil
	})
}
