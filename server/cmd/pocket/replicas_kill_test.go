//go:build postgres

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
)

// TestReplicas_SIGKILLOfOneReplicaDuringWriteBurstsLosesAndDuplicatesNothing
// is the fault suite pointed at two replicas of one PostgreSQL: four devices
// write through both (REST uploads, renames and folders, Connect pushes), and
// one device flushes an outbox of renames, folders and questions through the
// replica that dies. Each round SIGKILLs one replica at a random moment; the
// outbox device sends what was cut short to the survivor, as the app would
// after its socket drops. After each round the restarted replica must show
// every write either replica acknowledged, in the change log after the
// round's cursor; at the end nothing acknowledged is missing, each question
// was asked once, and no folder exists twice.
func TestReplicas_SIGKILLOfOneReplicaDuringWriteBurstsLosesAndDuplicatesNothing(t *testing.T) {
	rounds := faultRounds(t)
	pg := startPostgres(t)
	reps := [2]*process{pg.replica(), pg.replica()}
	token := reps[0].signIn("replica-faults@example.com")
	const devices = 4
	acks := newAcked()
	editNo := make([]map[string]int, devices)
	for d := range devices {
		editNo[d] = map[string]int{}
		for _, suffix := range []string{"-rest", "-sync"} {
			mustUpload(t, reps[d%2].url, token, fmt.Sprintf("dev%d%s", d, suffix))
		}
	}
	mustUpload(t, reps[1].url, token, "outbox-1")
	box := &outbox{}
	queued := newQueuedEdits()
	_, _, cursor := pullAll(t, syncClient(reps[1].url, token), "")
	writes := 0
	for round := range rounds {
		before := snapshot(acks)
		victim := rand.IntN(2)
		box.pending = append(box.pending, queued.add(round, 24)...)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for d := range devices {
			c := &faultClient{name: fmt.Sprintf("dev%d", d), url: reps[d%2].url, token: token, round: round,
				acks: acks, sync: syncClient(reps[d%2].url, token), editNo: editNo[d]}
			wg.Go(func() { c.run(stop) })
		}
		flushed := make(chan error, 1)
		go func(url string) { flushed <- box.flush(context.Background(), syncClient(url, token), 3) }(reps[victim].url)
		time.Sleep(time.Duration(50+rand.IntN(250)) * time.Millisecond)
		_ = reps[victim].cmd.Process.Kill()
		<-reps[victim].done
		close(stop)
		wg.Wait()
		if err := <-flushed; err != nil { // expected when the kill cut it short
			t.Logf("round %d: the outbox's flush was cut short: %v", round, err)
		}
		survivor := reps[1-victim]
		if err := box.flush(context.Background(), syncClient(survivor.url, token), 3); err != nil {
			t.Fatalf("round %d: the outbox through the surviving replica: %v\n%s", round, err, survivor.log())
		}

		reps[victim] = pg.replica()
		recs, folders, end := pullAll(t, syncClient(reps[victim].url, token), cursor)
		writes += checkRound(t, round, reps[victim], token, acks, before, recs, folders)
		cursor = end
	}
	all, folders, _ := pullAll(t, syncClient(reps[0].url, token), "")
	checkEverything(t, acks, all, folders)
	checkOutboxAppliedOnce(t, reps[1], token, box, queued)
	checkNoFolderTwice(t, reps[0], token)
	t.Logf("%d rounds of SIGKILL of one of two replicas; %d acknowledged writes and %d outbox edits (%d replayed), none lost or duplicated",
		rounds, writes, box.applied, box.replayed)
}

func mustUpload(t *testing.T, url, token, id string) {
	t.Helper()
	if status, err := upload(url, token, id); err != nil || status/100 != 2 {
		t.Fatalf("upload %s = %d %v", id, status, err)
	}
}

// queuedEdits is every edit put in the outbox, kept to be sent again whole
// and to count what each kind must have become.
type queuedEdits struct {
	all              []*syncv1.Mutation
	questions, folds int
	lastTitle        string
}

