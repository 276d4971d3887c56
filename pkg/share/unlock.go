package share

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/ratelimit"
)

// UnlockTTL is how long the right password opens its link in that browser.
const UnlockTTL = 2 * time.Hour

// wrongFloor is the least time a wrong password takes to be answered: one
// hash takes about as long, and the floor hides what else varies (a wait for
// a hasher, a stored hash that does not parse).
const wrongFloor = 300 * time.Millisecond

// DefaultAttempts is 5 wrong passwords within 15 minutes per link, and 20
// per client address (across links: people behind one address, such as an
// office's, share it).
var DefaultAttempts = Attempts{PerLink: 5, PerClient: 20, Window: 15 * time.Minute}

// Attempts is how many wrong passwords are answered within Window, per link
// and per client address, before the next is refused (then one more every
// Window/count).
type Attempts struct {
	PerLink, PerClient int
	Window             time.Duration
}

func rateOf(count int, window time.Duration) ratelimit.Rate {
	return ratelimit.Rate{Burst: count, Every: window / time.Duration(count)}
}

// The refusals of a protected link.
var (
	ErrPasswordRequired = apperr.New(apperr.Unauthenticated, "PASSWORD_REQUIRED", "This share link is protected. Enter its password to open it.")
	ErrWrongPassword    = apperr.New(apperr.Unauthenticated, "WRONG_PASSWORD", "That password is not right. Please try again.")
)

// tooManyAttempts says when the next try can count, in minutes a person reads.
func tooManyAttempts(wait time.Duration) error {
	minutes := int((wait + time.Minute - 1) / time.Minute)
	unit := "minutes"
	if minutes == 1 {
		unit = "minute"
	}
	return &apperr.Error{Kind: apperr.TooMany, Code: "TOO_MANY_ATTEMPTS", RetryAfter: wait,
		Message: fmt.Sprintf("Too many wrong passwords. Please try again in %d %s.", minutes, unit)}
}

// unlocks signs and checks the cookies that say a browser gave a link's
// password, and counts wrong passwords per link and per client.
type unlocks struct {
	key       []byte
	now       func() time.Time
	perLink   *ratelimit.Limiter
	perClient *ratelimit.Limiter
}

// newUnlocks signs with key (nil: a random key of this process).
func newUnlocks(key []byte, now func() time.Time, a Attempts) unlocks {
	if key == nil {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			panic(err) // crypto/rand does not fail on supported platforms
		}
	}
	return unlocks{key: key, now: now,
		perLink:   ratelimit.New(rateOf(a.PerLink, a.Window), now),
		perClient: ratelimit.New(rateOf(a.PerClient, a.Window), now)}
}

// SetUnlockKey signs unlock cookies with key (replicas share it through the
// store) and counts wrong passwords by a; call it before serving.
func (s *Service) SetUnlockKey(key []byte, a Attempts) {
	s.unlocks = newUnlocks(key, s.now, a)
}

// CookieName is the unlock cookie of the link with this id: one per link, so
// opening one link never opens another.
func CookieName(linkID string) string { return "pocket_share_" + linkID[:16] }

// Cookie is an unlock cookie to set: its value opens its link until Expires.
type Cookie struct {
	Name, Value string
	Expires     time.Time
}

// seal is the cookie value: the end of its life and a MAC binding it to the
// link and to its password hash, so a changed or cleared password ends it.
func (u unlocks) seal(st stored, until time.Time) string {
	at := strconv.FormatInt(until.Unix(), 10)
	return at + "." + base64.RawURLEncoding.EncodeToString(u.mac(st, at))
}

func (u unlocks) mac(st stored, at string) []byte {
	m := hmac.New(sha256.New, u.key)
	m.Write([]byte("share-unlock\x00" + st.ID + "\x00" + at + "\x00" + st.PasswordHash))
	return m.Sum(nil)
}

// opened says whether ctx carries an unexpired cookie sealed for st.
func (u unlocks) opened(ctx context.Context, st stored) bool {
	cookies, _ := ctx.Value(cookiesKey{}).([]*http.Cookie)
	name := CookieName(st.ID)
	for _, c := range cookies {
		if c.Name == name && u.valid(st, c.Value) {
			return true
		}
	}
	return false
}

func (u unlocks) valid(st stored, value string) bool {
	at, sum, ok := strings.Cut(value, ".")
	if !ok {
		return false
	}
	until, err := strconv.ParseInt(at, 10, 64)
	if err != nil || !u.now().Before(time.Unix(until, 0)) {
		return false
	}
	got, err := base64.RawURLEncoding.DecodeString(sum)
	return err == nil && hmac.Equal(got, u.mac(st, at))
}

type cookiesKey struct{}

// WithCookies hands Resolve the visitor's cookies, among which an unlock
// cookie may open a protected link.
func WithCookies(ctx context.Context, cookies []*http.Cookie) context.Context {
	return context.WithValue(ctx, cookiesKey{}, cookies)
}

// Unlock checks a visitor's password for the link behind token and, when it
// is right, returns the cookie that opens the link for UnlockTTL (none for a
// link without a password: it is open). Wrong passwords are counted per link
// and per client; past either limit the answer is TOO_MANY_ATTEMPTS, right
// password or not.
func (s *Service) Unlock(ctx context.Context, token, password, client string) (*Cookie, error) {
	started := s.now()
	st, err := s.live(token)
	if err != nil {
		return nil, err
	}
	if err := s.recordingExists(ctx, st); err != nil {
		return nil, err
	}
	if st.PasswordHash == "" {
		return nil, nil
	}
	u := s.unlocks
	if err := u.allowed(st.ID, client); err != nil {
		return nil, err
	}
	ok, err := s.passwords.matches(ctx, password, st.PasswordHash)
	if err != nil {
		return nil, err
	}
	if !ok {
		u.perLink.Charge(st.ID)
		u.perClient.Charge(client)
		s.sleepUntil(ctx, started.Add(wrongFloor))
		return nil, ErrWrongPassword
	}
	until := s.now().Add(UnlockTTL)
	return &Cookie{Name: CookieName(st.ID), Value: u.seal(st, until), Expires: until}, nil
}

// allowed refuses a link or a client past its wrong passwords, saying when
// the later of the two can try again.
func (u unlocks) allowed(linkID, client string) error {
	okLink, waitLink := u.perLink.Peek(linkID)
	okClient, waitClient := u.perClient.Peek(client)
	if okLink && okClient {
		return nil
	}
	return tooManyAttempts(max(waitLink, waitClient))
}

func (s *Service) sleepUntil(ctx context.Context, at time.Time) {
	d := at.Sub(s.now())
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
