package webhook

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/netguard"
)

// SenderOptions tune the sender; zero values take the defaults.
type SenderOptions struct {
	Schedule Schedule      // DefaultSchedule
	Timeout  time.Duration // one POST, connecting to the end of the answer: 15 s
	// Concurrency is how many POSTs one server has open at once: 8.
	Concurrency int
	// ExcerptBytes is how much of an answer's body the log keeps: 1 KiB.
	ExcerptBytes int
	// AllowPrivate lets deliveries reach loopback and private addresses
	// (POCKET_WEBHOOK_ALLOW_PRIVATE, for self-hosters whose receivers are
	// inside). Off: only public addresses are dialled (netguard).
	AllowPrivate bool
	// Poll is how often the queue is read when nothing woke the sender: 1 s
	// (a replica hears of another's new deliveries this way).
	Poll   time.Duration
	Logger *slog.Logger
	// OnDisabled is told, after the commit, of an endpoint the sender
	// disabled because it kept failing (the owner is told by mail).
	OnDisabled func(uid string, e Endpoint)
	// Client replaces the HTTP client (tests); its dialing is then its own.
	Client *http.Client
}

// Sender posts due deliveries. Each is held under a lease while it is sent,
// so across replicas of one database a delivery is sent by one at a time.
type Sender struct {
	w          *Webhooks
	schedule   Schedule
	client     *http.Client
	timeout    time.Duration
	lease      time.Duration
	excerpt    int
	slots      chan struct{}
	poll       time.Duration
	worker     string
	log        *slog.Logger
	onDisabled func(string, Endpoint)
	woken      chan struct{}
	wg         sync.WaitGroup
}

// NewSender sends w's deliveries with o.
func NewSender(w *Webhooks, o SenderOptions) *Sender {
	o = withDefaults(o)
	s := &Sender{
		w: w, schedule: o.Schedule, timeout: o.Timeout, excerpt: o.ExcerptBytes,
		// The lease outlasts a POST with room for the writes around it.
		lease: o.Timeout + 30*time.Second,
		slots: make(chan struct{}, o.Concurrency), poll: o.Poll, worker: workerID(),
		log: o.Logger, onDisabled: o.OnDisabled, woken: make(chan struct{}, 1), client: o.Client,
	}
	if s.client == nil {
		s.client = newClient(o.AllowPrivate)
	}
	w.wake = s.wake
	return s
}

func withDefaults(o SenderOptions) SenderOptions {
	if len(o.Schedule) == 0 {
		o.Schedule = DefaultSchedule
	}
	if o.Timeout <= 0 {
		o.Timeout = 15 * time.Second
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 8
	}
	if o.ExcerptBytes <= 0 {
		o.ExcerptBytes = 1024
	}
	if o.Poll <= 0 {
		o.Poll = time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

func workerID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // never fails on supported platforms (crypto/rand panics instead)
	return hex.EncodeToString(b)
}

// newClient dials only public addresses unless allowPrivate (the guard Web
// Push uses: netguard), uses no proxy from the environment (the guard would
// judge the proxy) and follows no redirects (a receiver redirecting to the
// inside is refused, not followed).
func newClient(allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	if !allowPrivate {
		dialer.Control = netguard.PublicOnly
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy, tr.DialContext = nil, dialer.DialContext
	return &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func (s *Sender) wake() {
	select {
	case s.woken <- struct{}{}:
	default:
	}
}

// Run sends deliveries as they fall due until ctx ends, then waits for the
// POSTs under way (each cut short and handed back, uncounted).
func (s *Sender) Run(ctx context.Context) {
	defer s.wg.Wait()
	t := time.NewTicker(s.poll)
	defer t.Stop()
	for {
		s.sendDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.woken:
		}
	}
}

// sendDue claims as many due deliveries as there are free slots and sends
// each in a goroutine of its own.
func (s *Sender) sendDue(ctx context.Context) {
	free := cap(s.slots) - len(s.slots)
	if free == 0 || ctx.Err() != nil {
		return
	}
	refs, err := dueRefs(s.w.db, s.w.now().UTC(), free)
	if err != nil {
		s.log.Error("webhooks: read the queue", "err", err)
		return
	}
	for _, r := range refs {
		c, ok, err := s.claim(r)
		if err != nil {
			s.log.Error("webhooks: claim a delivery", "delivery", r.id, "err", err)
			continue
		}
		if !ok {
			continue
		}
		s.slots <- struct{}{}
		s.wg.Add(1)
		go func() {
			defer func() { <-s.slots; s.wg.Done() }()
			s.deliver(ctx, c)
		}()
	}
}

func (s *Sender) deliver(ctx context.Context, c claimed) {
	a := s.post(ctx, c)
	if ctx.Err() != nil {
		if err := s.release(c); err != nil {
			s.log.Error("webhooks: hand a delivery back", "delivery", c.ID, "err", err)
		}
		return
	}
	if err := s.record(c, a); err != nil {
		s.log.Error("webhooks: record a try", "delivery", c.ID, "err", err)
	}
	if succeeded(a) {
		s.wake() // a receiver that is back may have more waiting
	}
}

// post makes one try: the signed POST, and what came back.
func (s *Sender) post(ctx context.Context, c claimed) Attempt {
	start := s.w.now().UTC()
	a := Attempt{At: start.Truncate(time.Millisecond)}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(c.Payload))
	if err == nil {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", "Pocket-Webhooks/1")
		err = Sign(req.Header, c.ID, start, c.Payload, c.secrets)
	}
	if err != nil {
		a.Error = err.Error()
		return a
	}
	resp, err := s.client.Do(req)
	if err != nil {
		a.LatencyMs, a.Error = time.Since(start).Milliseconds(), describe(err)
		return a
	}
	defer func() { _ = resp.Body.Close() }() // the answer was read; a failed close changes nothing
	a.StatusCode, a.Response = resp.StatusCode, s.readExcerpt(resp.Body)
	a.LatencyMs = time.Since(start).Milliseconds()
	if !succeeded(a) {
		a.Error = "The receiver answered " + resp.Status
	}
	return a
}

// readExcerpt keeps the start of an answer as valid UTF-8 (a character cut
// at the end becomes U+FFFD), and reads a
// little past it so the connection can be reused.
func (s *Sender) readExcerpt(r io.Reader) string {
	buf, _ := io.ReadAll(io.LimitReader(r, int64(s.excerpt))) // a short or broken body is still an answer
	_, _ = io.Copy(io.Discard, io.LimitReader(r, 64<<10))
	return strings.ToValidUTF8(string(buf), "\uFFFD")
}

// describe says why a try got no answer, without the internals of the error.
func describe(err error) string {
	switch {
	case errors.Is(err, netguard.ErrNotPublic):
		return "Refused: the URL leads to an address that is not on the public internet"
	case errors.Is(err, context.DeadlineExceeded):
		return "No answer in time"
	default:
		var ne *net.OpError
		if errors.As(err, &ne) {
			return "Could not connect: " + ne.Err.Error()
		}
		return "Could not connect"
	}
}
