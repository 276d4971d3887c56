package identity

import (
	"crypto"
	"crypto/ed25519"
	"encoding/base64"

	"github.com/go-jose/go-jose/v4"
)

// KeyID names a public key by its RFC 7638 thumbprint, so the same key gets
// the same kid on every start and a new key a new one.
func KeyID(pub ed25519.PublicKey) string {
	sum, err := (&jose.JSONWebKey{Key: pub}).Thumbprint(crypto.SHA256)
	if err != nil { // only for key types jose does not know; Ed25519 is one it does
		panic("identity: thumbprint of an Ed25519 key: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(sum)
}

// JWKS is the public half of the ID-token key as a JWK Set: what a relay in
// front of this server checks its callers' ID tokens against.
func (t *Tokens) JWKS() jose.JSONWebKeySet {
	return jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{
		Key:       t.key.Public(),
		KeyID:     t.kid,
		Algorithm: string(jose.EdDSA),
		Use:       "sig",
	}}}
}
