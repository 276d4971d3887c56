package identity

import (
	"crypto/ed25519"
	"encoding/json"
	"testing"

	"github.com/go-jose/go-jose/v4"
	"github.com/golang-jwt/jwt/v5"
)

func TestJWKS_PublishesTheKeyThatSignsIDTokens(t *testing.T) {
	tk, _ := newTokensFixture(t)
	token, _, _ := tk.IssueIDToken(User{UID: "u1"}, "")
	raw, err := json.Marshal(tk.JWKS())
	if err != nil {
		t.Fatal(err)
	}
	var set jose.JSONWebKeySet
	if err := json.Unmarshal(raw, &set); err != nil {
		t.Fatalf("JWK Set %s does not parse: %v", raw, err)
	}
	jws, err := jose.ParseSigned(token, []jose.SignatureAlgorithm{jose.EdDSA})
	if err != nil {
		t.Fatal(err)
	}
	kid := jws.Signatures[0].Header.KeyID
	keys := set.Key(kid)
	if kid == "" || len(keys) != 1 {
		t.Fatalf("token kid %q names %d keys in %s", kid, len(keys), raw)
	}
	if _, err := jws.Verify(keys[0].Key); err != nil {
		t.Fatalf("the published key does not verify the token: %v", err)
	}
	if _, isPrivate := keys[0].Key.(ed25519.PrivateKey); isPrivate {
		t.Fatal("the JWK Set holds the private key")
	}
}

func TestIDToken_WithoutKidFromBeforeKidsStillVerifies(t *testing.T) {
	tk, c := newTokensFixture(t)
	claims := Claims{RegisteredClaims: jwt.RegisteredClaims{
		Issuer: tk.issuer, Subject: "u1", Audience: jwt.ClaimStrings{idTokenAudience},
		ExpiresAt: jwt.NewNumericDate(c.now().Add(IDTokenTTL)),
	}}
	old, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims).SignedString(tk.key)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := tk.VerifyIDToken(old); err != nil || got.Subject != "u1" {
		t.Fatalf("a token without kid: %+v %v", got, err)
	}
}
