package auth

import (
	"context"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/identity"
)

// Replicas on one database (POCKET_DATABASE_URL, joined through
// POCKET_NATS_URL) share the sessions, but each holds its own sockets and
// remembers for a moment which sessions are alive. A sign-out through one
// replica is announced on the event bus, which carries it to the others:
// each closes that session's sockets there (server/live) and forgets that it
// was alive (hearSignOutsElsewhere), so "at once" holds on every replica,
// not only on the one that signed it out. With one process the bus goes no
// further, and the sign-out closed and forgot everything already.

// announceSignOut tells the other replicas that uid's session sid ended
// (every session of uid when sid is empty).
func (h *handlers) announceSignOut(uid, sid string) {
	if h.bus != nil {
		h.bus.Publish(events.Event{Type: events.SessionEnded, UserID: uid, SessionID: sid})
	}
}

type signOutsParams struct {
	fx.In
	Lifecycle fx.Lifecycle
	Tokens    *identity.Tokens
	Bus       *events.Bus `optional:"true"` // none in tests of the module alone
}

// hearSignOutsElsewhere forgets the sessions other replicas signed out.
func hearSignOutsElsewhere(p signOutsParams) {
	if p.Bus == nil {
		return
	}
	bus, tokens := p.Bus, p.Tokens
	var cancel func()
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			cancel = bus.Listen(func(e events.Event) {
				if e.Type == events.SessionEnded && e.Remote {
					tokens.ForgetSession(e.UserID, e.SessionID)
				}
			})
			return nil
		},
		OnStop: func(context.Context) error { cancel(); return nil },
	})
}
