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
)

// Secrets are the server's own keys, created on first start and kept in the data
// directory so tokens stay valid across restarts.
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
		_, key, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return nil, err
		}
		der, err := x509.MarshalPKCS8PrivateKey(key)
		if err != nil {
			return nil, err
		}
		return key, writeSecret(path, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	}
	if err != nil {
		return nil, fmt.Errorf("identity: read %s: %w", path, err)
	}
	block, _ := pem.Decode(b)
	if block == nil {
		return nil, fmt.Errorf("identity: %s is not PEM", path)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("identity: parse %s: %w", path, err)
	}
	key, ok := parsed.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("identity: %s is not an Ed25519 key", path)
	}
	return key, nil
}

func loadOrCreatePepper(path string) ([]byte, error) {
	b, err := os.ReadFile(path) //nolint:gosec // G304: a file under the configured data directory
	if errors.Is(err, fs.ErrNotExist) {
		pepper := make([]byte, 32)
		if _, err := rand.Read(pepper); err != nil {
			return nil, err
		}
		return pepper, writeSecret(path, []byte(hex.EncodeToString(pepper)))
	}
	if err != nil {
		return nil, fmt.Errorf("identity: read %s: %w", path, err)
	}
	return hex.DecodeString(strings.TrimSpace(string(b)))
}

// writeSecret writes through a temporary file so a crash never leaves half a key.
func writeSecret(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return fmt.Errorf("identity: write %s: %w", path, err)
	}
	return os.Rename(tmp, path)
}
