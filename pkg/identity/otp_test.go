package identity

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// clock is a settable time source shared by the services under test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)} }

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func memDB(t *testing.T) *store.DB {
	t.Helper()
	db := storetest.Open(t)
	return db
}

// inbox captures delivered codes the way a mail sink would.
type inbox struct{ codes []string }

func (i *inbox) deliver(_ context.Context, _, code string) error {
	i.codes = append(i.codes, code)
	return nil
}

func (i *inbox) last() string { return i.codes[len(i.codes)-1] }

func newOTPFixture(t *testing.T) (*OTP, *clock, *inbox) {
	c := newClock()
	return NewOTP(memDB(t), []byte(strings.Repeat("k", 32)), c.now), c, &inbox{}
}

func wantKind(t *testing.T, err error, kind apperr.Kind, text string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != kind {
		t.Fatalf("got error %v, want kind %d", err, kind)
	}
	if !strings.Contains(e.Message, text) {
		t.Fatalf("message %q does not contain %q", e.Message, text)
	}
}

func TestSendOTP_IssuesSixDigitCodeValidFor600Seconds(t *testing.T) {
	o, _, box := newOTPFixture(t)
	ttl, err := o.Send(context.Background(), "a@example.com", box.deliver)
	if err != nil {
		t.Fatal(err)
	}
	if ttl != 600*time.Second {
		t.Fatalf("ttl = %v, want 600s", ttl)
	}
	if !isCode(box.last()) {
		t.Fatalf("code %q is not 6 digits", box.last())
	}
}

func TestSendOTP_StoresOnlyAHashOfTheCode(t *testing.T) {
	o, _, box := newOTPFixture(t)
	if _, err := o.Send(context.Background(), "a@example.com", box.deliver); err != nil {
		t.Fatal(err)
	}
	var raw []byte
	_ = o.db.View(func(x *store.Txn) error { raw, _ = x.Get(otpKey("a@example.com")); return nil })
	if strings.Contains(string(raw), box.last()) {
		t.Fatalf("stored state %s contains the code", raw)
	}
}

func TestSendOTP_RefusesASecondSendWithin60Seconds(t *testing.T) {
	o, c, box := newOTPFixture(t)
	ctx := context.Background()
	if _, err := o.Send(ctx, "a@example.com", box.deliver); err != nil {
		t.Fatal(err)
	}
	c.advance(18 * time.Second)
	_, err := o.Send(ctx, "a@example.com", box.deliver)
	wantKind(t, err, apperr.TooMany, "wait 42 seconds")
	if e, _ := apperr.As(err); !strings.Contains(e.Message, "wait") || !strings.Contains(e.Message, "seconds") {
		t.Fatalf("message %q must contain wait and seconds", e.Message)
	}
	if _, err := o.Send(ctx, "b@example.com", box.deliver); err != nil {
		t.Fatalf("another address must not be limited: %v", err)
	}
	c.advance(42 * time.Second)
	if _, err := o.Send(ctx, "a@example.com", box.deliver); err != nil {
		t.Fatalf("after 60 s a new code must be sent: %v", err)
	}
}

func TestSendOTP_FailedDeliveryWithdrawsTheCode(t *testing.T) {
	o, _, box := newOTPFixture(t)
	ctx := context.Background()
	fail := func(context.Context, string, string) error { return errors.New("smtp down") }
	if _, err := o.Send(ctx, "a@example.com", fail); err == nil {
		t.Fatal("want delivery error")
	}
	if _, err := o.Send(ctx, "a@example.com", box.deliver); err != nil {
		t.Fatalf("a retry after a failed delivery must not wait: %v", err)
	}
}

