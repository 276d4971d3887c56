// Package webhooks serves users' webhook endpoints (/api/v1/webhooks: a
// session or a token with the webhooks scope) and runs the sender that
// delivers their events (pkg/webhook), for the embedded provider.
package webhooks

import (
	"context"
	"fmt"
	"log/slog"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/mail"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/webhook"
	"github.com/pocket-companion/pocket/server/config"
)

// Module keeps the endpoints, queues deliveries in the transactions of
// recordings' and share links' changes, sends them while the server runs and
// serves the routes.
var Module = fx.Module("webhooks",
	fx.Provide(newWebhooks, fx.Private),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Invoke(run),
)

func newWebhooks(db *store.DB, cfg config.Config) *webhook.Webhooks {
	return webhook.New(db, webhook.Limits{
		Endpoints: int(cfg.Quotas.Limits.Webhooks),
		Pending:   cfg.Webhooks.Parsed.MaxPending,
	}, nil)
}

type runParams struct {
	fx.In
	Lifecycle  fx.Lifecycle
	Webhooks   *webhook.Webhooks
	Recordings *recordings.Service
	Shares     *share.Service
	Users      *identity.Users
	Mail       mail.Sender
	Config     config.Config
	Log        *slog.Logger
}

func run(p runParams) {
	log := p.Log.With("feature", "webhooks")
	set := p.Config.Webhooks.Parsed
	sender := webhook.NewSender(p.Webhooks, webhook.SenderOptions{
		Schedule: set.Schedule, Timeout: set.Timeout, Concurrency: set.Concurrency,
		ExcerptBytes: set.ExcerptBytes, AllowPrivate: set.AllowPrivate, Logger: log,
		OnDisabled: func(uid string, e webhook.Endpoint) { tellDisabled(p.Users, p.Mail, log, uid, e) },
	})
	p.Recordings.SetOutbox(p.Webhooks)
	p.Shares.SetOutbox(p.Webhooks)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() { defer close(done); sender.Run(ctx) }()
			return nil
		},
		OnStop: func(stop context.Context) error {
			cancel()
			select {
			case <-done:
			case <-stop.Done():
			}
			return nil
		},
	})
}

// tellDisabled mails the owner of an endpoint the sender disabled; a failure
// is logged, since the endpoint's status says it too.
func tellDisabled(users *identity.Users, m mail.Sender, log *slog.Logger, uid string, e webhook.Endpoint) {
	log.Info("webhook endpoint disabled after failing deliveries", "endpoint", e.ID)
	ctx := context.Background()
	u, err := users.Get(ctx, uid)
	if err != nil || u.Email == "" {
		log.Warn("webhooks: no address to tell of a disabled endpoint", "endpoint", e.ID, "err", err)
		return
	}
	msg := mail.Message{
		To:      u.Email,
		Subject: "Pocket stopped sending to your webhook",
		Body: fmt.Sprintf("Every delivery to your webhook endpoint %s has failed for more than a day, so Pocket has disabled it.\n\n"+
			"Fix the receiver, then enable the endpoint again under Settings > Webhooks; deliveries that gave up can be resent from its log.\n", e.URL),
	}
	if err := m.Send(ctx, msg); err != nil {
		log.Error("webhooks: mail the owner of a disabled endpoint", "endpoint", e.ID, "err", err)
	}
}
