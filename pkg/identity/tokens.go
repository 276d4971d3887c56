package identity

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/tokencache"
)

// Token lifetimes.
const (
	IDTokenTTL      = time.Hour
	CustomTokenTTL  = 5 * time.Minute
	RefreshTokenTTL = 60 * 24 * time.Hour
	idTokenAudience = "pocket"
)

// Claims are what an ID token says about its holder.
type Claims struct {
	Email string `json:"email"`
	// SessionID names the sign-in session (sessions.go) the token was
	// issued to: once it ends, the token is refused though still signed.
	SessionID string `json:"sid,omitempty"`
	jwt.RegisteredClaims
}

// Tokens issues and checks the three kinds of token.
type Tokens struct {
	db     *store.DB
	key    ed25519.PrivateKey
	kid    string
	issuer string
	now    func() time.Time
	// verified remembers ID tokens already checked: every signed-in request
	// carries one, and an Ed25519 verification costs more than a cached
	// dashboard page. The signature stays valid until its expiry whatever
	// happens, so remembering it changes no answer; whether its session is
	// still alive is asked apart (SessionAlive).
	verified *tokencache.Cache[Claims]
	sessions *sessionCache
}

// NewTokens returns the token service; issuer is the server's public origin.
func NewTokens(db *store.DB, key ed25519.PrivateKey, issuer string, now func() time.Time) *Tokens {
	if now == nil {
		now = time.Now
	}
	return &Tokens{db: db, key: key, kid: KeyID(key.Public().(ed25519.PublicKey)), issuer: issuer, now: now,
		verified: tokencache.New[Claims](tokencache.DefaultSize, now), sessions: newSessionCache(now)}
}

// storedToken is a single-use or refresh token's record, kept under its hash.
type storedToken struct {
	UID       string    `json:"uid"`
	ExpiresAt time.Time `json:"expiresAt"`
	Family    string    `json:"family,omitempty"`    // refresh tokens: the session (see refresh.go)
	RotatedAt time.Time `json:"rotatedAt,omitempty"` // refresh tokens: when it was exchanged for its successor
}

// NewCustomToken mints the short-lived, single-use token that sign-in methods
// hand to the app, which trades it for a session.
func (t *Tokens) NewCustomToken(ctx context.Context, uid string) (string, error) {
	return t.mint("ctok", uid, CustomTokenTTL)
}

// RedeemCustomToken uses up a custom token and returns its user.
func (t *Tokens) RedeemCustomToken(ctx context.Context, token string) (string, error) {
	var rec storedToken
	err := t.db.Update(func(x *store.Txn) error {
		key := store.Key("ctok", tokenHash(token))
		if err := x.GetJSON(key, &rec); err != nil {
			return err
		}
		return x.Delete(key)
	})
	if errors.Is(err, store.ErrNotFound) || (err == nil && t.now().After(rec.ExpiresAt)) {
		return "", apperr.New(apperr.Unauthenticated, "INVALID_CUSTOM_TOKEN", "Sign-in token is invalid, used or expired")
	}
	return rec.UID, err
}

// IssueIDToken signs a one-hour ID token for user's session sid.
func (t *Tokens) IssueIDToken(user User, sid string) (string, time.Duration, error) {
	now := t.now()
	claims := Claims{
		Email:     user.Email,
		SessionID: sid,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    t.issuer,
			Subject:   user.UID,
			Audience:  jwt.ClaimStrings{idTokenAudience},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now.Add(-time.Minute)),
			ExpiresAt: jwt.NewNumericDate(now.Add(IDTokenTTL)),
			ID:        randomHex(12),
		},
	}
	signed, err := t.sign(claims)
	if err != nil {
		return "", 0, fmt.Errorf("identity: sign id token: %w", err)
	}
	return signed, IDTokenTTL, nil
}

// sign signs claims with the server's key (EdDSA). The kid names the key in
// the JWK Set a relay verifies against. Tokens signed before it was added
// have none and stay valid: the key is the same.
func (t *Tokens) sign(claims jwt.Claims) (string, error) {
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims)
	tok.Header["kid"] = t.kid
	return tok.SignedString(t.key)
}

// VerifyIDToken checks signature, issuer, audience and lifetime (not the
// session: see SessionAlive).
func (t *Tokens) VerifyIDToken(token string) (Claims, error) {
	if claims, found, expired := t.verified.Get(token); found && !expired {
		return claims, nil
	}
	var claims Claims
	err := t.parse(token, &claims, idTokenAudience)
	if err != nil || claims.Subject == "" {
		return Claims{}, apperr.New(apperr.Unauthenticated, "INVALID_TOKEN", "Invalid or expired ID token")
	}
	t.verified.Add(token, claims, claims.ExpiresAt.Time)
	return claims, nil
}

// parse checks a token this server signed for audience: the signature
// (EdDSA only), the issuer, the audience and an expiry still ahead; claims
// receives what it says.
func (t *Tokens) parse(token string, claims jwt.Claims, audience string) error {
	_, err := jwt.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return t.key.Public(), nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodEdDSA.Alg()}),
		jwt.WithIssuer(t.issuer),
		jwt.WithAudience(audience),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(t.now),
	)
	return err
}

func (t *Tokens) mint(prefix, uid string, ttl time.Duration) (string, error) {
	token, err := randomToken()
	if err != nil {
		return "", err
	}
	rec := storedToken{UID: uid, ExpiresAt: t.now().Add(ttl)}
	err = t.db.Update(func(x *store.Txn) error { return x.SetJSONTTL(store.Key(prefix, tokenHash(token)), rec, ttl) })
	return token, err
}

// randomToken is 256 random bits, URL-safe.
func randomToken() (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("identity: random token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

// tokenHash is the key a token is stored under: the database never holds a usable token.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
