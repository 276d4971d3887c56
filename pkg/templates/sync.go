package templates

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/store"
)

// maxID bounds a template's id: ids this package makes are 28 characters; a
// device's own or a backup edited by hand must not key the store with
// anything.
const maxID = 64

// validID: an id this package could have made or accepted, usable as one
// part of a key.
func validID(id string) bool {
	return strings.HasPrefix(id, "tpl_") && len(id) <= maxID && !strings.ContainsAny(id, "/\x00")
}

// checkID refuses an id a device or a backup may not give a template (a
// built-in's among them: those never start with tpl_).
func checkID(id string) error {
	if _, ok := builtin(id); ok {
		return errBuiltin
	}
	if !validID(id) {
		return apperr.Newf(apperr.Invalid, "INVALID_ID",
			"A template's id must start with tpl_, be at most %d characters and have no '/'", maxID)
	}
	return nil
}

// TemplateIn reads one of uid's templates in x, for a pull (ok false: none).
func TemplateIn(x *store.Txn, uid, id string) (Template, bool, error) {
	t, err := load(x, uid, id)
	if errors.Is(err, errMissing) {
		return t, false, nil
	}
	return t, err == nil, err
}

// ownerOf splits tpl/<uid>/<id>.
func ownerOf(k []byte) (uid, id string, ok bool) {
	uid, id, ok = strings.Cut(strings.TrimPrefix(string(k), "tpl/"), "/")
	return uid, id, ok && uid != "" && id != ""
}

// logged appends the change for devices to pull, and announces it once x
// commits.
func (s *Store) logged(x *store.Txn, uid, id string, deleted bool) error {
	seq, err := changelog.Append(x, uid, changelog.Template, id, deleted, s.now())
	if err != nil {
		return fmt.Errorf("templates: log change of %s: %w", id, err)
	}
	if s.bus != nil {
		typ := events.TemplateUpdated
		if deleted {
			typ = events.TemplateDeleted
		}
		e := events.Event{Type: typ, UserID: uid, Seq: seq}
		x.AfterCommit(func() { e.At = s.now().UTC(); s.bus.Publish(e) })
	}
	return nil
}

const backfillFlag = "changelog-templates-backfilled"

// MarkBackfillDoneIfEmpty marks BackfillChangeLog done in a store that holds
// no templates yet: every one kept from then on is logged as it is written.
func (s *Store) MarkBackfillDoneIfEmpty() error {
	return s.db.MarkDoneIfNone(backfillFlag, store.Prefix("tpl"))
}

// BackfillChangeLog logs every kept template the log has nothing of (those
// made before templates synced), once per data directory; it answers how
// many it logged.
func (s *Store) BackfillChangeLog() (int, error) {
	flag := store.Key("meta", backfillFlag)
	var keys [][]byte
	err := s.db.View(func(x *store.Txn) error {
		if done, err := x.Has(flag); err != nil || done {
			return err
		}
		return x.Scan(store.Prefix("tpl"), nil, false, false, func(k, _ []byte) (bool, error) {
			keys = append(keys, append([]byte(nil), k...))
			return true, nil
		})
	})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, k := range keys {
		uid, id, ok := ownerOf(k)
		if !ok {
			continue
		}
		// Counted once committed: Update runs the function again after a conflict.
		logged := false
		err := s.db.Update(func(x *store.Txn) error {
			logged = false
			if v, err := changelog.Version(x, uid, changelog.Template, id); err != nil || v != 0 {
				return err
			}
			if has, err := x.Has(k); err != nil || !has {
				return err
			}
			_, err := changelog.Append(x, uid, changelog.Template, id, false, s.now())
			logged = err == nil
			return err
		})
		if err != nil {
			return n, err
		}
		if logged {
			n++
		}
	}
	return n, s.db.Update(func(x *store.Txn) error { return x.Set(flag, []byte("1")) })
}
