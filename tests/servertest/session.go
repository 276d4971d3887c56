package servertest

import (
	"context"
	"testing"

	"github.com/pocket-companion/pocket/pkg/identity"
)

// NewSession signs uid in on s as another device would, with a custom
// token of tokens (the identity that issues s's tokens: s's own, or a
// relay's upstream's), without a code by mail (a second is refused so soon
// after the first).
func (s *Server) NewSession(t testing.TB, tokens *identity.Tokens, uid string) *Client {
	t.Helper()
	custom, err := tokens.NewCustomToken(context.Background(), uid)
	if err != nil {
		t.Fatal(err)
	}
	c := s.NewClient(t)
	var session struct{ IDToken string }
	c.MustOK("POST", "/api/v1/auth/session", map[string]string{"token": custom}, &session)
	c.IDToken = session.IDToken
	return c
}

// UID is the user c's ID token names, read with tokens (which signed it).
func (c *Client) UID(tokens *identity.Tokens) string {
	c.t.Helper()
	claims, err := tokens.VerifyIDToken(c.IDToken)
	if err != nil {
		c.t.Fatal(err)
	}
	return claims.Subject
}
