// Package usage serves GET /api/v1/usage: what the signed-in user keeps and
// sends, beside each per-user limit (pkg/quota; docs/security.md).
package usage

import (
	"context"
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module contributes the usage route.
var Module = fx.Module("usage",
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
)

// Item is one limit: what the user has used of it (nil where nothing is
// kept to count: a rate, or sockets held elsewhere) and what is allowed
// (0: no limit). Unit says how to read both: count, bytes, perDay,
// perMinute or atOnce.
type Item struct {
	ID    string `json:"id"`
	Used  *int64 `json:"used"`
	Limit int64  `json:"limit"`
	Unit  string `json:"unit"`
}

// Answer is the usage route's data.
type Answer struct {
	Items []Item `json:"items"`
}

// devices counts a user's Web Push subscriptions.
type devices interface {
	Count(ctx context.Context, uid string) (int, error)
}

// tokens counts a user's live personal access tokens.
type tokens interface {
	Count(ctx context.Context, uid string) (int, error)
}

// Routes lists the usage route.
func Routes(db *store.DB, cfg config.Config, subs *push.Subscriptions, access *accesstoken.Tokens) []httpx.Route {
	h := handler{db: db, cfg: cfg, devices: subs, tokens: access, now: time.Now}
	return []httpx.Route{{Pattern: "GET /api/v1/usage", Handler: h.usage}}
}

type handler struct {
	db      *store.DB
	cfg     config.Config
	devices devices
	tokens  tokens
	now     func() time.Time
}

func (h handler) usage(w http.ResponseWriter, r *http.Request) error {
	uid := httpx.MustPrincipal(r).UID
	var u quota.Usage
	if err := h.db.View(func(x *store.Txn) (err error) { u, err = quota.Read(x, uid); return err }); err != nil {
		return err
	}
	n, err := h.devices.Count(r.Context(), uid)
	if err != nil {
		return err
	}
	held, err := h.tokens.Count(r.Context(), uid)
	if err != nil {
		return err
	}
	lim := h.cfg.Quotas.Limits
	used := func(v int64) *int64 { return &v }
	httpx.OK(w, Answer{Items: []Item{
		{"recordings", used(u.Recordings), lim.Recordings, "count"},
		{"bytes", used(u.Bytes), lim.Bytes, "bytes"},
		{"uploadsToday", used(u.UploadsOn(h.now())), lim.UploadsPerDay, "perDay"},
		{"folders", used(u.Folders), lim.Folders, "count"},
		{"speakers", used(u.Speakers), lim.Speakers, "count"},
		{"shareLinks", used(u.ShareLinks), lim.ShareLinks, "count"},
		{"pushSubscriptions", used(int64(n)), lim.PushSubscriptions, "count"},
		{"liveSockets", nil, int64(h.cfg.MaxSocketsPerUser()), "atOnce"},
		{"chatPerMinute", nil, lim.ChatPerMinute, "perMinute"},
		{"accessTokens", used(int64(held)), lim.AccessTokens, "count"},
		{"tokenRequestsPerMinute", nil, lim.TokenRequests, "perMinute"},
	}})
	return nil
}
