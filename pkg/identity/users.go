// Package identity is the embedded provider's sign-in: users, one-time e-mail
// codes, the custom tokens they turn into, ID tokens (JWT) and refresh tokens.
package identity

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// User is a signed-up person, in the shape the app keeps (spec §3).
type User struct {
	UID           string    `json:"uid"`
	Email         string    `json:"email"`
	DisplayName   string    `json:"displayName"`
	PhotoURL      string    `json:"photoURL"`
	EmailVerified bool      `json:"emailVerified"`
	CreatedAt     time.Time `json:"createdAt"`
}

// Users stores and finds users.
type Users struct {
	db  *store.DB
	now func() time.Time
}

// NewUsers returns the user directory.
func NewUsers(db *store.DB, now func() time.Time) *Users {
	if now == nil {
		now = time.Now
	}
	return &Users{db: db, now: now}
}

// NormalizeEmail trims and lower-cases an address and checks it is one.
func NormalizeEmail(raw string) (string, error) {
	email := strings.ToLower(strings.TrimSpace(raw))
	if email == "" {
		return "", apperr.New(apperr.Invalid, "INVALID_EMAIL", "Email is required")
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || !strings.Contains(email, "@") || len(email) > 254 {
		return "", apperr.New(apperr.Invalid, "INVALID_EMAIL", "Please enter a valid email address")
	}
	return email, nil
}

// Get returns the user with uid.
func (u *Users) Get(ctx context.Context, uid string) (User, error) {
	var user User
	err := u.db.View(func(x *store.Txn) error { return x.GetJSON(store.Key("user", "id", uid), &user) })
	if errors.Is(err, store.ErrNotFound) {
		return User{}, apperr.Missing("User")
	}
	return user, err
}

// Exists reports whether an account uses email.
func (u *Users) Exists(ctx context.Context, email string) (bool, error) {
	var found bool
	err := u.db.View(func(x *store.Txn) error {
		var err error
		found, err = x.Has(store.Key("user", "email", email))
		return err
	})
	return found, err
}

// Ensure returns the user for a verified address, creating the account on first
// sign-in. profile fills an empty display name or photo (from Google or Apple).
func (u *Users) Ensure(ctx context.Context, email string, profile User) (User, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return User{}, err
	}
	var user User
	err = u.db.Update(func(x *store.Txn) error {
		uid, err := x.Get(store.Key("user", "email", email))
		switch {
		case errors.Is(err, store.ErrNotFound):
			user = User{UID: newUID(), Email: email, CreatedAt: u.now().UTC()}
			if err := x.Set(store.Key("user", "email", email), []byte(user.UID)); err != nil {
				return err
			}
		case err != nil:
			return err
		default:
			if err := x.GetJSON(store.Key("user", "id", string(uid)), &user); err != nil {
				return fmt.Errorf("identity: user %s: %w", uid, err)
			}
		}
		user.EmailVerified = true
		if user.DisplayName == "" {
			user.DisplayName = profile.DisplayName
		}
		if user.PhotoURL == "" {
			user.PhotoURL = profile.PhotoURL
		}
		return x.SetJSON(store.Key("user", "id", user.UID), user)
	})
	return user, err
}

func newUID() string { return randomHex(14) }

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("identity: the system random source failed: " + err.Error())
	}
	return hex.EncodeToString(b)
}
