package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
)

// outbox is a device's queue of edits, flushed in order as the app does:
// a mutation leaves it only once the server has answered it for good.
type outbox struct {
	pending  []*syncv1.Mutation
	applied  int
	replayed int
}

func (o *outbox) flush(ctx context.Context, c syncv1connect.SyncServiceClient, batch int) error {
	for len(o.pending) > 0 {
		n := min(batch, len(o.pending))
		res, err := c.Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: o.pending[:n]}))
		if err != nil {
			return err // the server is gone: keep everything, resend later
		}
		done := 0
		for _, r := range res.Msg.GetResults() {
			if r.GetOutcome() == syncv1.Outcome_OUTCOME_RETRY {
				break
			}
			if r.GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED {
				return fmt.Errorf("mutation %s refused: %s %s", r.GetIdempotencyKey(), r.GetErrorCode(), r.GetErrorMessage())
			}
			done++
			if r.GetReplayed() {
				o.replayed++
			}
		}
		o.pending = o.pending[done:]
		o.applied += done
	}
	return nil
}

func syncClient(url, token string) syncv1connect.SyncServiceClient {
	auth := connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			req.Header().Set("Authorization", "Bearer "+token)
			return next(ctx, req)
		}
	})
	return syncv1connect.NewSyncServiceClient(&http.Client{Timeout: 10 * time.Second}, url, connect.WithInterceptors(auth))
}

// An outbox of renames, folder creations and questions is flushed while the
// server is killed with SIGKILL three times, mid-flush, and restarted. Every
// edit must end up applied exactly once: the questions, which are not
// idempotent by nature, are counted in the conversation.
func TestSync_SIGKILLMidFlushAppliesEveryEditExactlyOnce(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir)
	token := p.signIn("flusher@example.com")
	if status, err := upload(p.url, token, "kill-1"); err != nil || status/100 != 2 {
		t.Fatalf("upload = %d %v", status, err)
	}
	const total, questions = 120, 12
	box := &outbox{}
	for i := 0; i < total; i++ {
		key := fmt.Sprintf("device-key-%03d", i)
		switch i % 10 {
		case 5:
			box.pending = append(box.pending, &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_AskQuestion{
				AskQuestion: &syncv1.AskQuestion{RecordingId: "kill-1", Message: fmt.Sprintf("Question %d about the notes?", i)}}})
		case 7:
			box.pending = append(box.pending, &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_CreateFolder{
				CreateFolder: &syncv1.CreateFolder{Id: fmt.Sprintf("folder-%03d", i), Name: fmt.Sprintf("Folder %d", i)}}})
		default:
			title := fmt.Sprintf("Title %d", i)
			box.pending = append(box.pending, &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_UpdateRecording{
				UpdateRecording: &syncv1.UpdateRecording{Id: "kill-1", Title: &title}}})
		}
	}

	everything := append([]*syncv1.Mutation(nil), box.pending...)
	for kill := 0; kill < 3; kill++ {
		flushed := make(chan error, 1)
		before := len(box.pending)
		go func(url string) { flushed <- box.flush(context.Background(), syncClient(url, token), 3) }(p.url)
		// Kill once the flush is under way, so a push is almost surely in flight.
		deadline := time.Now().Add(10 * time.Second)
		for len(box.pending) > before-8 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		_ = p.cmd.Process.Kill()
		<-p.done
		if err := <-flushed; err != nil { // expected: the kill cuts the flush short
			t.Logf("kill %d: flush cut short: %v", kill+1, err)
		}
		t.Logf("kill %d: %d edits left in the outbox", kill+1, len(box.pending))
		p = startServe(t, dir)
	}
	if err := box.flush(context.Background(), syncClient(p.url, token), 3); err != nil {
		t.Fatalf("final flush: %v", err)
	}
	// A device that lost track of what was acknowledged (its tab crashed
	// before clearing the outbox) sends everything again: all replayed.
	again := &outbox{pending: everything}
	if err := again.flush(context.Background(), syncClient(p.url, token), 10); err != nil || again.replayed != total {
		t.Fatalf("resending the whole outbox: %d of %d answered as replays, %v", again.replayed, total, err)
	}

	status, raw, err := send("GET", p.url+"/api/v1/recordings/kill-1", token, nil)
	if err != nil || status != 200 || !strings.Contains(string(raw), fmt.Sprintf(`"Title %d"`, total-1)) {
		t.Fatalf("detail = %d %.300s %v; want the last rename", status, raw, err)
	}
	var session struct{ Data struct{ ID string } }
	if _, raw, err := send("GET", p.url+"/api/v1/chat/session/kill-1", token, nil); err != nil || json.Unmarshal(raw, &session) != nil {
		t.Fatalf("chat session: %v %s", err, raw)
	}
	_, raw, _ = send("GET", p.url+"/api/v1/chat/session/"+session.Data.ID+"/messages", token, nil)
	if got := strings.Count(string(raw), `"role":"user"`); got != questions {
		t.Fatalf("the conversation holds %d questions; %d were queued, each must be asked once", got, questions)
	}
	_, raw, _ = send("GET", p.url+"/api/v1/folders", token, nil)
	if got := strings.Count(string(raw), `"name":"Folder `); got != total/10 {
		t.Fatalf("%d folders; want %d", got, total/10)
	}
}
