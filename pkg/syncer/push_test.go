package syncer

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

func TestPush_AKeyReplayedThreeTimesAppliesOnce(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Original")
	k := key()
	first := e.push("u1", rename(k, "r1", "Mine"))[0]
	wantApplied(t, first)
	if first.Replayed {
		t.Fatal("the first application is not a replay")
	}
	// Another device renames it after; replays of the first edit must not undo that.
	wantApplied(t, e.push("u1", rename(key(), "r1", "Theirs"))[0])
	_, before := e.pullAll("u1", "", 100)
	for i := 0; i < 3; i++ {
		r := e.push("u1", rename(k, "r1", "Mine"))[0]
		wantApplied(t, r)
		if !r.Replayed {
			t.Fatalf("replay %d not marked replayed", i+1)
		}
		if got := r.Current.GetRecording().GetItemJson(); !strings.Contains(got, `"Theirs"`) {
			t.Fatalf("replay %d answers %s; want the server's current version", i+1, got)
		}
	}
	if got := e.item("u1", "r1")["title"]; got != "Theirs" {
		t.Fatalf("title = %v after replays; a replay applied again", got)
	}
	if changes, _ := e.pullAll("u1", before, 100); len(changes) != 0 {
		t.Fatalf("replays wrote %d changes", len(changes))
	}
}

func TestPush_SameKeyWithAnotherPayloadIsRefused(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Original")
	k := key()
	wantApplied(t, e.push("u1", rename(k, "r1", "First"))[0])
	wantRejected(t, e.push("u1", rename(k, "r1", "Second"))[0], "IDEMPOTENCY_KEY_REUSED")
	if got := e.item("u1", "r1")["title"]; got != "First" {
		t.Fatalf("title = %v", got)
	}
	// The key keeps its first answer.
	wantApplied(t, e.push("u1", rename(k, "r1", "First"))[0])
}

func TestPush_FieldLevelLastWriterWins(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Original")
	// Two devices edit different fields: both edits stay.
	res := e.push("u1", rename(key(), "r1", "Renamed on phone"), describeAs(key(), "r1", "Described on laptop"))
	wantApplied(t, res[0])
	wantApplied(t, res[1])
	it := e.item("u1", "r1")
	if it["title"] != "Renamed on phone" || it["description"] != "Described on laptop" {
		t.Fatalf("item = %v", it)
	}
	// The same field: the server's order decides, and every answer carries
	// the current version so the losing device converges.
	wantApplied(t, e.push("u1", rename(key(), "r1", "Later"))[0])
	late := e.push("u1", rename(key(), "r1", "Even later"))[0]
	var item map[string]any
	_ = json.Unmarshal([]byte(late.Current.GetRecording().GetItemJson()), &item)
	if item["title"] != "Even later" || item["description"] != "Described on laptop" {
		t.Fatalf("current = %v", item)
	}
	if late.Current.GetRecording().GetVersion() != late.Current.GetSeq() || late.Current.GetSeq() == 0 {
		t.Fatalf("current carries version %d at seq %d", late.Current.GetRecording().GetVersion(), late.Current.GetSeq())
	}
}

func TestPush_AnotherUsersRecordingIsNotFound(t *testing.T) {
	e := newEnv(t)
	e.importOne("owner", "r1", "Private")
	for name, m := range map[string]*syncv1.Mutation{
		"rename": rename(key(), "r1", "Hijacked"),
		"delete": {IdempotencyKey: key(), Op: &syncv1.Mutation_DeleteRecording{DeleteRecording: &syncv1.DeleteRecording{Id: "r1"}}},
		"speaker": {IdempotencyKey: key(), Op: &syncv1.Mutation_RenameSpeaker{RenameSpeaker: &syncv1.RenameSpeaker{
			RecordingId: "r1", Speaker: "SPEAKER_00", Name: "Mallory"}}},
	} {
		t.Run(name, func(t *testing.T) {
			r := e.push("intruder", m)[0]
			wantRejected(t, r, "NOT_FOUND")
			if r.Current != nil {
				t.Fatalf("the refusal reveals %v", r.Current)
			}
		})
	}
	if got := e.item("owner", "r1")["title"]; got != "Private" {
		t.Fatalf("title = %v", got)
	}
	if changes, _ := e.pullAll("intruder", "", 100); len(changes) != 0 {
		t.Fatalf("the intruder pulls %d changes", len(changes))
	}
}

