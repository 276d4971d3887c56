package share

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// shelf answers Detail from a map by "owner/id"; a missing entry is NotFound.
type shelf struct {
	details map[string]recordings.Detail
	err     error
}

func (s shelf) Detail(_ context.Context, owner, id string) (recordings.Detail, error) {
	if s.err != nil {
		return recordings.Detail{}, s.err
	}
	d, ok := s.details[owner+"/"+id]
	if !ok {
		return recordings.Detail{}, apperr.Missing("Recording")
	}
	return d, nil
}

// directory answers Get from a map by uid.
type directory map[string]identity.User

func (d directory) Get(_ context.Context, uid string) (identity.User, error) {
	u, ok := d[uid]
	if !ok {
		return identity.User{}, apperr.Missing("User")
	}
	return u, nil
}

var alice = identity.User{UID: "alice", Email: "alice@example.com", DisplayName: "Alice", PhotoURL: "https://pics/a.png"}

func newViewer(t *testing.T, details map[string]recordings.Detail) (*fixture, *Viewer) {
	t.Helper()
	f := newFixture(t)
	return f, NewViewer(f.svc, shelf{details: details}, directory{"alice": alice})
}

func TestView_AssemblesRecordingOwnerFirstSummaryAndTranscript(t *testing.T) {
	f, v := newViewer(t, map[string]recordings.Detail{"alice/r1": {
		Recording:      json.RawMessage(`{"id":"r1","title":"Plan"}`),
		Speakers:       json.RawMessage(`{"SPEAKER_00":{"speakerProfile":{"name":"Ada"}}}`),
		Summarizations: json.RawMessage(`{"s1":{"v2Summary":"## First"},"s2":{"v2Summary":"## Second"}}`),
		Transcription:  json.RawMessage(`"a transcript kept as a string"`),
	}})
	link, _ := f.svc.Create(context.Background(), "alice", "r1", 0)
	view, err := v.View(context.Background(), link.Token)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(view.Recording); got != `{"id":"r1","title":"Plan","speakers":{"SPEAKER_00":{"speakerProfile":{"name":"Ada"}}}}` {
		t.Errorf("recording = %s", got)
	}
	if view.Owner != (Owner{DisplayName: "Alice", Email: "alice@example.com", PhotoURL: "https://pics/a.png"}) {
		t.Errorf("owner = %+v", view.Owner)
	}
	if string(view.Summarization) != `{"v2Summary":"## First"}` {
		t.Errorf("summarization = %s", view.Summarization)
	}
	if string(view.Transcription) != `"a transcript kept as a string"` {
		t.Errorf("transcription = %s", view.Transcription)
	}
	raw, _ := json.Marshal(view)
	var shape map[string]json.RawMessage
	_ = json.Unmarshal(raw, &shape)
	for _, member := range []string{"recording", "owner", "summarization", "transcription", "allowDownload"} {
		if _, ok := shape[member]; !ok || len(shape) != 5 {
			t.Fatalf("view JSON %s lacks %s or has extra members", raw, member)
		}
	}
}

func TestView_KeepsTheRecordingsOwnSpeakersAndAnswersNullWithoutSummary(t *testing.T) {
	f, v := newViewer(t, map[string]recordings.Detail{"alice/r1": {
		Recording: json.RawMessage(`{"id":"r1","speakers":{"S":{}}}`),
		Speakers:  json.RawMessage(`{"OTHER":{}}`),
	}})
	link, _ := f.svc.Create(context.Background(), "alice", "r1", 0)
	view, err := v.View(context.Background(), link.Token)
	if err != nil {
		t.Fatal(err)
	}
	if string(view.Recording) != `{"id":"r1","speakers":{"S":{}}}` {
		t.Errorf("recording = %s", view.Recording)
	}
	raw, _ := json.Marshal(view)
	var shape struct{ Summarization, Transcription json.RawMessage }
	_ = json.Unmarshal(raw, &shape)
	if string(shape.Summarization) != "null" || string(shape.Transcription) != "null" {
		t.Errorf("absent parts must be null: %s", raw)
	}
}

func TestView_Refusals(t *testing.T) {
	f, v := newViewer(t, map[string]recordings.Detail{"alice/r1": {Recording: json.RawMessage(`{"id":"r1"}`)}})
	ctx := context.Background()
	live, _ := f.svc.Create(ctx, "alice", "r1", 0)
	// r2 exists for the link check but its detail is gone: deleted between the two reads.
	racing, _ := f.svc.Create(ctx, "alice", "r2", 0)
	expiring, _ := f.svc.Create(ctx, "alice", "r1", time.Minute)
	f.now = f.now.Add(time.Hour)

	cases := []struct {
		name  string
		token string
		want  error
	}{
		{"no token", "", ErrNoToken},
		{"unknown token", "nope", ErrInvalid},
		{"expired", expiring.Token, ErrExpired},
		{"recording gone after the check", racing.Token, ErrNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := v.View(ctx, tc.token); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}

	t.Run("a failing store is passed on, not disguised as missing", func(t *testing.T) {
		broken := errors.New("disk on fire")
		bv := NewViewer(f.svc, shelf{err: broken}, directory{"alice": alice})
		if _, err := bv.View(ctx, live.Token); !errors.Is(err, broken) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("an owner without an account is an error", func(t *testing.T) {
		nv := NewViewer(f.svc, shelf{details: map[string]recordings.Detail{"alice/r1": {}}}, directory{})
		if _, err := nv.View(ctx, live.Token); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("got %v", err)
		}
	})
}
