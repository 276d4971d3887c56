package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
)

// faultRounds is how many SIGKILLs the fault suite deals: POCKET_FAULT_ROUNDS
// (`make fault` asks for 100), else a number that keeps `make test` short.
func faultRounds(t *testing.T) int {
	if s := os.Getenv("POCKET_FAULT_ROUNDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("POCKET_FAULT_ROUNDS=%q is not a positive number", s)
		}
		return n
	}
	if testing.Short() {
		return 5
	}
	return 50 // about 35 s here; 100 take 71 s (docs/benchmarks.md)
}

// acked is what the server has acknowledged (a 2xx, or OUTCOME_APPLIED): the
// state every restart must show, whatever else was in flight at the kill.
type acked struct {
	mu         sync.Mutex
	recordings map[string]string // id -> a title the recording was acknowledged with
	folders    map[string]string // id -> name
	edits      map[string]int    // recording id -> last acknowledged edit number (titles "Edit <id> <n>")
	attempted  map[string]int    // recording id -> last edit number sent (it may have landed, unacknowledged)
}

func newAcked() *acked {
	return &acked{recordings: map[string]string{}, folders: map[string]string{}, edits: map[string]int{}, attempted: map[string]int{}}
}

func (a *acked) recording(id, title string) { a.mu.Lock(); a.recordings[id] = title; a.mu.Unlock() }
func (a *acked) folder(id, name string)     { a.mu.Lock(); a.folders[id] = name; a.mu.Unlock() }
func (a *acked) tried(id string, n int)     { a.mu.Lock(); a.attempted[id] = n; a.mu.Unlock() }
func (a *acked) edit(id string, n int) {
	a.mu.Lock()
	a.edits[id] = max(a.edits[id], n)
	a.mu.Unlock()
}

func editTitle(id string, n int) string { return fmt.Sprintf("Edit %s %d", id, n) }

// faultClient is one device writing as fast as it can until the server dies:
// new uploads, REST renames and folders, and Connect pushes of the same.
type faultClient struct {
	name, url, token string
	round            int
	acks             *acked
	sync             syncv1connect.SyncServiceClient
	editNo           map[string]int
}

func (c *faultClient) run(stop <-chan struct{}) {
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		var err error
		switch i % 4 {
		case 0:
			err = c.upload(i)
		case 1:
			err = c.rename(c.name+"-rest", c.putTitle)
		case 2:
			err = c.createFolder(i)
		case 3:
			err = c.push(i)
		}
		if err != nil {
			return // the server is gone
		}
	}
}

func (c *faultClient) upload(i int) error {
	id := fmt.Sprintf("%s-r%d-%d", c.name, c.round, i)
	status, err := upload(c.url, c.token, id)
	if err == nil && status/100 == 2 {
		c.acks.recording(id, "Burst "+id)
	}
	return err
}

// rename sends the next numbered title for id through send.
func (c *faultClient) rename(id string, send func(id, title string) (bool, error)) error {
	c.editNo[id]++
	n := c.editNo[id]
	c.acks.tried(id, n)
	ok, err := send(id, editTitle(id, n))
	if ok {
		c.acks.edit(id, n)
	}
	return err
}

func (c *faultClient) putTitle(id, title string) (bool, error) {
	status, _, err := send("PUT", c.url+"/api/v1/recordings/"+id, c.token, map[string]string{"title": title})
	return err == nil && status == 200, err
}

func (c *faultClient) pushTitle(id, title string) (bool, error) {
	m := &syncv1.Mutation{IdempotencyKey: "k-" + title, Op: &syncv1.Mutation_UpdateRecording{
		UpdateRecording: &syncv1.UpdateRecording{Id: id, Title: &title}}}
	return c.pushOne(m)
}

func (c *faultClient) createFolder(i int) error {
	name := fmt.Sprintf("Folder %s %d %d", c.name, c.round, i)
	var created struct{ Data struct{ ID string } }
	status, raw, err := send("POST", c.url+"/api/v1/folders", c.token, map[string]string{"name": name})
	if err == nil && status == 201 && json.Unmarshal(raw, &created) == nil {
		c.acks.folder(created.Data.ID, name)
	}
	return err
}

// push alternates a pushed folder creation and a pushed rename.
func (c *faultClient) push(i int) error {
	if i%8 == 3 {
		return c.rename(c.name+"-sync", c.pushTitle)
	}
	id := fmt.Sprintf("pf-%s-%d-%d", c.name, c.round, i)
	name := "Pushed " + id
	ok, err := c.pushOne(&syncv1.Mutation{IdempotencyKey: "k-" + id, Op: &syncv1.Mutation_CreateFolder{
		CreateFolder: &syncv1.CreateFolder{Id: id, Name: name}}})
	if ok {
		c.acks.folder(id, name)
	}
	return err
}

func (c *faultClient) pushOne(m *syncv1.Mutation) (bool, error) {
	res, err := c.sync.Push(context.Background(), connect.NewRequest(&syncv1.PushRequest{Mutations: []*syncv1.Mutation{m}}))
	if err != nil {
		return false, err
	}
	r := res.Msg.GetResults()
	return len(r) == 1 && r[0].GetOutcome() == syncv1.Outcome_OUTCOME_APPLIED, nil
}

