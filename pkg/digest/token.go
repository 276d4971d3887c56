package digest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// TokenTTL is how long an e-mail's unsubscribe link works: long enough for
// an old digest found in an inbox, short enough that a leaked one lapses.
const TokenTTL = 60 * 24 * time.Hour

// purpose is signed into every token so a digest token proves nothing else.
const purpose = "digest-unsubscribe"

var tokenKeyKey = store.Key("meta", "digest-unsubscribe-key")

var b64 = base64.RawURLEncoding

// The refusals of a bad token (400: the link itself is wrong).
var (
	ErrTokenInvalid = apperr.New(apperr.Invalid, "UNSUBSCRIBE_TOKEN_INVALID", "This unsubscribe link is not valid: it may have been cut short or changed. Open the link from the e-mail again, or sign in and turn the digest off on the Digest page.")
	ErrTokenExpired = apperr.New(apperr.Invalid, "UNSUBSCRIBE_TOKEN_EXPIRED", "This unsubscribe link has expired. Open the link in a newer digest, or sign in and turn the digest off on the Digest page.")
)

// Tokens signs and checks unsubscribe tokens with a key kept in the store,
// so every replica of one store checks the others' tokens, and restarts keep
// them valid. A token names its user, its purpose and its expiry only.
type Tokens struct {
	db  *store.DB
	now func() time.Time

	once sync.Once
	key  []byte
	err  error
}

// NewTokens signs with the store's key (made on first use); now may be nil.
func NewTokens(db *store.DB, now func() time.Time) *Tokens {
	if now == nil {
		now = time.Now
	}
	return &Tokens{db: db, now: now}
}

func (t *Tokens) secret() ([]byte, error) {
	t.once.Do(func() { t.key, t.err = t.db.GetOrCreate(tokenKeyKey, store.NewSecretKey) })
	return t.key, t.err
}

// Sign returns "<uid>.<expiry>.<mac>" (uid base64url, expiry Unix seconds).
func (t *Tokens) Sign(uid string) (string, error) {
	key, err := t.secret()
	if err != nil {
		return "", err
	}
	exp := strconv.FormatInt(t.now().Add(TokenTTL).Unix(), 10)
	u := b64.EncodeToString([]byte(uid))
	return u + "." + exp + "." + b64.EncodeToString(tokenMAC(key, u, exp)), nil
}

// Verify returns the user a token was signed for; ErrTokenInvalid when it
// was not signed here as it reads, ErrTokenExpired when it lapsed.
func (t *Tokens) Verify(token string) (string, error) {
	key, err := t.secret()
	if err != nil {
		return "", err
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", ErrTokenInvalid
	}
	sig, err := b64.DecodeString(parts[2])
	if err != nil || !hmac.Equal(sig, tokenMAC(key, parts[0], parts[1])) {
		return "", ErrTokenInvalid
	}
	uid, err1 := b64.DecodeString(parts[0])
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	if err1 != nil || err2 != nil || len(uid) == 0 {
		return "", ErrTokenInvalid
	}
	if t.now().Unix() >= exp {
		return "", ErrTokenExpired
	}
	return string(uid), nil
}

func tokenMAC(key []byte, uid, exp string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(purpose + "\x00" + uid + "\x00" + exp))
	return h.Sum(nil)
}
