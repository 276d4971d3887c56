package httpx

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/pkg/apperr"
)

// Access says who may call a route. The zero value requires a signed-in user, so
// a route someone forgot to classify fails closed.
type Access int

const (
	// SignedIn routes need a valid bearer ID token.
	SignedIn Access = iota
	// Public routes authorise themselves (sign-in, share links, health, the app).
	Public
	// Operator routes are for whoever runs the server (metrics): loopback peers,
	// or any caller presenting the operator token when one is configured.
	Operator
	// OptionalSignIn routes are signed in by a bearer token when the call
	// sends one (an ID token, or an access token of the route's scope: a bad
	// one is refused as on SignedIn routes); a call without one reaches the
	// handler unsigned, and the handler authorises it itself (the audio
	// file's signed link, for an <audio> element that sends no headers).
	OptionalSignIn
)

// TakesTokens tells the levels at which a bearer token signs a call in.
func (a Access) TakesTokens() bool { return a == SignedIn || a == OptionalSignIn }

// String names the access level in messages and route listings.
func (a Access) String() string {
	switch a {
	case SignedIn:
		return "signed-in"
	case Public:
		return "public"
	case Operator:
		return "operator"
	case OptionalSignIn:
		return "optional-sign-in"
	}
	return fmt.Sprintf("Access(%d)", int(a))
}

// MuxOption adjusts NewMux.
type MuxOption func(*muxOptions)

type muxOptions struct {
	operatorToken string
	tokens        *tokenGate // nil: access tokens are refused everywhere
}

// WithOperatorToken opens Operator routes to any caller presenting token as a
// bearer token, and only to them. Without it they answer loopback peers only.
func WithOperatorToken(token string) MuxOption {
	return func(o *muxOptions) { o.operatorToken = token }
}

// Route is one endpoint, contributed by a feature into the "routes" value group.
type Route struct {
	Pattern string // Go 1.22 ServeMux pattern, e.g. "GET /api/v1/folders"
	Handler Handler
	Access  Access
	// Connect marks a Connect service (ConnectRoute): its refusals are in Connect's format.
	Connect bool
}

// Handler is an endpoint that reports failure by returning an error.
type Handler func(w http.ResponseWriter, r *http.Request) error

// ServeHTTP lets a Handler stand wherever an http.Handler does.
func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h(w, r); err != nil {
		WriteError(w, r, err)
	}
}

// NewMux mounts the routes; unknown /api/ paths answer JSON 404 and everything
// else goes to fallback (the app).
func NewMux(routes []Route, verifier Verifier, metrics *Metrics, fallback http.Handler, opts ...MuxOption) *http.ServeMux {
	var o muxOptions
	for _, opt := range opts {
		opt(&o)
	}
	mux := http.NewServeMux()
	for _, rt := range routes {
		var h http.Handler = rt.Handler
		switch rt.Access {
		case Public: // the handler authorises the call itself, if at all
		case Operator:
			h = requireOperator(o.operatorToken, h)
		case OptionalSignIn:
			h = signInIfToken(verifier, o.tokens.forRoute(rt.Pattern), h)
		default: // SignedIn, and any level this switch does not know: fail closed
			refuse := WriteError
			if rt.Connect {
				refuse = writeConnectRefusal
			}
			h = requireSignIn(verifier, o.tokens.forRoute(rt.Pattern), refuse, h)
		}
		mux.Handle(rt.Pattern, metrics.Wrap(routeLabel(rt.Pattern), h))
	}
	mux.Handle("/api/", metrics.Wrap("unmatched", Handler(apiNotFound)))
	if fallback != nil {
		mux.Handle("/", metrics.Wrap("app", fallback))
	}
	return mux
}

func apiNotFound(w http.ResponseWriter, r *http.Request) error {
	return apperr.New(apperr.NotFound, "NOT_FOUND", "No API endpoint at "+r.Method+" "+r.URL.Path)
}

// routeLabel keeps metric label values few: the pattern, never the concrete path.
func routeLabel(pattern string) string { return strings.TrimSpace(pattern) }

// requireSignIn lets a request through with a valid ID token, or with an
// access token the route's gate admits (its scope, its rate); refuse
// answers any other call.
func requireSignIn(v Verifier, gate routeGate, refuse func(http.ResponseWriter, *http.Request, error), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := BearerToken(r)
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="pocket"`)
			refuse(w, r, apperr.New(apperr.Unauthenticated, "UNAUTHENTICATED", "Authentication required"))
			return
		}
		var p Principal
		var err error
		if accesstoken.Looks(token) {
			p, err = gate.admit(r.Context(), token)
		} else if p, err = v.VerifyIDToken(r.Context(), token); err != nil {
			err = apperr.New(apperr.Unauthenticated, "INVALID_TOKEN", "Invalid or expired ID token")
		}
		if err != nil {
			challengeRefused(w, err)
			refuse(w, r, err)
			return
		}
		// A signed-in answer is the user's own: no cache (a shared one, or the
		// browser's disk on a shared computer) keeps it unless its handler says
		// otherwise (a relay's revalidated read, audio ranges).
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r.WithContext(WithPrincipal(r.Context(), p)))
	})
}

// signInIfToken is requireSignIn for a call that sends a bearer token;
// one that sends none goes on to the handler without a principal.
func signInIfToken(v Verifier, gate routeGate, next http.Handler) http.Handler {
	signed := requireSignIn(v, gate, WriteError, next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := BearerToken(r); ok {
			signed.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// challengeRefused names the scheme on a refused credential's 401 (RFC 6750),
// as clients of the token routes and the MCP server expect.
func challengeRefused(w http.ResponseWriter, err error) {
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Kind == apperr.Unauthenticated {
		w.Header().Set("WWW-Authenticate", `Bearer realm="pocket", error="invalid_token"`)
	}
}

// BearerToken returns the token of an "Authorization: Bearer …" header.
func BearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	scheme, token, found := strings.Cut(h, " ")
	if !found || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}
