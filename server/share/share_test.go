package share_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/servertest"
)

type link struct {
	ID, Token, URL, RecordingID, Hint string
	ExpiresAt                         *string
	RevokedAt                         *string
}

var sample = map[string]any{
	"recording": map[string]any{"id": "r1", "title": "Quarterly plan", "recordingAt": "2026-11-01T10:00:00Z"},
	"speakers":  `{"SPEAKER_00":{"speakerProfile":{"name":"Ada Lovelace"}}}`,
	"summarizations": map[string]any{
		"sum-first":  map[string]any{"v2Summary": "## Plan\nShip it"},
		"sum-second": map[string]any{"v2Summary": "## Other"},
	},
	"transcription": `{"segments":[{"speaker":"SPEAKER_00","text":"Hello","start_time":0,"end_time":2}]}`,
}

func TestShare_OwnerCreatesAndAVisitorViewsWithoutSigningIn(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	owner.MustOK("POST", "/api/v1/recordings", sample)

	var l link
	r := owner.MustOK("POST", "/api/v1/recordings/r1/share", map[string]any{"expiresIn": 3600}, &l)
	if r.Status != 201 || !strings.HasSuffix(l.URL, "/shared/recording?token="+l.Token) || l.ExpiresAt == nil {
		t.Fatalf("create = %d %+v", r.Status, l)
	}

	visitor := s.NewClient(t)
	var view struct {
		Data struct {
			Recording     map[string]json.RawMessage
			Owner         struct{ DisplayName, Email string }
			Summarization json.RawMessage
			Transcription json.RawMessage
		}
	}
	r = visitor.MustOK("GET", "/api/v1/share/shared/recording?token="+l.Token, nil, &view)
	d := view.Data
	if string(d.Recording["id"]) != `"r1"` || d.Owner.Email != "owner@example.com" {
		t.Fatalf("view = %s", r.Body)
	}
	if !strings.Contains(string(d.Summarization), "Ship it") || strings.Contains(string(d.Summarization), "Other") {
		t.Fatalf("the first summarization must be shown, got %s", d.Summarization)
	}
	if !strings.Contains(string(d.Recording["speakers"]), "Ada Lovelace") {
		t.Fatalf("recording must carry its speakers: %s", d.Recording["speakers"])
	}
	var transcript string
	if err := json.Unmarshal(d.Transcription, &transcript); err != nil || !strings.Contains(transcript, "Hello") {
		t.Fatalf("transcription string must stay a string: %s", d.Transcription)
	}
	if r.Header.Get("X-Robots-Tag") == "" || r.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("shared view headers %v", r.Header)
	}
}

func TestShare_ViewErrorsByStatus(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	owner.MustOK("POST", "/api/v1/recordings", sample)
	var revoked, deleted link
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &revoked)
	owner.MustOK("DELETE", "/api/v1/share/"+revoked.Token, nil)
	other := map[string]any{"recording": map[string]any{"id": "r2", "title": "Gone soon"}}
	owner.MustOK("POST", "/api/v1/recordings", other)
	owner.MustOK("POST", "/api/v1/recordings/r2/share", map[string]any{}, &deleted)
	owner.MustOK("DELETE", "/api/v1/recordings/r2", nil)

	visitor := s.NewClient(t)
	cases := []struct {
		name, query string
		status      int
		message     string
	}{
		{"no token", "", 400, "No share token provided"},
		{"unknown token", "?token=not-a-real-token", 401, "invalid or has been revoked"},
		{"revoked", "?token=" + revoked.Token, 401, "invalid or has been revoked"},
		{"recording deleted", "?token=" + deleted.Token, 404, "may have been deleted"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := visitor.Do("GET", "/api/v1/share/shared/recording"+tc.query, nil)
			if r.Status != tc.status || !strings.Contains(string(r.Body), tc.message) {
				t.Fatalf("got %d %s", r.Status, r.Body)
			}
		})
	}
}

func TestShare_ExpiryIsRefusedWith410(t *testing.T) {
	t.Parallel()
	clock := fakeclock.New(time.Now())
	s := servertest.Start(t, nil, servertest.ShareClock(clock.Now))
	owner := s.SignIn(t, "owner@example.com")
	owner.MustOK("POST", "/api/v1/recordings", sample)
	var l link
	owner.MustOK("POST", "/api/v1/recordings/r1/share", map[string]any{"expiresIn": 60}, &l)
	visitor := s.NewClient(t)
	visitor.MustOK("GET", "/api/v1/share/shared/recording?token="+l.Token, nil)
	clock.Advance(time.Minute)
	r := visitor.Do("GET", "/api/v1/share/shared/recording?token="+l.Token, nil)
	if r.Status != 410 || !strings.Contains(string(r.Body), "has expired") {
		t.Fatalf("got %d %s", r.Status, r.Body)
	}
}