func TestPush_ARefusalIsStoredAndAnsweredAgain(t *testing.T) {
	e := newEnv(t)
	k := key()
	wantRejected(t, e.push("u1", rename(k, "missing", "x"))[0], "NOT_FOUND")
	// The recording arrives later: the same key still answers its refusal,
	// so a device never sees one edit both refused and applied.
	e.importOne("u1", "missing", "Now here")
	r := e.push("u1", rename(k, "missing", "x"))[0]
	wantRejected(t, r, "NOT_FOUND")
	if !r.Replayed || e.item("u1", "missing")["title"] != "Now here" {
		t.Fatalf("replayed=%v title=%v", r.Replayed, e.item("u1", "missing")["title"])
	}
}

func TestPush_InvalidMutationsAreRefusedWithReasons(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Original")
	long := strings.Repeat("x", recordings.MaxTitle+1)
	cases := map[string]struct {
		m    *syncv1.Mutation
		code string
	}{
		"no key":      {rename("", "r1", "x"), "INVALID_IDEMPOTENCY_KEY"},
		"no op":       {&syncv1.Mutation{IdempotencyKey: key()}, "EMPTY_MUTATION"},
		"no fields":   {&syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: "r1"}}}, "INVALID_ARGUMENT"},
		"long title":  {rename(key(), "r1", long), "INVALID_ARGUMENT"},
		"no speaker":  {&syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_RenameSpeaker{RenameSpeaker: &syncv1.RenameSpeaker{RecordingId: "r1", Speaker: "SPEAKER_09", Name: "Ann"}}}, "SPEAKER_NOT_FOUND"},
		"generic":     {&syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_RenameSpeaker{RenameSpeaker: &syncv1.RenameSpeaker{RecordingId: "r1", Speaker: "SPEAKER_00", Name: "Speaker 4"}}}, "GENERIC_SPEAKER_NAME"},
		"folder name": {&syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: key(), Name: "  "}}}, "INVALID_ARGUMENT"},
		"no question": {&syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_AskQuestion{AskQuestion: &syncv1.AskQuestion{RecordingId: "r1", Message: "hi"}}}, "UNSUPPORTED"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			r := e.push("u1", c.m)[0]
			wantRejected(t, r, c.code)
			if r.ErrorMessage == "" {
				t.Fatal("a refusal needs a message for the user")
			}
		})
	}
	if got := e.item("u1", "r1")["title"]; got != "Original" {
		t.Fatalf("a refused mutation changed the title to %v", got)
	}
}

func TestPush_StopsAtARetryToKeepTheOrder(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Original")
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err := e.sync.Push(cctx, "u1", []*syncv1.Mutation{rename(key(), "r1", "x")})
	if err == nil {
		t.Fatal("a cancelled push must fail as a whole")
	}
	if _, err := e.sync.Push(ctx, "", nil); err == nil {
		t.Fatal("an anonymous push must fail")
	}
	many := make([]*syncv1.Mutation, MaxPushMutations+1)
	for i := range many {
		many[i] = rename(key(), "r1", fmt.Sprint(i))
	}
	if _, err := e.sync.Push(ctx, "u1", many); err == nil {
		t.Fatal("an oversized push must be refused whole")
	}
}

func TestPush_ConcurrentRetriesOfOneKeyApplyOnce(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Original")
	_, start := e.pullAll("u1", "", 100)
	k := key()
	var wg sync.WaitGroup
	applied := make(chan bool, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.push("u1", rename(k, "r1", "Once"))[0]
			applied <- r.Outcome == syncv1.Outcome_OUTCOME_APPLIED && !r.Replayed
		}()
	}
	wg.Wait()
	close(applied)
	fresh := 0
	for a := range applied {
		if a {
			fresh++
		}
	}
	if fresh != 1 {
		t.Fatalf("%d pushes applied the key; exactly one may", fresh)
	}
	if changes, _ := e.pullAll("u1", start, 100); len(changes) != 1 {
		t.Fatalf("%d changes logged, want 1", len(changes))
	}
}

func TestPush_KeysAreRememberedWithATimeLimit(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Original")
	k := key()
	wantApplied(t, e.push("u1", rename(k, "r1", "x"))[0])
	var ttl uint64
	_ = e.db.View(func(x *store.Txn) error {
		var err error
		ttl, err = x.ExpiresAt(idemKey("u1", k))
		return err
	})
	left := time.Until(time.Unix(int64(ttl), 0))
	if left < 24*time.Hour || left > IdempotencyTTL {
		t.Fatalf("the key's answer is kept %v; at least 24 h and at most %v", left, IdempotencyTTL)
	}
}
