package push

import (
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

func withDefaults(o SenderOptions) SenderOptions {
	if o.QueueSize <= 0 {
		o.QueueSize = 256
	}
	if o.Workers <= 0 {
		o.Workers = 4
	}
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
		o.HTTPClient = &http.Client{Timeout: 30 * time.Second, CheckRedirect: noRedirects}
	}
	if o.Sleep == nil {
		o.Sleep = retrypkg.Sleep
	}
	if o.Jitter == nil {
		o.Jitter = func(max time.Duration) time.Duration { return rand.N(max + 1) }
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	return o
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
)

// send tries one subscription until it is delivered, gone, refused, or out
// of tries; waits grow exponentially with jitter, or follow Retry-After.
func (s *Sender) send(uid string, sub Subscription, payload []byte) {
	log := s.opts.Log.With("endpoint", redactEndpoint(sub.Endpoint))
	for try := 1; ; try++ {
		result, wait, err := s.attempt(sub, payload)
		switch result {
		case delivered:
			s.stats.Sent.Add(1)
			return
		case gone:
			s.stats.Gone.Add(1)
			log.Info("push: subscription gone, forgetting it")
			if err := s.subs.forget(s.ctx, uid, sub.Endpoint); err != nil {
				log.Error("push: forgetting a gone subscription failed", "err", err)
			}
			return
		case refused:
			s.stats.Failed.Add(1)
			log.Warn("push: push service refused the notice", "err", err)
			return
		}
		if wait == 0 {
			wait = s.backoff(try)
		}
		if try >= s.opts.MaxTries || wait > s.opts.MaxWait {
			s.stats.Failed.Add(1)
			log.Warn("push: giving up on the notice", "tries", try, "err", err)
			return
		}
		if s.opts.Sleep(s.ctx, wait) != nil {
			return // stopping
		}
	}
}

// backoff is BaseBackoff·2^(try-1), half of it fixed and half random, so
// retries of many notices spread out instead of arriving together.
func (s *Sender) backoff(try int) time.Duration {
	d := s.opts.BaseBackoff << (try - 1)
	return d/2 + s.opts.Jitter(d/2)
}

// attempt posts the notice once. For retry it may name a wait (Retry-After).
func (s *Sender) attempt(sub Subscription, payload []byte) (outcome, time.Duration, error) {
	resp, err := webpush.SendNotificationWithContext(s.ctx, payload, &webpush.Subscription{
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
	if err != nil {
		return retry, 0, redactErr(err, sub.Endpoint) // network: worth another try
	}
	defer resp.Body.Close()
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
