package digest

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Frequency is how often a user's digest goes out on its own.
type Frequency string

// The frequencies; Off is the default, so a digest is opt-in.
const (
	Off    Frequency = "off"
	Daily  Frequency = "daily"
	Weekly Frequency = "weekly"
)

// Settings are what a user chooses: how often, and by which channels.
type Settings struct {
	Frequency Frequency `json:"frequency"`
	Email     bool      `json:"email"`
	Push      bool      `json:"push"`
}

// record is a user's digest state under digest/<uid>: the settings, when the
// current frequency was chosen (the first scheduled digest is the slot after
// it) and when the last digest went out (the next one tells what is new since).
type record struct {
	Settings
	ChosenAt   time.Time `json:"chosenAt"`
	LastSentAt time.Time `json:"lastSentAt,omitzero"`
}

func key(uid string) []byte { return store.Key("digest", uid) }

var prefix = store.Prefix("digest")

// ErrInvalid answers settings that are not one of the allowed shapes.
var errFrequency = apperr.New(apperr.Invalid, "INVALID_DIGEST_FREQUENCY", `frequency must be "off", "daily" or "weekly"`)

// ParseSettings reads a PUT body: frequency is required and one of the
// three; email and push are booleans (missing is false).
func ParseSettings(body []byte) (Settings, error) {
	var raw struct {
		Frequency *string `json:"frequency"`
		Email     *bool   `json:"email"`
		Push      *bool   `json:"push"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return Settings{}, apperr.New(apperr.Invalid, "INVALID_BODY", "The body must be a JSON object {frequency, email, push} with email and push true or false")
	}
	if raw.Frequency == nil {
		return Settings{}, errFrequency
	}
	s := Settings{Frequency: Frequency(*raw.Frequency)}
	switch s.Frequency {
	case Off, Daily, Weekly:
	default:
		return Settings{}, errFrequency
	}
	s.Email = raw.Email != nil && *raw.Email
	s.Push = raw.Push != nil && *raw.Push
	return s, nil
}

// loadIn reads uid's record; a user who never chose has the default (off).
func loadIn(x *store.Txn, uid string) (record, error) {
	var r record
	err := x.GetJSON(key(uid), &r)
	if errors.Is(err, store.ErrNotFound) {
		return record{Settings: Settings{Frequency: Off}}, nil
	}
	return r, err
}

// Store keeps every user's digest settings.
type Store struct {
	db  *store.DB
	now func() time.Time
}

// NewStore keeps settings in db; now may be nil.
func NewStore(db *store.DB, now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	return &Store{db: db, now: now}
}

// Get returns uid's settings.
func (s *Store) Get(uid string) (Settings, error) {
	var r record
	err := s.db.View(func(x *store.Txn) (err error) { r, err = loadIn(x, uid); return err })
	return r.Settings, err
}

// Put replaces uid's settings. Choosing a new frequency restarts its
// schedule from now, so turning the digest on never sends one at once for a
// slot already past.
func (s *Store) Put(uid string, set Settings) error {
	return s.db.Update(func(x *store.Txn) error {
		r, err := loadIn(x, uid)
		if err != nil {
			return err
		}
		if r.Frequency != set.Frequency {
			r.ChosenAt = s.now().UTC()
		}
		r.Settings = set
		return x.SetJSON(key(uid), r)
	})
}

// Unsubscribe turns uid's digest off (the e-mail's one-click link).
func (s *Store) Unsubscribe(uid string) error {
	return s.db.Update(func(x *store.Txn) error {
		r, err := loadIn(x, uid)
		if err != nil {
			return err
		}
		r.Frequency, r.Email, r.ChosenAt = Off, false, s.now().UTC()
		return x.SetJSON(key(uid), r)
	})
}

// since is when uid's next digest starts: the last one sent, else one
// period back from now (a week when the digest is off).
func (s *Store) since(uid string) (time.Time, error) {
	var r record
	err := s.db.View(func(x *store.Txn) (err error) { r, err = loadIn(x, uid); return err })
	return r.sinceAt(s.now()), err
}

func (r record) sinceAt(now time.Time) time.Time {
	if !r.LastSentAt.IsZero() {
		return r.LastSentAt
	}
	return now.Add(-r.Frequency.period())
}

// markSentIn records that a digest up to until went out.
func markSentIn(x *store.Txn, uid string, until time.Time) error {
	r, err := loadIn(x, uid)
	if err != nil {
		return err
	}
	r.LastSentAt = until.UTC()
	return x.SetJSON(key(uid), r)
}
