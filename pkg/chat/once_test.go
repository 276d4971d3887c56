package chat

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// flaky answers "42" and counts its calls; it fails while failing is set.
type flaky struct {
	calls   atomic.Int32
	failing atomic.Bool
}

func (f *flaky) Answer(context.Context, *engine.Recording, engine.Question) (engine.Answer, error) {
	f.calls.Add(1)
	if f.failing.Load() {
		return engine.Answer{}, errors.New("model down")
	}
	return engine.Answer{Text: "42"}, nil
}
func (f *flaky) Summarize(context.Context, *engine.Recording, engine.SummaryOptions) (engine.Summary, error) {
	return engine.Summary{}, errors.New("not used")
}
func (f *flaky) Name() string { return "flaky" }

func keyedEnv(t *testing.T) (*Service, *flaky) {
	t.Helper()
	db := storetest.Open(t)
	recs := recordings.NewService(db, nil, nil)
	raw, _ := json.Marshal(map[string]any{"recording": map[string]any{"id": "r1", "title": "Call"}})
	if _, err := recs.Import(context.Background(), "u1", raw); err != nil {
		t.Fatal(err)
	}
	eng := &flaky{}
	return NewService(Options{DB: db, Recordings: recs, Engine: eng}), eng
}

func TestSend_AKeyedQuestionIsAskedOnceAndAFailedAnswerIsRetried(t *testing.T) {
	s, eng := keyedEnv(t)
	ctx := context.Background()
	in := SendInput{RecordingID: "r1", Message: "What is the answer?", Key: "device-key-1"}
	eng.failing.Store(true)
	if _, err := s.Send(ctx, Access{UID: "u1"}, in); !errors.Is(err, ErrEngineFailed) {
		t.Fatalf("first send: %v, want the engine failure", err)
	}
	eng.failing.Store(false)
	first, err := s.Send(ctx, Access{UID: "u1"}, in)
	if err != nil || first.AssistantMessage.Content != "42" {
		t.Fatalf("retry: %+v, %v", first, err)
	}
	again, err := s.Send(ctx, Access{UID: "u1"}, in)
	if err != nil || again.UserMessage.ID != first.UserMessage.ID || again.AssistantMessage.ID != first.AssistantMessage.ID {
		t.Fatalf("a third send with the key answered %+v, %v; want the stored exchange", again, err)
	}
	if n := eng.calls.Load(); n != 2 {
		t.Fatalf("the engine was asked %d times; want 2 (the failure and its retry)", n)
	}
	msgs, _ := s.Messages(ctx, Access{UID: "u1"}, first.Session.ID)
	questions := 0
	for _, m := range msgs {
		if m.Role == RoleUser {
			questions++
		}
	}
	if questions != 1 {
		t.Fatalf("the conversation shows the question %d times", questions)
	}
	// Another person's key of the same text is theirs alone.
	if _, err := s.Send(ctx, Access{UID: "u2"}, in); err == nil {
		t.Fatal("another user reached u1's recording")
	}
}
