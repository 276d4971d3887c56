package audio

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
	l.once.Do(func() { l.key, l.err = l.db.GetOrCreate(linkKeyKey, store.NewSecretKey) })
	return l.key, l.err
}

// Sign returns a token letting its holder play uid's audio of recording id
// until the returned time, while sign-in session sid lasts:
// "<expiry>.<owner>.<session>.<mac>". The session is named so signing out
// ends the links it asked for (Verify answers it; the caller checks it).
func (l *Links) Sign(uid, sid, id string) (string, time.Time, error) {
	key, err := l.secret()
	if err != nil {
		return "", time.Time{}, err
	}
	exp := l.now().Add(LinkTTL).Truncate(time.Second)
	e := strconv.FormatInt(exp.Unix(), 10)
	return e + "." + b64.EncodeToString([]byte(uid)) + "." + b64.EncodeToString([]byte(sid)) + "." +
		b64.EncodeToString(mac(key, uid, sid, id, e)), exp, nil
}

// Verify returns the owner and session a token was signed for, if it is
// for recording id and has not lapsed; otherwise an Unauthenticated error.
// Links from before sessions were named (three parts) are refused: the app
// asks for a new one.
func (l *Links) Verify(token, id string) (uid, sid string, err error) {
	key, err := l.secret()
	if err != nil {
		return "", "", err
	}
	parts := strings.Split(token, ".")
	if len(parts) != 4 {
		return "", "", ErrLinkRefused
	}
	exp, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || l.now().Unix() >= exp {
		return "", "", ErrLinkRefused
	}
	owner, err1 := b64.DecodeString(parts[1])
	session, err2 := b64.DecodeString(parts[2])
	sig, err3 := b64.DecodeString(parts[3])
	if err1 != nil || err2 != nil || err3 != nil || !hmac.Equal(sig, mac(key, string(owner), string(session), id, parts[0])) {
		return "", "", ErrLinkRefused
	}
	return string(owner), string(session), nil
}

// ErrLinkRefused answers a link that is forged, lapsed, or whose session
// was signed out.
var ErrLinkRefused = apperr.New(apperr.Unauthenticated, "AUDIO_LINK_INVALID", "This audio link is invalid or has expired; reopen the recording")

func mac(key []byte, uid, sid, id, exp string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte("audio\x00" + uid + "\x00" + sid + "\x00" + id + "\x00" + exp))
	return h.Sum(nil)
}
