package identity

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

func pemOf(t *testing.T, key any) string {
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
}

func TestParseApplePrivateKey_AcceptsP256WithRealOrEscapedNewlines(t *testing.T) {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	text := pemOf(t, key)
	for _, raw := range []string{text, strings.ReplaceAll(strings.TrimSpace(text), "\n", `\n`)} {
		got, err := ParseApplePrivateKey(raw)
		if err != nil || !got.Equal(key) {
			t.Fatalf("parse: %v", err)
		}
	}
}

func TestParseApplePrivateKey_RefusesOtherKeys(t *testing.T) {
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	rsaKey, _ := rsa.GenerateKey(rand.Reader, 1024)
	for name, raw := range map[string]string{"not pem": "hello", "P-384": pemOf(t, p384), "RSA": pemOf(t, rsaKey)} {
		if _, err := ParseApplePrivateKey(raw); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestAppleClientSecret_HasTheClaimsAppleChecks(t *testing.T) {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	now := time.Now()
	a := AppleClient{ClientID: "com.example.web", TeamID: "TEAM", KeyID: "KID", Key: key, Audience: "https://appleid.apple.com"}
	secret, err := a.ClientSecret(now)
	if err != nil {
		t.Fatal(err)
	}
	claims := jwt.MapClaims{}
	tok, err := jwt.ParseWithClaims(secret, claims, func(*jwt.Token) (any, error) { return &key.PublicKey, nil },
		jwt.WithValidMethods([]string{"ES256"}))
	if err != nil {
		t.Fatal(err)
	}
	if tok.Header["kid"] != "KID" || claims["iss"] != "TEAM" || claims["sub"] != "com.example.web" ||
		claims["aud"] != "https://appleid.apple.com" || claims["exp"].(float64)-claims["iat"].(float64) != AppleSecretTTL.Seconds() {
		t.Fatalf("header %v claims %v", tok.Header, claims)
	}
}
