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
	priv, pub, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return Keys{}, fmt.Errorf("push: generate VAPID keys: %w", err)
	}
	k, err := ParseKeys(pub, priv)
	if err != nil {
		return Keys{}, fmt.Errorf("push: generated VAPID keys: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return Keys{}, fmt.Errorf("push: key directory: %w", err)
	}
	b, _ := json.Marshal(k) //nolint:gosec // G117: writing the key pair to its 0600 file is the point
	// Through a temporary file, so a crash never leaves half a key.
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return Keys{}, fmt.Errorf("push: write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return Keys{}, fmt.Errorf("push: write %s: %w", path, err)
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
