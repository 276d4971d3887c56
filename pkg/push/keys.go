// Package push is Web Push for a user's devices: the server's VAPID identity
// (RFC 8292), the devices' subscriptions, and delivery of "summary ready"
// notices through their push services, encrypted per RFC 8291 by
// github.com/SherClockHolmes/webpush-go (no push crypto is written here).
package push

import (
	"crypto/ecdh"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Keys are the server's VAPID key pair, base64url without padding: the
// uncompressed P-256 public key (65 bytes) and the private scalar (32 bytes),
// the forms browsers and webpush-go take.
type Keys struct {
	Public  string `json:"publicKey"`
	Private string `json:"privateKey"`
}

// ParseKeys checks a key pair given by an operator and normalises it to
// base64url without padding. The private key must produce the public one, so
// a pasted mismatch fails at startup rather than at every push.
func ParseKeys(public, private string) (Keys, error) {
	pub, err := decodeBase64URL(public)
	if err != nil || len(pub) != 65 || pub[0] != 4 {
		return Keys{}, errors.New("the VAPID public key must be base64url of a 65-byte uncompressed P-256 point")
	}
	priv, err := decodeBase64URL(private)
	if err != nil || len(priv) != 32 {
		return Keys{}, errors.New("the VAPID private key must be base64url of a 32-byte P-256 private key")
	}
	key, err := ecdh.P256().NewPrivateKey(priv)
	if err != nil {
		return Keys{}, fmt.Errorf("the VAPID private key is not a P-256 key: %w", err)
	}
	if string(key.PublicKey().Bytes()) != string(pub) {
		return Keys{}, errors.New("the VAPID public key does not belong to the private key")
	}
	enc := base64.RawURLEncoding
	return Keys{Public: enc.EncodeToString(pub), Private: enc.EncodeToString(priv)}, nil
}

// keyFile is where generated keys live, beside the server's other keys.
func keyFile(dataDir string) string { return filepath.Join(dataDir, "keys", "vapid.json") }

// LoadOrCreateKeys reads the key pair kept in the data directory, generating
// and saving one (mode 0600) on first start. Browsers bind a subscription to
// the key it was made with, so the pair must survive restarts.
func LoadOrCreateKeys(dataDir string) (Keys, error) {
	path := keyFile(dataDir)
	b, err := os.ReadFile(path) //nolint:gosec // G304: a file under the configured data directory
	if errors.Is(err, fs.ErrNotExist) {
		return createKeys(path)
	}
	if err != nil {
		return Keys{}, fmt.Errorf("push: read %s: %w", path, err)
	}
	var k Keys
	if err := json.Unmarshal(b, &k); err != nil {
		return Keys{}, fmt.Errorf("push: %s is not a VAPID key file: %w", path, err)
	}
	k, err = ParseKeys(k.Public, k.Private)
	if err != nil {
		return Keys{}, fmt.Errorf("push: %s: %w", path, err)
	}
	return k, nil
}

func createKeys(path string) (Keys, error) {
	k, err := newKeys()
	if err != nil {
		return Keys{}, err
	}
	return k, writeKeyFile(path, k)
}

// writeKeyFile keeps k at path (mode 0600), through a temporary file so a
// crash never leaves half a key.
func writeKeyFile(path string, k Keys) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("push: key directory: %w", err)
	}
	b, _ := json.Marshal(k) //nolint:gosec // G117: writing the key pair to its 0600 file is the point
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("push: write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("push: write %s: %w", path, err)
	}
	return nil
}

// SaveKeys writes k into the data directory as LoadOrCreateKeys reads it
// (pocket migrate, moving a database's pair into a data directory).
func SaveKeys(dataDir string, k Keys) error { return writeKeyFile(keyFile(dataDir), k) }

// ReadKeyFile is the pair kept in the data directory, if any (nil: none).
func ReadKeyFile(dataDir string) (*Keys, error) {
	if _, err := os.Stat(keyFile(dataDir)); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	k, err := LoadOrCreateKeys(dataDir)
	return &k, err
}

// StoredKeysKey is where StoredKeys keeps the pair (the one name for it,
// pocket migrate's comparison included).
var StoredKeysKey = store.Key("meta", "vapid-keys")

// PutStoredKeys keeps k in the store as StoredKeys reads it (pocket migrate).
func PutStoredKeys(db *store.DB, k Keys) error {
	return db.Update(func(x *store.Txn) error { return x.SetJSON(StoredKeysKey, k) })
}

// ReadStoredKeys is the pair kept in the store, if any (nil: none).
func ReadStoredKeys(db *store.DB) (*Keys, error) {
	var k Keys
	err := db.View(func(x *store.Txn) error { return x.GetJSON(StoredKeysKey, &k) })
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return &k, err
}

func newKeys() (Keys, error) {
	priv, pub, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return Keys{}, fmt.Errorf("push: generate VAPID keys: %w", err)
	}
	k, err := ParseKeys(pub, priv)
	if err != nil {
		return Keys{}, fmt.Errorf("push: generated VAPID keys: %w", err)
	}
	return k, nil
}

// StoredKeys is the pair kept in the store (meta/vapid-keys) instead of the
// data directory, generated by whichever replica starts first: on
// PostgreSQL every replica signs with it, so a device subscribed through one
// is reached by any.
func StoredKeys(db *store.DB) (Keys, error) {
	b, err := db.GetOrCreate(StoredKeysKey, func() ([]byte, error) {
		k, err := newKeys()
		if err != nil {
			return nil, err
		}
		return json.Marshal(k) //nolint:gosec // G117: the pair is kept in the store, as the other server keys are
	})
	if err != nil {
		return Keys{}, fmt.Errorf("push: VAPID keys: %w", err)
	}
	var k Keys
	if err := json.Unmarshal(b, &k); err != nil {
		return Keys{}, fmt.Errorf("push: meta/vapid-keys is not a key pair: %w", err)
	}
	if k, err = ParseKeys(k.Public, k.Private); err != nil {
		return Keys{}, fmt.Errorf("push: meta/vapid-keys: %w", err)
	}
	return k, nil
}

// decodeBase64URL accepts base64url with or without padding, as browsers'
// PushSubscription.toJSON() and operators' tools differ.
func decodeBase64URL(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(strings.TrimSpace(s), "="))
}

// CheckSubject enforces RFC 8292's contact: a mailto: or https: URL.
func CheckSubject(subject string) error {
	if strings.HasPrefix(subject, "mailto:") && strings.Contains(subject, "@") {
		return nil
	}
	if strings.HasPrefix(subject, "https://") && len(subject) > len("https://") {
		return nil
	}
	return fmt.Errorf("the VAPID subject %q must be a mailto: address or an https: URL", subject)
}