// pullAll reads the change log from cursor to its end: the latest state of
// each recording (its list item) and folder (its name) written after it.
func pullAll(t *testing.T, c syncv1connect.SyncServiceClient, cursor string) (recs, folders map[string]string, end string) {
	t.Helper()
	recs, folders = map[string]string{}, map[string]string{}
	for {
		res, err := c.Pull(context.Background(), connect.NewRequest(&syncv1.PullRequest{Cursor: cursor, Limit: 500}))
		if err != nil {
			t.Fatalf("pull: %v", err)
		}
		if res.Msg.GetResync() {
			t.Fatalf("pull from %q asks for a resync: the log lost its place across the kill", cursor)
		}
		for _, ch := range res.Msg.GetChanges() {
			if r := ch.GetRecording(); r != nil {
				recs[r.GetId()] = r.GetItemJson()
			}
			if f := ch.GetFolder(); f != nil {
				folders[f.GetId()] = f.GetName()
			}
		}
		cursor = res.Msg.GetCursor()
		if !res.Msg.GetHasMore() {
			return recs, folders, cursor
		}
	}
}

// TestFault_SIGKILLDuringWriteBurstsLosesNoAcknowledgedWrite kills the server
// with SIGKILL, round after round, while four devices upload, rename and make
// folders through REST and Connect. After each restart every write the
// server acknowledged must be there with its content, and a device that had
// pulled the change log before the round must find every acknowledged change
// of the round after its cursor: no gap, no resync.
func TestFault_SIGKILLDuringWriteBurstsLosesNoAcknowledgedWrite(t *testing.T) {
	rounds := faultRounds(t)
	dir := t.TempDir()
	p := startServe(t, dir)
	token := p.signIn("faults@example.com")
	const devices = 4
	acks := newAcked()
	editNo := make([]map[string]int, devices)
	for d := 0; d < devices; d++ {
		editNo[d] = map[string]int{}
		for _, suffix := range []string{"-rest", "-sync"} {
			id := fmt.Sprintf("dev%d%s", d, suffix)
			if status, err := upload(p.url, token, id); err != nil || status/100 != 2 {
				t.Fatalf("upload %s = %d %v", id, status, err)
			}
		}
	}
	_, _, cursor := pullAll(t, syncClient(p.url, token), "")
	writes := 0
	for round := 0; round < rounds; round++ {
		before := snapshot(acks)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for d := 0; d < devices; d++ {
			c := &faultClient{name: fmt.Sprintf("dev%d", d), url: p.url, token: token, round: round,
				acks: acks, sync: syncClient(p.url, token), editNo: editNo[d]}
			wg.Add(1)
			go func() { defer wg.Done(); c.run(stop) }()
		}
		time.Sleep(time.Duration(50+rand.IntN(250)) * time.Millisecond)
		_ = p.cmd.Process.Kill()
		<-p.done
		close(stop)
		wg.Wait()

		p = startServe(t, dir)
		client := syncClient(p.url, token)
		recs, folders, end := pullAll(t, client, cursor)
		writes += checkRound(t, round, p, token, acks, before, recs, folders)
		cursor = end
	}
	all, folders, _ := pullAll(t, syncClient(p.url, token), "")
	checkEverything(t, acks, all, folders)
	p.stop()
	t.Logf("%d rounds of SIGKILL; %d acknowledged writes, all present", rounds, writes)
}

// snapshot copies what was acknowledged before a round.
func snapshot(a *acked) *acked {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := newAcked()
	for k, v := range a.recordings {
		s.recordings[k] = v
	}
	for k, v := range a.folders {
		s.folders[k] = v
	}
	for k, v := range a.edits {
		s.edits[k] = v
	}
	return s
}

// checkRound compares what the round acknowledged with what the restarted
// server has: each new upload answers its detail with its content, and the
// change log after the round's starting cursor holds every new write.
func checkRound(t *testing.T, round int, p *process, token string, a, before *acked, recs, folders map[string]string) int {
	t.Helper()
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for id, title := range a.recordings {
		if _, old := before.recordings[id]; old {
			continue
		}
		n++
		if detailStatus(t, p, token, id) != 200 {
			t.Fatalf("round %d: acknowledged upload %s is gone after SIGKILL", round, id)
		}
		if !strings.Contains(recs[id], title) {
			t.Fatalf("round %d: the change log after the round's cursor lacks upload %s (has %q)", round, id, recs[id])
		}
	}
	for id, name := range a.folders {
		if _, old := before.folders[id]; old {
			continue
		}
		n++
		if folders[id] != name {
			t.Fatalf("round %d: acknowledged folder %s %q is not in the change log after the round's cursor (%q)", round, id, name, folders[id])
		}
	}
	for id, last := range a.edits {
		if before.edits[id] == last {
			continue
		}
		n++
		if got := editNumber(recs[id], id); got < last || got > a.attempted[id] {
			t.Fatalf("round %d: %s has edit %d after SIGKILL; %d was acknowledged, %d the last sent", round, id, got, last, a.attempted[id])
		}
	}
	return n
}

// checkEverything reads the whole log from the start: nothing acknowledged
// in any round went missing later (a compaction, a replay, a later crash).
func checkEverything(t *testing.T, a *acked, recs, folders map[string]string) {
	t.Helper()
	for id, title := range a.recordings {
		if !strings.Contains(recs[id], title) {
			t.Fatalf("acknowledged upload %s is missing from a full pull", id)
		}
	}
	for id, name := range a.folders {
		if folders[id] != name {
			t.Fatalf("acknowledged folder %s %q is missing from a full pull (%q)", id, name, folders[id])
		}
	}
	for id, last := range a.edits {
		if got := editNumber(recs[id], id); got < last {
			t.Fatalf("%s went back to edit %d; %d was acknowledged", id, got, last)
		}
	}
}

// editNumber reads n from the title "Edit <id> <n>" in a list item; -1 if absent.
func editNumber(itemJSON, id string) int {
	var item struct{ Title string }
	if json.Unmarshal([]byte(itemJSON), &item) != nil {
		return -1
	}
	n, err := strconv.Atoi(strings.TrimPrefix(item.Title, "Edit "+id+" "))
	if err != nil {
		return -1
	}
	return n
}
