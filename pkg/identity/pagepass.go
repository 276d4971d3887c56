package identity

import (
	"context"
	"errors"
	"fmt"

	"github.com/golang-jwt/jwt/v5"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// A page pass lets the server put a signed-in person's own recordings into
// the HTML of their screens (the list, a recording), so the first paint on a
// slow phone needs no script, no refresh call and no API request. It rides
// in an httpOnly cookie sent only with those pages' requests (server/auth).
//
// It is a signed statement "this session's user", bound to the session
// (the refresh token family): a pass is good exactly while its session is,
// so signing out, or a session revoked after theft, ends it at once, as it
// ends the refresh token. It never authorises an API call: its audience is
// not the ID token's.
const pagePassAudience = "pocket-page"

type pagePassClaims struct {
	Family string `json:"fam"`
	jwt.RegisteredClaims
}

var errNoPagePass = apperr.New(apperr.Unauthenticated, "INVALID_PAGE_PASS", "No valid session for this page")

// IssuePagePass signs the page pass of the session a refresh token belongs
// to (the token just issued by NewRefreshToken or UseRefreshToken).
func (t *Tokens) IssuePagePass(ctx context.Context, refreshToken string) (string, error) {
	var rec storedToken
	err := t.db.View(func(x *store.Txn) error { return x.GetJSON(store.Key("rtok", tokenHash(refreshToken)), &rec) })
	if err != nil {
		return "", fmt.Errorf("identity: page pass: %w", err)
	}
	if rec.Family == "" {
		return "", errors.New("identity: page pass: the refresh token has no session family")
	}
	now := t.now()
	claims := pagePassClaims{
		Family: rec.Family,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    t.issuer,
			Subject:   rec.UID,
			Audience:  jwt.ClaimStrings{pagePassAudience},
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(rec.ExpiresAt),
		},
	}
	signed, err := t.sign(claims)
	if err != nil {
		return "", fmt.Errorf("identity: sign page pass: %w", err)
	}
	return signed, nil
}

// VerifyPagePass answers the user a page pass speaks for: its signature,
// issuer, audience and expiry hold, and its session is still alive for that
// user. Any failure is the same Unauthenticated error (the page then loads
// without the person's data, as for a visitor).
func (t *Tokens) VerifyPagePass(ctx context.Context, pass string) (string, error) {
	var claims pagePassClaims
	err := t.parse(pass, &claims, pagePassAudience)
	if err != nil || claims.Subject == "" || claims.Family == "" {
		return "", errNoPagePass
	}
	alive, err := t.SessionAlive(ctx, claims.Subject, claims.Family)
	if err != nil {
		return "", err
	}
	if !alive {
		return "", errNoPagePass
	}
	return claims.Subject, nil
}
