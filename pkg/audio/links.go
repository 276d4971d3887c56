package audio

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// LinkTTL is how long a signed audio link plays. A browser's <audio> element
// cannot send the bearer ID token, so the owner's app asks for a link that
// carries its own short-lived proof instead; it names one recording only, and
// the app asks again when it lapses.
const LinkTTL = 6 * time.Hour

var linkKeyKey = store.Key("meta", "audio-link-key")

var b64 = base64.RawURLEncoding

// Links signs and checks audio links with a key kept in the store, so every
// server of one store accepts the others' links and restarts keep them valid.
type Links struct {
	db  *store.DB
	now func() time.Time

	once sync.Once
	key  []byte
	err  error
}

// NewLinks signs with the store's key (made on first use); now may be nil.
func NewLinks(db *store.DB, now func() time.Time) *Links {
	if now == nil {
		now = time.Now
	}
	return &Links{db: db, now: now}
}

func (l *Links) secret() ([]byte, error) {
	l.once.Do(func() {
		l.err = l.db.Update(func(x *store.Txn) error {
			k, err := x.Get(linkKeyKey)
			if err == nil {
				l.key = k
				return nil
			}
			if !errors.Is(err, store.ErrNotFound) {
				return err
			}
			l.key = make([]byte, 32)
			rand.Read(l.key)
			return x.Set(linkKeyKey, l.key)
		})
	})
	return l.key, l.err
}

// Sign returns a token letting its holder play uid's audio of recording id
// until the returned time: "<expiry>.<owner>.<mac>".
func (l *Links) Sign(uid, id string) (string, time.Time, error) {
	key, err := l.secret()
	if err != nil {
		return "", time.Time{}, err
	}
	exp := l.now().Add(LinkTTL).Truncate(time.Second)
	e := strconv.FormatInt(exp.Unix(), 10)
	return e + "." + b64.EncodeToString([]byte(uid)) + "." + b64.EncodeToString(mac(key, uid, id, e)), exp, nil
}

// Verify returns the owner a token was signed for, if it is for recording id
// and has not lapsed; otherwise an Unauthenticated error.
func (l *Links) Verify(token, id string) (string, error) {
	refused := apperr.New(apperr.Unauthenticated, "AUDIO_LINK_INVALID", "This audio link is invalid or has expired; reopen the recording")
	key, err := l.secret()
	if err != nil {
		return "", err
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", refused
	}
	exp, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || l.now().Unix() >= exp {
		return "", refused
	}
	uid, err1 := b64.DecodeString(parts[1])
	sig, err2 := b64.DecodeString(parts[2])
	if err1 != nil || err2 != nil || !hmac.Equal(sig, mac(key, string(uid), id, parts[0])) {
		return "", refused
	}
	return string(uid), nil
}

func mac(key []byte, uid, id, exp string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte("audio\x00" + uid + "\x00" + id + "\x00" + exp))
	return h.Sum(nil)
}
