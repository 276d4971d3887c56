package identity

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Secrets are the server's own keys, created on first start and kept (in the
// data directory, or in the store: StoredSecrets) so tokens stay valid across
// restarts.
type Secrets struct {
	SigningKey ed25519.PrivateKey
	OTPPepper  []byte
}

// LoadSecrets reads the keys in dir/keys, creating any that are missing.
func LoadSecrets(dir string) (Secrets, error) {
	keyDir := filepath.Join(dir, "keys")
	if err := os.MkdirAll(keyDir, 0o700); err != nil {
		return Secrets{}, fmt.Errorf("identity: key directory: %w", err)
	}
	key, err := loadOrCreateSigningKey(filepath.Join(keyDir, "id-token.pem"))
	if err != nil {
		return Secrets{}, err
	}
	pepper, err := loadOrCreatePepper(filepath.Join(keyDir, "otp-pepper"))
	if err != nil {
		return Secrets{}, err
	}
	return Secrets{SigningKey: key, OTPPepper: pepper}, nil
}

func loadOrCreateSigningKey(path string) (ed25519.PrivateKey, error) {
	b, err := os.ReadFile(path) //nolint:gosec // G304: a file under the configured data directory
	if errors.Is(err, fs.ErrNotExist) {
		der, err := newSigningKeyDER()
		if err != nil {
			return nil, err
		}
		if err := writeSecret(path, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})); err != nil {
			return nil, err
		}
		return parseSigningKey(path, der)
	}
	if err != nil {
		return nil, fmt.Errorf("identity: read %s: %w", path, err)
	}
	block, _ := pem.Decode(b)
	if block == nil {
		return nil, fmt.Errorf("identity: %s is not PEM", path)
	}
	return parseSigningKey(path, block.Bytes)
}

// newSigningKeyDER makes an Ed25519 key for ID tokens, as PKCS #8 DER.
func newSigningKeyDER() ([]byte, error) {
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	return x509.MarshalPKCS8PrivateKey(key)
}

// parseSigningKey reads a PKCS #8 Ed25519 key; where names it in errors.
func parseSigningKey(where string, der []byte) (ed25519.PrivateKey, error) {
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, fmt.Errorf("identity: parse %s: %w", where, err)
	}
	key, ok := parsed.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("identity: %s is not an Ed25519 key", where)
	}
	return key, nil
}

func loadOrCreatePepper(path string) ([]byte, error) {
	b, err := os.ReadFile(path) //nolint:gosec // G304: a file under the configured data directory
	if errors.Is(err, fs.ErrNotExist) {
		pepper, err := newPepper()
		if err != nil {
			return nil, err
		}
		return pepper, writeSecret(path, []byte(hex.EncodeToString(pepper)))
	}
	if err != nil {
		return nil, fmt.Errorf("identity: read %s: %w", path, err)
	}
	return hex.DecodeString(strings.TrimSpace(string(b)))
}

func newPepper() ([]byte, error) {
	pepper := make([]byte, 32)
	_, err := rand.Read(pepper)
	return pepper, err
}

// The store keys of StoredSecrets: one name for each, wherever it is read,
// written or left out of a comparison (pocket migrate).
var (
	StoredSigningKey = store.Key("meta", "id-token-key")
	StoredPepper     = store.Key("meta", "otp-pepper")
)

// HasStoredSecrets reports whether a server has made its keys in db yet.
func HasStoredSecrets(db *store.DB) (has bool, err error) {
	err = db.View(func(x *store.Txn) error { has, err = x.Has(StoredSigningKey); return err })
	return has, err
}

// StoredSecrets are the keys kept in the store instead of the data
// directory (meta/id-token-key, meta/otp-pepper), created by whichever
// replica starts first: on PostgreSQL every replica reads the same ones, so
// a token one replica signs the others accept, and a code one sends the
// others check.
func StoredSecrets(db *store.DB) (Secrets, error) {
	der, err := db.GetOrCreate(StoredSigningKey, newSigningKeyDER)
	if err != nil {
		return Secrets{}, fmt.Errorf("identity: signing key: %w", err)
	}
	key, err := parseSigningKey(string(StoredSigningKey), der)
	if err != nil {
		return Secrets{}, err
	}
	pepper, err := db.GetOrCreate(StoredPepper, newPepper)
	if err != nil {
		return Secrets{}, fmt.Errorf("identity: code pepper: %w", err)
	}
	return Secrets{SigningKey: key, OTPPepper: pepper}, nil
}

// writeSecret writes through a temporary file so a crash never leaves half a key.
func writeSecret(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return fmt.Errorf("identity: write %s: %w", path, err)
	}
	return os.Rename(tmp, path)
}

// PutStoredSecrets keeps s in the store as StoredSecrets reads them
// (pocket migrate, moving a data directory's keys into a database).
func PutStoredSecrets(db *store.DB, s Secrets) error {
	der, err := x509.MarshalPKCS8PrivateKey(s.SigningKey)
	if err != nil {
		return err
	}
	return db.Update(func(x *store.Txn) error {
		if err := x.Set(StoredSigningKey, der); err != nil {
			return err
		}
		return x.Set(StoredPepper, s.OTPPepper)
	})
}

// SaveSecrets writes s into dir/keys as LoadSecrets reads them (pocket
// migrate, moving a database's keys into a data directory).
func SaveSecrets(dir string, s Secrets) error {
	keyDir := filepath.Join(dir, "keys")
	if err := os.MkdirAll(keyDir, 0o700); err != nil {
		return fmt.Errorf("identity: key directory: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(s.SigningKey)
	if err != nil {
		return err
	}
	if err := writeSecret(filepath.Join(keyDir, "id-token.pem"), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})); err != nil {
		return err
	}
	return writeSecret(filepath.Join(keyDir, "otp-pepper"), []byte(hex.EncodeToString(s.OTPPepper)))
}

// HasSecrets reports whether dir/keys holds a signing key (a server has run there).
func HasSecrets(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "keys", "id-token.pem"))
	return err == nil
}