func TestVerifyOTP(t *testing.T) {
	ctx := context.Background()
	t.Run("right code succeeds once", func(t *testing.T) {
		o, _, box := newOTPFixture(t)
		_, _ = o.Send(ctx, "a@example.com", box.deliver)
		if err := o.Verify(ctx, "a@example.com", box.last()); err != nil {
			t.Fatal(err)
		}
		wantKind(t, o.Verify(ctx, "a@example.com", box.last()), apperr.Invalid, "Invalid verification code")
	})
	t.Run("wrong code is invalid", func(t *testing.T) {
		o, _, box := newOTPFixture(t)
		_, _ = o.Send(ctx, "a@example.com", box.deliver)
		wantKind(t, o.Verify(ctx, "a@example.com", wrong(box.last())), apperr.Invalid, "Invalid verification code")
	})
	t.Run("malformed code is invalid", func(t *testing.T) {
		o, _, box := newOTPFixture(t)
		_, _ = o.Send(ctx, "a@example.com", box.deliver)
		wantKind(t, o.Verify(ctx, "a@example.com", "12a456"), apperr.Invalid, "Invalid verification code")
	})
	t.Run("code after 600 s is expired", func(t *testing.T) {
		o, c, box := newOTPFixture(t)
		_, _ = o.Send(ctx, "a@example.com", box.deliver)
		c.advance(601 * time.Second)
		wantKind(t, o.Verify(ctx, "a@example.com", box.last()), apperr.Invalid, "expired")
	})
	t.Run("code just before 600 s still works", func(t *testing.T) {
		o, c, box := newOTPFixture(t)
		_, _ = o.Send(ctx, "a@example.com", box.deliver)
		c.advance(599 * time.Second)
		if err := o.Verify(ctx, "a@example.com", box.last()); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a new code replaces the old one", func(t *testing.T) {
		o, c, box := newOTPFixture(t)
		_, _ = o.Send(ctx, "a@example.com", box.deliver)
		first := box.last()
		c.advance(61 * time.Second)
		_, _ = o.Send(ctx, "a@example.com", box.deliver)
		if first != box.last() {
			wantKind(t, o.Verify(ctx, "a@example.com", first), apperr.Invalid, "Invalid")
		}
		if err := o.Verify(ctx, "a@example.com", box.last()); err != nil {
			t.Fatal(err)
		}
	})
}

func TestVerifyOTP_LocksAfterFiveFailuresFor15Minutes(t *testing.T) {
	ctx := context.Background()
	o, c, box := newOTPFixture(t)
	_, _ = o.Send(ctx, "a@example.com", box.deliver)
	for i := 0; i < MaxFailures-1; i++ {
		wantKind(t, o.Verify(ctx, "a@example.com", wrong(box.last())), apperr.Invalid, "Invalid verification code")
	}
	wantKind(t, o.Verify(ctx, "a@example.com", wrong(box.last())), apperr.TooMany, "Too many failed attempts")
	wantKind(t, o.Verify(ctx, "a@example.com", box.last()), apperr.TooMany, "Too many failed attempts")
	_, err := o.Send(ctx, "a@example.com", box.deliver)
	wantKind(t, err, apperr.TooMany, "Too many failed attempts")

	c.advance(14 * time.Minute)
	_, err = o.Send(ctx, "a@example.com", box.deliver)
	wantKind(t, err, apperr.TooMany, "Too many failed attempts")
	c.advance(time.Minute + time.Second)
	if _, err := o.Send(ctx, "a@example.com", box.deliver); err != nil {
		t.Fatalf("after 15 minutes sending must work again: %v", err)
	}
	if err := o.Verify(ctx, "a@example.com", box.last()); err != nil {
		t.Fatalf("after the lock a fresh code must verify: %v", err)
	}
}

func TestVerifyOTP_SuccessResetsTheFailureCount(t *testing.T) {
	ctx := context.Background()
	o, c, box := newOTPFixture(t)
	_, _ = o.Send(ctx, "a@example.com", box.deliver)
	for i := 0; i < MaxFailures-1; i++ {
		_ = o.Verify(ctx, "a@example.com", wrong(box.last()))
	}
	if err := o.Verify(ctx, "a@example.com", box.last()); err != nil {
		t.Fatal(err)
	}
	c.advance(61 * time.Second)
	_, _ = o.Send(ctx, "a@example.com", box.deliver)
	wantKind(t, o.Verify(ctx, "a@example.com", wrong(box.last())), apperr.Invalid, "Invalid verification code")
}

func TestNewCode_IsUniformEnoughToUseEveryDigit(t *testing.T) {
	seen := map[byte]bool{}
	for i := 0; i < 200; i++ {
		code, err := newCode()
		if err != nil || !isCode(code) {
			t.Fatalf("bad code %q: %v", code, err)
		}
		for j := range code {
			seen[code[j]] = true
		}
	}
	if len(seen) != 10 {
		t.Fatalf("200 codes used only digits %v", seen)
	}
}

// wrong returns a valid-looking code that differs from code.
func wrong(code string) string {
	if code == "000000" {
		return "000001"
	}
	return "000000"
}