func newQueuedEdits() *queuedEdits { return &queuedEdits{} }

// add queues n edits for round: mostly renames of outbox-1, a folder and a
// question (not idempotent by nature) every eighth.
func (q *queuedEdits) add(round, n int) []*syncv1.Mutation {
	var ms []*syncv1.Mutation
	for i := range n {
		key := fmt.Sprintf("outbox-%d-%d", round, i)
		switch i % 8 {
		case 5:
			q.questions++
			ms = append(ms, &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_AskQuestion{
				AskQuestion: &syncv1.AskQuestion{RecordingId: "outbox-1", Message: "Question " + key + "?"}}})
		case 7:
			q.folds++
			ms = append(ms, &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_CreateFolder{
				CreateFolder: &syncv1.CreateFolder{Id: "box-" + key, Name: "Box folder " + key}}})
		default:
			title := "Title " + key
			q.lastTitle = title
			ms = append(ms, &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_UpdateRecording{
				UpdateRecording: &syncv1.UpdateRecording{Id: "outbox-1", Title: &title}}})
		}
	}
	q.all = append(q.all, ms...)
	return ms
}

// checkOutboxAppliedOnce: the outbox's last rename won, each question is in
// the conversation once, each folder exists, and the whole outbox sent again
// (a device that lost track of its acknowledgements) is answered as replays.
func checkOutboxAppliedOnce(t *testing.T, p *process, token string, box *outbox, q *queuedEdits) {
	t.Helper()
	if len(box.pending) != 0 || box.applied != len(q.all) {
		t.Fatalf("the outbox has %d edits left and %d applied; %d were queued", len(box.pending), box.applied, len(q.all))
	}
	again := &outbox{pending: q.all}
	if err := again.flush(context.Background(), syncClient(p.url, token), 10); err != nil || again.replayed != len(q.all) {
		t.Fatalf("resending the whole outbox: %d of %d answered as replays, %v", again.replayed, len(q.all), err)
	}
	status, raw, err := send("GET", p.url+"/api/v1/recordings/outbox-1", token, nil)
	if err != nil || status != 200 || !strings.Contains(string(raw), `"`+q.lastTitle+`"`) {
		t.Fatalf("outbox-1 = %d %.300s %v; want the last rename %q", status, raw, err, q.lastTitle)
	}
	var session struct{ Data struct{ ID string } }
	if _, raw, err := send("GET", p.url+"/api/v1/chat/session/outbox-1", token, nil); err != nil || json.Unmarshal(raw, &session) != nil {
		t.Fatalf("chat session: %v %s", err, raw)
	}
	_, raw, _ = send("GET", p.url+"/api/v1/chat/session/"+session.Data.ID+"/messages", token, nil)
	if got := strings.Count(string(raw), `"role":"user"`); got != q.questions {
		t.Fatalf("the conversation holds %d questions; %d were queued, each must be asked once", got, q.questions)
	}
	_, raw, _ = send("GET", p.url+"/api/v1/folders", token, nil)
	if got := strings.Count(string(raw), `"name":"Box folder `); got != q.folds {
		t.Fatalf("%d outbox folders; %d were queued", got, q.folds)
	}
}

// checkNoFolderTwice: no folder name appears twice in the user's list (the
// devices never send one name twice, so a second is a write applied twice).
func checkNoFolderTwice(t *testing.T, p *process, token string) {
	t.Helper()
	status, raw, err := send("GET", p.url+"/api/v1/folders", token, nil)
	var list struct{ Data []struct{ ID, Name string } }
	if err != nil || status != 200 || json.Unmarshal(raw, &list) != nil {
		t.Fatalf("folders = %d %.300s %v", status, raw, err)
	}
	seen := map[string]string{}
	for _, f := range list.Data {
		if other, dup := seen[f.Name]; dup {
			t.Fatalf("folder %q exists twice (%s and %s)", f.Name, other, f.ID)
		}
		seen[f.Name] = f.ID
	}
}
