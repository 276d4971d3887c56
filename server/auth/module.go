// Package auth is sign-in over HTTP: e-mail codes, the session exchange that turns
// a custom token into an ID token plus a refresh cookie, refresh and logout.
package auth

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/mail"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides the identity services, the token verifier and the auth routes.
var Module = fx.Module("auth",
	fx.Provide(
		loadSecrets,
		newUsers,
		newOTP,
		newTokens,
		newSender,
		fx.Annotate(newVerifier, fx.As(new(httpx.Verifier))),
		fx.Annotate(func(t *identity.Tokens) *identity.Tokens { return t }, fx.As(new(httpx.Sessions))),
		newHandlers,
		fx.Annotate((*handlers).routes, fx.ResultTags(`group:"routes,flatten"`)),
		newOIDCProviders,
		newOIDCFlows,
		newOIDCHandlers,
		fx.Annotate((*oidcHandlers).routes, fx.ResultTags(`group:"routes,flatten"`)),
	),
	fx.Invoke(hearSignOutsElsewhere),
)

// loadSecrets reads the server's keys: from the database when replicas share
// one (POCKET_DATABASE_URL), so they sign and check with the same keys; else
// from the data directory.
func loadSecrets(cfg config.Config, db *store.DB) (identity.Secrets, error) {
	if cfg.DatabaseURL != "" {
		return identity.StoredSecrets(db)
	}
	return identity.LoadSecrets(cfg.DataDir)
}

func newUsers(db *store.DB) *identity.Users { return identity.NewUsers(db, nil) }

func newOTP(db *store.DB, s identity.Secrets) *identity.OTP {
	return identity.NewOTP(db, s.OTPPepper, nil)
}

func newTokens(db *store.DB, s identity.Secrets, cfg config.Config) *identity.Tokens {
	return identity.NewTokens(db, s.SigningKey, cfg.PublicURL, nil)
}

func newSender(cfg config.Config, log *slog.Logger) (mail.Sender, error) {
	if cfg.SMTPURL == "" {
		// Codes in the log are for a developer's own machine. Served to others,
		// anyone who reads the log can sign in as anyone: say so where it shows.
		if !cfg.Loopback() {
			log.Warn("POCKET_SMTP_URL is not set: sign-in codes are written to this log, and anyone who reads it can sign in as any user; set POCKET_SMTP_URL before letting people in", "public_url", cfg.PublicURL)
		}
		return mail.LogSender{Log: log}, nil
	}
	return mail.NewSMTPSender(cfg.SMTPURL, cfg.MailFrom)
}

// verifier checks bearer ID tokens for the router: the signature, then
// that the token's session has not been signed out (identity.SessionAlive,
// remembered a moment so the check costs a map lookup on most requests).
type verifier struct{ tokens *identity.Tokens }

func newVerifier(t *identity.Tokens) *verifier { return &verifier{tokens: t} }

var errSignedOut = apperr.New(apperr.Unauthenticated, "SESSION_ENDED", "This session was signed out. Please sign in again.")

func (v *verifier) VerifyIDToken(ctx context.Context, token string) (httpx.Principal, error) {
	claims, err := v.tokens.VerifyIDToken(token)
	if err != nil {
		return httpx.Principal{}, err
	}
	alive, err := v.tokens.SessionAlive(ctx, claims.Subject, claims.SessionID)
	if err != nil {
		return httpx.Principal{}, err
	}
	if !alive {
		return httpx.Principal{}, errSignedOut
	}
	p := httpx.Principal{UID: claims.Subject, Email: claims.Email, SessionID: claims.SessionID}
	if claims.ExpiresAt != nil {
		p.ExpiresAt = claims.ExpiresAt.Time
	}
	return p, nil
}
