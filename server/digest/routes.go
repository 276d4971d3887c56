package digest

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/digest"
	"github.com/pocket-companion/pocket/pkg/ratelimit"
	"github.com/pocket-companion/pocket/server/httpx"
)

// SendRate bounds "send now" per user (on each replica): three at once, then
// one every 20 minutes; each sends an e-mail, so it must not become a way to
// flood an inbox.
var SendRate = ratelimit.Rate{Burst: 3, Every: 20 * time.Minute}

// maxSettingsBody bounds a settings PUT: the object is under 100 bytes.
const maxSettingsBody = 1 << 10

// Routes lists the digest's routes.
func Routes(s *digest.Service) []httpx.Route {
	h := handlers{s: s, sends: ratelimit.New(SendRate, nil)}
	return []httpx.Route{
		{Pattern: "GET /api/v1/settings/digest", Handler: h.getSettings},
		{Pattern: "PUT /api/v1/settings/digest", Handler: h.putSettings},
		{Pattern: "GET /api/v1/digest", Handler: h.current},
		{Pattern: "POST /api/v1/digest/send", Handler: h.send},
		{Pattern: "GET /api/v1/digest/unsubscribe", Handler: h.unsubscribePage, Access: httpx.Public},
		{Pattern: "POST /api/v1/digest/unsubscribe", Handler: h.unsubscribe, Access: httpx.Public},
	}
}

type handlers struct {
	s     *digest.Service
	sends *ratelimit.Limiter
}

func (h handlers) getSettings(w http.ResponseWriter, r *http.Request) error {
	set, err := h.s.Store.Get(httpx.MustPrincipal(r).UID)
	if err != nil {
		return err
	}
	httpx.OK(w, set)
	return nil
}

func (h handlers) putSettings(w http.ResponseWriter, r *http.Request) error {
	var body json.RawMessage
	if err := httpx.DecodeJSON(r, maxSettingsBody, &body); err != nil {
		return err
	}
	set, err := digest.ParseSettings(body)
	if err != nil {
		return err
	}
	if err := h.s.Store.Put(httpx.MustPrincipal(r).UID, set); err != nil {
		return err
	}
	httpx.OK(w, set)
	return nil
}

func (h handlers) current(w http.ResponseWriter, r *http.Request) error {
	d, err := h.s.Current(r.Context(), httpx.MustPrincipal(r).UID)
	if err != nil {
		return err
	}
	httpx.OK(w, d)
	return nil
}

func (h handlers) send(w http.ResponseWriter, r *http.Request) error {
	if err := readForm(w, r); err != nil { // it takes no body; a large one is refused
		return err
	}
	uid := httpx.MustPrincipal(r).UID
	if ok, wait := h.sends.Allow(uid); !ok {
		return &apperr.Error{Kind: apperr.TooMany, Code: "DIGEST_SEND_LIMIT", RetryAfter: wait,
			Message: "You sent your digest several times just now; try again in a few minutes"}
	}
	res, err := h.s.SendNow(r.Context(), uid)
	if err != nil {
		return err
	}
	httpx.OK(w, res)
	return nil
}
