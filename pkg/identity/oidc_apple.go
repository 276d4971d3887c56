package identity

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// AppleSecretTTL is how long one Apple client secret is valid. Apple allows up to
// six months; we sign a fresh one per token request, so minutes are plenty and a
// leaked secret is useless soon.
const AppleSecretTTL = 5 * time.Minute

// AppleClient is what Sign in with Apple needs to authenticate the server.
type AppleClient struct {
	ClientID string // the Services ID
	TeamID   string
	KeyID    string
	Key      *ecdsa.PrivateKey
	Audience string // the Apple issuer, https://appleid.apple.com
}

// ParseApplePrivateKey reads the .p8 key Apple hands out (PKCS8, EC P-256). A
// key pasted into an environment variable often has literal "\n" for newlines;
// those are accepted too.
func ParseApplePrivateKey(raw string) (*ecdsa.PrivateKey, error) {
	raw = strings.TrimSpace(raw)
	if !strings.Contains(raw, "\n") {
		raw = strings.ReplaceAll(raw, `\n`, "\n")
	}
	block, _ := pem.Decode([]byte(raw))
	if block == nil {
		return nil, errors.New("identity: Apple private key is not PEM")
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("identity: Apple private key: %w", err)
	}
	key, ok := parsed.(*ecdsa.PrivateKey)
	if !ok || key.Curve != elliptic.P256() {
		return nil, errors.New("identity: Apple private key must be an EC P-256 key")
	}
	return key, nil
}

// ClientSecret signs the ES256 JWT Apple takes as client_secret at its token endpoint.
func (a AppleClient) ClientSecret(now time.Time) (string, error) {
	// A map, not RegisteredClaims: golang-jwt writes a one-element audience as an
	// array, and Apple documents aud as a plain string.
	claims := jwt.MapClaims{
		"iss": a.TeamID,
		"sub": a.ClientID,
		"aud": a.Audience,
		"iat": now.Unix(),
		"exp": now.Add(AppleSecretTTL).Unix(),
	}
	token := jwt.NewWithClaims(jwt.SigningMethodES256, claims)
	token.Header["kid"] = a.KeyID
	signed, err := token.SignedString(a.Key)
	if err != nil {
		return "", fmt.Errorf("identity: sign Apple client secret: %w", err)
	}
	return signed, nil
}
