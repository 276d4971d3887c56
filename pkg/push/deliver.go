package push

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	// Named apart: "retry" here is an attempt's outcome.
	retrypkg "github.com/pocket-companion/pocket/pkg/retry"
)

const (
	// ttl is how long a push service keeps a notice for an offline device: a
	// summary announced a day late is no longer news.
	ttl = 24 * time.Hour
	// recordSize is what Firefox on Android accepts (see sync-facts).
	recordSize = 3070
)

// The defaults of SenderOptions (docs/security.md lists them).
const (
	defaultQueueSize      = 256
	defaultPerUserQueue   = 32
	defaultWorkers        = 8
	defaultPerUserSends   = 4
	defaultTryTimeout     = 10 * time.Second
	defaultNoticeDeadline = time.Minute
)

func withDefaults(o SenderOptions, policy EndpointPolicy) SenderOptions {
	o.QueueSize = orDefault(o.QueueSize, defaultQueueSize)
	o.PerUserQueue = orDefault(o.PerUserQueue, defaultPerUserQueue)
	o.Workers = orDefault(o.Workers, defaultWorkers)
	o.PerUserSends = orDefault(o.PerUserSends, defaultPerUserSends)
	o.TryTimeout = orDefault(o.TryTimeout, defaultTryTimeout)
	o.NoticeDeadline = orDefault(o.NoticeDeadline, defaultNoticeDeadline)
	if o.MaxTries <= 0 {
		o.MaxTries = 4
	}
	if o.BaseBackoff <= 0 {
		o.BaseBackoff = time.Second
	}
	if o.MaxWait <= 0 {
		o.MaxWait = 2 * time.Minute
	}
	if o.HTTPClient == nil {
		o.HTTPClient = policy.httpClient(o.TryTimeout)
	}
	if o.Sleep == nil {
		o.Sleep = retrypkg.Sleep
	}
	if o.Jitter == nil {
		o.Jitter = func(max time.Duration) time.Duration { return rand.N(max + 1) } //nolint:gosec // G404: retry jitter needs spread, not secrecy
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	return o
}

func orDefault[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// noRedirects stops the client at a redirect: push services do not redirect,
// and following one would let a user-supplied endpoint steer the server's
// request to any other address.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// outcome is what one attempt tells the sender to do next.
type outcome int

const (
	delivered outcome = iota
	retry
	gone
	refused
	blocked // not sent: the endpoint is not one the server may reach
)

// send tries one subscription until it is delivered, gone, refused, or out
// of tries or time; waits grow exponentially with jitter, or follow
// Retry-After. The result is remembered with the subscription (failures).
func (s *Sender) send(ctx context.Context, uid string, sub stored, payload []byte) {
	log := s.opts.Log.With("endpoint", redactEndpoint(sub.Endpoint))
	result, tries, err := s.tryUntilFinal(ctx, sub.Subscription, payload)
	switch {
	case s.ctx.Err() != nil:
		return // stopping: neither a success nor the endpoint's failure
	case result == delivered:
		s.subs.recovered(s.ctx, uid, sub, log)
		s.stats.Sent.Add(1) // counted once recorded: tests wait for the count
		return
	case result == gone:
		log.Info("push: subscription gone, forgetting it")
		if err := s.subs.forget(s.ctx, uid, sub.Endpoint); err != nil {
			log.Error("push: forgetting a gone subscription failed", "err", err)
		}
		s.stats.Gone.Add(1) // counted once forgotten, as Sent is once recorded
		return
	case result == blocked:
		s.stats.Blocked.Add(1)
		log.Warn("push: endpoint not allowed, nothing sent", "err", err)
	case result == refused:
		log.Warn("push: push service refused the notice", "err", err)
	default:
		log.Warn("push: giving up on the notice", "tries", tries, "err", err)
	}
	if s.subs.failed(s.ctx, uid, sub.Endpoint, s.opts.Now(), log) {
		s.stats.Abandoned.Add(1)
	}
	s.stats.Failed.Add(1)
}

// tryUntilFinal posts until an answer is final, MaxTries are spent, or the
// next wait would outlast MaxWait or ctx (the notice's deadline).
func (s *Sender) tryUntilFinal(ctx context.Context, sub Subscription, payload []byte) (outcome, int, error) {
	for try := 1; ; try++ {
		result, wait, err := s.attempt(ctx, sub, payload)
		if result != retry {
			return result, try, err
		}
		if wait == 0 {
			wait = s.backoff(try)
		}
		if try >= s.opts.MaxTries || wait > s.opts.MaxWait || !fitsBefore(ctx, wait, s.opts.Now()) {
			return retry, try, err
		}
		if err := s.opts.Sleep(ctx, wait); err != nil {
			return retry, try, err
		}
	}
}

// fitsBefore reports whether waiting d still leaves ctx some time.
func fitsBefore(ctx context.Context, d time.Duration, now time.Time) bool {
	deadline, ok := ctx.Deadline()
	return ctx.Err() == nil && (!ok || now.Add(d).Before(deadline))
}

// backoff is BaseBackoff·2^(try-1), half of it fixed and half random, so
// retries of many notices spread out instead of arriving together.
func (s *Sender) backoff(try int) time.Duration {
	d := s.opts.BaseBackoff << (try - 1)
	return d/2 + s.opts.Jitter(d/2)
}

// attempt posts the notice once, within TryTimeout. For retry it may name a
// wait (Retry-After).
func (s *Sender) attempt(ctx context.Context, sub Subscription, payload []byte) (outcome, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, s.opts.TryTimeout)
	defer cancel()
	resp, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{
		Endpoint: sub.Endpoint,
		Keys:     webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth},
	}, &webpush.Options{
		HTTPClient: s.opts.HTTPClient,
		RecordSize: recordSize,
		// webpush-go prefixes "mailto:" unless the subject is https.
		Subscriber:      strings.TrimPrefix(s.opts.Subject, "mailto:"),
		TTL:             int(ttl.Seconds()),
		Urgency:         webpush.UrgencyNormal,
		VAPIDPublicKey:  s.opts.Keys.Public,
		VAPIDPrivateKey: s.opts.Keys.Private,
	})
	if errors.Is(err, ErrEndpointNotAllowed) {
		return blocked, 0, redactErr(err, sub.Endpoint)
	}
	if err != nil {
		return retry, 0, redactErr(err, sub.Endpoint) // network: worth another try
	}
	defer func() { _ = resp.Body.Close() }()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
	err = fmt.Errorf("push service answered %d", resp.StatusCode)
	switch code := resp.StatusCode; {
	case code >= 200 && code < 300:
		return delivered, 0, nil
	case code == http.StatusNotFound || code == http.StatusGone:
		return gone, 0, err
	case code == http.StatusTooManyRequests || code >= 500:
		return retry, retrypkg.After(resp.Header.Get("Retry-After"), s.opts.Now()), err
	}
	return refused, 0, err
}

// redactErr keeps the endpoint (a capability URL) out of logged errors:
// net/http names the URL in its errors.
func redactErr(err error, endpoint string) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("%s %s: %w", ue.Op, redactEndpoint(endpoint), ue.Err)
	}
	return err
}
