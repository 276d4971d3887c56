package accesstoken

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// Scope is what a token may do. Every route that accepts tokens names the
// one scope it needs in the route table (server/app/routes.go).
type Scope string

// The scopes a token may be given.
const (
	RecordingsRead  Scope = "recordings:read"  // list, search and read recordings, folders, people, exports, usage
	RecordingsWrite Scope = "recordings:write" // upload, edit, delete, folders, speakers, share links
	Chat            Scope = "chat"             // Ask Pocket: the owner's conversations
	Webhooks        Scope = "webhooks"         // webhook endpoints and their delivery logs
)

// SessionOnly marks a signed-in route no token may call (sign-out, the
// tokens themselves, sync, push): only a signed-in session. It is never
// granted. The zero Scope ("", a route with no mapping) is refused alike,
// so a route someone forgot to classify fails closed.
const SessionOnly Scope = "session-only"

// PerCall marks a route that admits any live token and checks, call by
// call, the scope each call needs itself (the MCP server, whose tools need
// different scopes over one route). It is never granted.
const PerCall Scope = "per-call"

// Grantable are the scopes a token may hold, in the order the app shows them.
var Grantable = []Scope{RecordingsRead, RecordingsWrite, Chat, Webhooks}

// ParseScopes checks a token's requested scopes: at least one, each known,
// and answers them deduplicated in Grantable's order.
func ParseScopes(raw []string) ([]Scope, error) {
	if len(raw) == 0 {
		return nil, errScopes("scopes must list at least one scope")
	}
	for _, s := range raw {
		if !slices.Contains(Grantable, Scope(s)) {
			return nil, errScopes(fmt.Sprintf("scope %q is not known", s))
		}
	}
	var out []Scope
	for _, s := range Grantable {
		if slices.Contains(raw, string(s)) {
			out = append(out, s)
		}
	}
	return out, nil
}

func errScopes(why string) error {
	names := make([]string, len(Grantable))
	for i, s := range Grantable {
		names[i] = string(s)
	}
	return apperr.New(apperr.Invalid, "INVALID_SCOPES", why+"; scopes are "+strings.Join(names, ", "))
}
