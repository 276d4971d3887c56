package digest

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/jobs"
	"github.com/pocket-companion/pocket/pkg/mail"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Notifier tells a user's devices their digest is ready (Web Push); false
// when the user's share of the push queue is full.
type Notifier interface {
	DigestReady(uid string, recordings int) bool
}

// Options are a Service's parts beside the store.
type Options struct {
	Library Library
	Mail    mail.Sender
	Push    Notifier
	// EmailOf is the address a user's digest goes to.
	EmailOf func(ctx context.Context, uid string) (string, error)
	AppURL  string // the public origin links point to
	Worker  string // this replica's name in the jobs' leases
	Log     *slog.Logger
	Now     func() time.Time
}

// Service builds and sends digests, on demand and on schedule.
type Service struct {
	o      Options
	db     *store.DB
	Store  *Store
	Tokens *Tokens
	jobs   *jobs.Queue
}

// jobLease is how long one replica holds a due digest: building one and
// handing it to SMTP (bounded at 15 s) and the push queue fits well inside.
const jobLease = 2 * time.Minute

// New is the digest service over db.
func New(db *store.DB, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Service{o: o, db: db, Store: NewStore(db, o.Now), Tokens: NewTokens(db, o.Now),
		jobs: jobs.New(db, "digest", o.Worker, jobLease)}
}

// Current is uid's digest as it stands: what is new since the last one.
func (s *Service) Current(ctx context.Context, uid string) (Digest, error) {
	since, err := s.Store.since(uid)
	if err != nil {
		return Digest{}, err
	}
	return Build(ctx, s.o.Library, uid, since, s.o.Now())
}

// Result says what a send did.
type Result struct {
	Email       bool `json:"email"` // an e-mail was handed to the mail server
	Push        bool `json:"push"`  // a notice was queued for the user's devices
	Recordings  int  `json:"recordings"`
	ActionItems int  `json:"actionItems"`
}

// ErrNoChannel answers "send now" for a user who chose neither e-mail nor push.
var ErrNoChannel = apperr.New(apperr.Invalid, "DIGEST_NO_CHANNEL", "Choose e-mail or push (or both) in the digest settings, then send again")

// SendNow sends uid's current digest through the channels they chose,
// even when it is empty, and starts the next digest from now.
func (s *Service) SendNow(ctx context.Context, uid string) (Result, error) {
	set, err := s.Store.Get(uid)
	if err != nil {
		return Result{}, err
	}
	if !set.Email && !set.Push {
		return Result{}, ErrNoChannel
	}
	d, err := s.Current(ctx, uid)
	if err != nil {
		return Result{}, err
	}
	res, err := s.send(ctx, uid, set, d)
	if err != nil {
		return res, err
	}
	return res, s.db.Update(func(x *store.Txn) error { return markSentIn(x, uid, d.Until) })
}

// send hands d to the chosen channels.
func (s *Service) send(ctx context.Context, uid string, set Settings, d Digest) (Result, error) {
	res := Result{Recordings: len(d.Recordings) + d.More, ActionItems: len(d.ActionItems)}
	if set.Email {
		if err := s.sendMail(ctx, uid, d); err != nil {
			return res, err
		}
		res.Email = true
	}
	if set.Push && s.o.Push != nil {
		res.Push = s.o.Push.DigestReady(uid, res.Recordings)
	}
	return res, nil
}

// ErrMailFailed answers a send the mail server did not take.
var ErrMailFailed = apperr.New(apperr.Unavailable, "DIGEST_MAIL_FAILED", "The digest e-mail could not be sent just now; try again in a few minutes")

func (s *Service) sendMail(ctx context.Context, uid string, d Digest) error {
	to, err := s.o.EmailOf(ctx, uid)
	if err != nil {
		return err
	}
	token, err := s.Tokens.Sign(uid)
	if err != nil {
		return err
	}
	links := Links{App: s.o.AppURL, Unsubscribe: s.o.AppURL + "/api/v1/digest/unsubscribe?token=" + token}
	if err := s.o.Mail.Send(ctx, d.Message(to, links)); err != nil {
		s.o.Log.Error("digest: sending the e-mail failed", "err", err)
		return fmt.Errorf("%w: %w", ErrMailFailed, err)
	}
	return nil
}
