package templates

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Store keeps users' own templates under tpl/<uid>/<templateId>, at most
// Max a user (0: no limit); the built-ins are not stored. Every write
// appends to the user's change log (pkg/changelog, kind "template") in its
// transaction, so devices pull templates like folders (sync.go).
type Store struct {
	db  *store.DB
	max int
	now func() time.Time
	// onDelete clears what names a deleted template (OnDelete).
	onDelete func(x *store.Txn, uid, id string) error
	// bus hears of each committed write (Announce); nil: nobody.
	bus *events.Bus
}

// NewStore keeps templates in db, at most max a user (0: no limit).
func NewStore(db *store.DB, max int) *Store {
	return &Store{db: db, max: max, now: time.Now}
}

// Announce publishes each committed write on bus, so open tabs pull it at
// once; call it before serving.
func (s *Store) Announce(bus *events.Bus) { s.bus = bus }

func key(uid, id string) []byte { return store.Key("tpl", uid, id) }

var errMissing = apperr.Missing("Template")

// errBuiltin answers a change to a built-in template.
var errBuiltin = apperr.New(apperr.Forbidden, "BUILTIN_TEMPLATE",
	"Built-in templates cannot be changed or deleted. Create a template of your own instead.")

// List answers the built-ins, then uid's own templates oldest first (their
// ids sort by creation time).
func (s *Store) List(_ context.Context, uid string) ([]Template, error) {
	out := Builtins()
	err := s.db.View(func(x *store.Txn) error {
		return x.Scan(store.Prefix("tpl", uid), nil, false, true, func(_, v []byte) (bool, error) {
			var t Template
			if err := json.Unmarshal(v, &t); err != nil {
				return false, err
			}
			out = append(out, t)
			return true, nil
		})
	})
	return out, err
}

// Get answers a built-in or one of uid's templates; another user's is not
// found.
func (s *Store) Get(_ context.Context, uid, id string) (Template, error) {
	if t, ok := builtin(id); ok {
		return t, nil
	}
	var t Template
	err := s.db.View(func(x *store.Txn) (err error) { t, err = load(x, uid, id); return err })
	return t, err
}

// Create adds a template of uid's own, within the quota, with an id made
// here.
func (s *Store) Create(ctx context.Context, uid string, d Draft) (Template, error) {
	return s.CreateAs(ctx, uid, "", d)
}

// CreateAs is Create with the caller's id (CreateIn's rules; "" makes one
// here): the REST API's POST takes a device's id, which a relay sends for
// its devices' creates, so a resend answers the first.
func (s *Store) CreateAs(_ context.Context, uid, id string, d Draft) (Template, error) {
	if id == "" {
		id = newID(s.now())
	}
	var t Template
	err := s.db.Update(func(x *store.Txn) (err error) { t, err = s.CreateIn(x, uid, id, d); return err })
	return t, err
}

// CreateIn adds template id (a device's own, see checkID) of uid's in x.
// The id made again answers the template made the first time, unchanged, so
// a device's resend makes nothing new.
func (s *Store) CreateIn(x *store.Txn, uid, id string, d Draft) (Template, error) {
	if err := checkID(id); err != nil {
		return Template{}, err
	}
	if old, err := load(x, uid, id); err == nil || !errors.Is(err, errMissing) {
		return old, err
	}
	if err := s.checkQuota(x, uid); err != nil {
		return Template{}, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	t := Template{ID: id, Name: d.Name, Sections: d.Sections, CreatedAt: &now, UpdatedAt: &now}
	return t, s.write(x, uid, t)
}

// Update replaces the name and sections of one of uid's templates.
func (s *Store) Update(_ context.Context, uid, id string, d Draft) (Template, error) {
	var out Template
	err := s.db.Update(func(x *store.Txn) (err error) { out, err = s.UpdateIn(x, uid, id, d); return err })
	return out, err
}

// UpdateIn is Update in x.
func (s *Store) UpdateIn(x *store.Txn, uid, id string, d Draft) (Template, error) {
	if _, ok := builtin(id); ok {
		return Template{}, errBuiltin
	}
	t, err := load(x, uid, id)
	if err != nil {
		return t, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	t.Name, t.Sections, t.UpdatedAt = d.Name, d.Sections, &now
	return t, s.write(x, uid, t)
}

// Delete removes one of uid's templates. Summaries written with it keep
// its id; a folder naming it names none after it (OnDelete), so its new
// recordings are summarised with the default again.
func (s *Store) Delete(_ context.Context, uid, id string) error {
	return s.db.Update(func(x *store.Txn) error { return s.DeleteIn(x, uid, id) })
}

// DeleteIn is Delete in x.
func (s *Store) DeleteIn(x *store.Txn, uid, id string) error {
	if _, ok := builtin(id); ok {
		return errBuiltin
	}
	if _, err := load(x, uid, id); err != nil {
		return err
	}
	if s.onDelete != nil {
		if err := s.onDelete(x, uid, id); err != nil {
			return err
		}
	}
	if err := x.Delete(key(uid, id)); err != nil {
		return err
	}
	return s.logged(x, uid, id, true)
}

func (s *Store) write(x *store.Txn, uid string, t Template) error {
	if err := x.SetJSON(key(uid, t.ID), t); err != nil {
		return err
	}
	return s.logged(x, uid, t.ID, false)
}

func (s *Store) checkQuota(x *store.Txn, uid string) error {
	if s.max <= 0 {
		return nil
	}
	n := 0
	err := x.Scan(store.Prefix("tpl", uid), nil, false, false, func(_, _ []byte) (bool, error) {
		n++
		return n < s.max, nil
	})
	if err == nil && n >= s.max {
		return apperr.Newf(apperr.TooLarge, "QUOTA_TEMPLATES",
			"You have reached your limit of %d templates. Delete templates you no longer use to add new ones.", s.max)
	}
	return err
}

func load(x *store.Txn, uid, id string) (Template, error) {
	var t Template
	if !validID(id) {
		return t, errMissing
	}
	err := x.GetJSON(key(uid, id), &t)
	if errors.Is(err, store.ErrNotFound) {
		return t, errMissing
	}
	return t, err
}
