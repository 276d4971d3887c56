package webhook

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// stored is an endpoint's record: what the owner sees and its secrets.
type stored struct {
	Endpoint
	UID    string `json:"uid"`
	Secret string `json:"secret"`
	// Previous signs beside Secret until PreviousUntil (a rotation's overlap).
	Previous      string     `json:"previous,omitempty"`
	PreviousUntil *time.Time `json:"previousUntil,omitempty"`
}

// secrets are the keys deliveries are signed with at now.
func (s stored) secrets(now time.Time) []string {
	if s.Previous != "" && s.PreviousUntil != nil && now.Before(*s.PreviousUntil) {
		return []string{s.Secret, s.Previous}
	}
	return []string{s.Secret}
}

func endpointKey(uid, id string) []byte   { return store.Key("whook", uid, id) }
func endpointPrefix(uid string) []byte    { return store.Prefix("whook", uid) }
func pendingPrefix(uid, ep string) []byte { return store.Prefix("wq", uid, ep) }
func logPrefix(uid, ep string) []byte     { return store.Prefix("wlog", uid, ep) }
func pendingKey(uid, ep, id string) []byte {
	return store.Key("wq", uid, ep, id)
}
func logKey(uid, ep, id string) []byte { return store.Key("wlog", uid, ep, id) }
func dueKey(at time.Time, id string) []byte {
	return store.Key("wdue", store.U64(uint64(max(at.UnixMilli(), 0))), id)
}

var duePrefix = store.Prefix("wdue")

// errMissing answers an endpoint that is not the caller's (or not there).
var errMissing = apperr.Missing("Webhook endpoint")

func loadEndpoint(x *store.Txn, uid, id string) (stored, error) {
	var s stored
	err := x.GetJSON(endpointKey(uid, id), &s)
	if errors.Is(err, store.ErrNotFound) {
		return s, errMissing
	}
	return s, err
}

func saveEndpoint(x *store.Txn, s stored) error { return x.SetJSON(endpointKey(s.UID, s.ID), s) }

// endpointsIn lists uid's endpoints in id (creation) order.
func endpointsIn(x *store.Txn, uid string) ([]stored, error) {
	var out []stored
	err := x.Scan(endpointPrefix(uid), nil, false, true, func(_, v []byte) (bool, error) {
		var s stored
		if err := json.Unmarshal(v, &s); err != nil {
			return false, err
		}
		out = append(out, s)
		return true, nil
	})
	return out, err
}

// countUpTo counts keys under prefix, stopping at limit.
func countUpTo(x *store.Txn, prefix []byte, limit int) (int, error) {
	n := 0
	err := x.Scan(prefix, nil, false, false, func(_, _ []byte) (bool, error) {
		n++
		return n < limit, nil
	})
	return n, err
}
