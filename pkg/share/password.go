package share

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// A link's password is 4 to 128 characters: enough to mean something, and a
// bound on what one hash reads.
const (
	MinPassword = 4
	MaxPassword = 128
)

// ErrPasswordLength is a password outside the bounds.
var ErrPasswordLength = apperr.New(apperr.Invalid, "INVALID_PASSWORD",
	fmt.Sprintf("password must be %d to %d characters, or null for no password", MinPassword, MaxPassword))

// ErrHashersBusy is a hash that found no free hasher within HashWait: the
// server is already hashing as many passwords as it lets itself.
var ErrHashersBusy = &apperr.Error{Kind: apperr.Unavailable, Code: "PASSWORD_CHECKS_BUSY",
	Message: "Too many passwords are being checked right now. Please try again in a moment.", RetryAfter: 2 * time.Second}

// Argon2id's cost, OWASP's first choice (19 MiB, 2 passes, 1 lane): about
// 30 ms on one core here, so two at once hold 38 MiB and leave a core free.
const (
	argonTime    = 2
	argonMemory  = 19 * 1024 // KiB
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// Hashers is how many passwords are hashed at once, and how long one more
// waits for a free hasher before it is refused with ErrHashersBusy.
const (
	Hashers  = 2
	HashWait = 2 * time.Second
)

// hasher hashes and checks passwords with argon2id, at most Hashers at once:
// each hash costs argonMemory and a core's time, and visitors can ask for it.
type hasher struct {
	slots chan struct{}
	wait  time.Duration
}

func newHasher() *hasher { return &hasher{slots: make(chan struct{}, Hashers), wait: HashWait} }

// acquire takes a slot, waiting at most h.wait.
func (h *hasher) acquire(ctx context.Context) (release func(), err error) {
	t := time.NewTimer(h.wait)
	defer t.Stop()
	select {
	case h.slots <- struct{}{}:
		return func() { <-h.slots }, nil
	case <-t.C:
		return nil, ErrHashersBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// hash encodes password as a PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$key),
// the format other argon2id libraries read, so a later change of library
// reads the stored hashes.
func (h *hasher) hash(ctx context.Context, password string) (string, error) {
	if err := validPassword(password); err != nil {
		return "", err
	}
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	release, err := h.acquire(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// matches says whether password is the one encoded, comparing in constant
// time; it costs one full hash whether or not it matches.
func (h *hasher) matches(ctx context.Context, password, encoded string) (bool, error) {
	p, err := parseHash(encoded)
	if err != nil {
		return false, err
	}
	release, err := h.acquire(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	key := argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.threads, uint32(len(p.key))) //nolint:gosec // G115: key length is 32, parsed from our own hash
	return subtle.ConstantTimeCompare(key, p.key) == 1, nil
}

type argonParams struct {
	memory, time uint32
	threads      uint8
	salt, key    []byte
}

var errBadHash = errors.New("share: stored password hash is not argon2id")

func parseHash(encoded string) (argonParams, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return argonParams{}, errBadHash
	}
	var p argonParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &p.threads); err != nil {
		return argonParams{}, errBadHash
	}
	var err1, err2 error
	p.salt, err1 = base64.RawStdEncoding.DecodeString(parts[4])
	p.key, err2 = base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(p.key) == 0 || p.memory > 1<<20 || p.time > 10 || p.threads == 0 {
		return argonParams{}, errBadHash
	}
	return p, nil
}

func validPassword(password string) error {
	n := utf8.RuneCountInString(password)
	if n < MinPassword || n > MaxPassword || !utf8.ValidString(password) {
		return ErrPasswordLength
	}
	return nil
}

// ErrPasswordType is a password that is neither a string nor null.
var ErrPasswordType = apperr.New(apperr.Invalid, "INVALID_PASSWORD", "password must be a string, or null for no password")

// PasswordOf reads a request's password: absent is nil (nothing said); null
// or "" is a pointer to "" (no password); a string is itself, checked for
// length when it is hashed.
func PasswordOf(raw json.RawMessage) (*string, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	none := ""
	if string(raw) == "null" {
		return &none, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, ErrPasswordType
	}
	return &s, nil
}