// TestShare_ExpiresInMustBeWithinBounds: a lifetime below a nanosecond used
// to round to zero, which is "never", so expiresIn 1e-10 made a permanent
// link. Now expiresIn is a number of seconds from 60 to 365 days, checked as
// given; anything else is a 400 that says so, and leaving it out (or null)
// still makes a link that never expires.
func TestShare_ExpiresInMustBeWithinBounds(t *testing.T) {
	t.Parallel()
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	owner.MustOK("POST", "/api/v1/recordings", sample)
	for _, raw := range []string{
		`1e-10`, `0.001`, `1`, `30`, `59.999`, `0`, `-5`, `31536001`, `1e300`, `1e400`,
		`"soon"`, `"3600"`, `"NaN"`, `"Infinity"`, `true`, `[60]`, `{}`,
	} {
		t.Run(raw, func(t *testing.T) {
			r := owner.Do("POST", "/api/v1/recordings/r1/share", []byte(`{"expiresIn":`+raw+`}`))
			var e struct {
				Success       bool
				Message, Code string
			}
			r.JSON(t, &e)
			if r.Status != 400 || e.Success || e.Code != "INVALID_EXPIRES_IN" || !strings.Contains(e.Message, "60 (one minute) to 31536000 (365 days)") {
				t.Fatalf("got %d %s", r.Status, r.Body)
			}
		})
	}
	for raw, want := range map[string]time.Duration{
		`60`: time.Minute, `90.5`: 90500 * time.Millisecond, `31536000`: 365 * 24 * time.Hour,
	} {
		var l struct{ CreatedAt, ExpiresAt *time.Time }
		owner.MustOK("POST", "/api/v1/recordings/r1/share", []byte(`{"expiresIn":`+raw+`}`), &l)
		if l.ExpiresAt == nil || l.ExpiresAt.Sub(*l.CreatedAt) != want {
			t.Errorf("expiresIn %s: created %v, expires %v", raw, l.CreatedAt, l.ExpiresAt)
		}
	}
	for _, body := range []any{nil, []byte(`{}`), []byte(`{"expiresIn":null}`)} {
		var l link
		owner.MustOK("POST", "/api/v1/recordings/r1/share", body, &l)
		if l.ExpiresAt != nil {
			t.Errorf("body %s: a link without expiresIn expires at %s", body, *l.ExpiresAt)
		}
	}
}

func TestShare_ListAndValidation(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	owner.MustOK("POST", "/api/v1/recordings", sample)
	var first link
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &first)
	if first.ExpiresAt != nil {
		t.Fatalf("a link without expiresIn never expires, got %v", *first.ExpiresAt)
	}
	owner.MustOK("POST", "/api/v1/recordings/r1/share", map[string]any{"expiresIn": 60})
	owner.MustOK("DELETE", "/api/v1/share/"+first.Token, nil)
	var list struct{ Data []link }
	owner.MustOK("GET", "/api/v1/recordings/r1/shares", nil, &list)
	if len(list.Data) != 2 || list.Data[1].ID != first.ID || list.Data[1].RevokedAt == nil {
		t.Fatalf("list = %+v", list.Data)
	}
	if l := list.Data[0]; l.Token != "" || l.URL != "" || l.Hint == "" {
		t.Fatalf("a listed link shows its token, or no hint: %+v", l)
	}
	owner.MustOK("DELETE", "/api/v1/share/"+list.Data[0].ID, nil) // revoking by the listed id
	owner.MustOK("GET", "/api/v1/recordings/r1/shares", nil, &list)
	if list.Data[0].RevokedAt == nil {
		t.Fatalf("revoking by id left the link active: %+v", list.Data[0])
	}
	for _, body := range []any{map[string]any{"expiresIn": -5}, map[string]any{"expiresIn": "soon"}, []byte(`{"expiresIn":`)} {
		if r := owner.Do("POST", "/api/v1/recordings/r1/share", body); r.Status != 400 {
			t.Fatalf("body %v got %d", body, r.Status)
		}
	}
	if r := owner.Do("POST", "/api/v1/recordings/missing/share", nil); r.Status != 404 {
		t.Fatalf("sharing a missing recording got %d", r.Status)
	}
	if r := s.NewClient(t).Do("POST", "/api/v1/recordings/r1/share", nil); r.Status != 401 {
		t.Fatalf("creating a link signed out got %d", r.Status)
	}
}
