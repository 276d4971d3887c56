package digest_test

import (
	"errors"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/digest"
)

func TestParseSettings(t *testing.T) {
	ok := map[string]digest.Settings{
		`{"frequency":"daily","email":true,"push":false}`: {Frequency: digest.Daily, Email: true},
		`{"frequency":"weekly","push":true}`:              {Frequency: digest.Weekly, Push: true},
		`{"frequency":"off"}`:                             {Frequency: digest.Off},
	}
	for body, want := range ok {
		got, err := digest.ParseSettings([]byte(body))
		if err != nil || got != want {
			t.Errorf("%s: %+v, %v; want %+v", body, got, err, want)
		}
	}
	for _, body := range []string{`{}`, `{"frequency":"hourly"}`, `{"frequency":"Daily"}`, `{"frequency":3}`,
		`{"frequency":"daily","email":"yes"}`, `[]`, `"daily"`} {
		_, err := digest.ParseSettings([]byte(body))
		if !errors.Is(err, &apperr.Error{Kind: apperr.Invalid}) {
			t.Errorf("%s: %v, want an Invalid error", body, err)
		}
	}
}

func TestStore_DefaultsOffAndKeepsWhatWasChosen(t *testing.T) {
	s := digest.NewStore(memDB(t), nil)
	if got, err := s.Get(uid); err != nil || got.Frequency != digest.Off || got.Email || got.Push {
		t.Fatalf("default = %+v, %v; want off", got, err)
	}
	want := digest.Settings{Frequency: digest.Weekly, Email: true, Push: true}
	if err := s.Put(uid, want); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get(uid); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if err := s.Unsubscribe(uid); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get(uid); got.Frequency != digest.Off || got.Email {
		t.Errorf("after unsubscribing: %+v, want off without e-mail", got)
	}
}

func TestTokens_TamperedAndExpiredAreRefused(t *testing.T) {
	db := memDB(t)
	c := &clock{t: at("2026-12-01T10:00:00Z")}
	tokens := digest.NewTokens(db, c.now)
	tok, err := tokens.Sign(uid)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := digest.NewTokens(db, c.now).Verify(tok); err != nil || got != uid {
		t.Fatalf("another replica of the store: %q, %v; want %q", got, err, uid)
	}
	other, _ := tokens.Sign("u_mallory")
	tampered := []string{
		tok[:len(tok)-2] + "xx",
		other[:len("dV9tYWxsb3J5")] + tok[len("dV9hbGljZQ"):], // another user's name on alice's signature
		"dV9tYWxsb3J5" + tok[len("dV9hbGljZQ"):],
		tok + ".x", "", "a.b.c",
	}
	for _, bad := range tampered {
		if _, err := tokens.Verify(bad); !errors.Is(err, digest.ErrTokenInvalid) {
			t.Errorf("Verify(%q) = %v, want ErrTokenInvalid", bad, err)
		}
	}
	if _, err := digest.NewTokens(memDB(t), c.now).Verify(tok); !errors.Is(err, digest.ErrTokenInvalid) {
		t.Errorf("a store with another key: %v, want ErrTokenInvalid", err)
	}
	c.set(c.now().Add(digest.TokenTTL + time.Second))
	if _, err := tokens.Verify(tok); !errors.Is(err, digest.ErrTokenExpired) {
		t.Errorf("after %s: %v, want ErrTokenExpired", digest.TokenTTL, err)
	}
}
