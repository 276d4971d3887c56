package relaysync_test

import (
	"github.com/pocket-companion/pocket/server/relaysync"
	"time"

	"fmt"
	"github.com/pocket-companion/pocket/tests/storetest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pocket-companion/pocket/pkg/events"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/syncer"
)

func TestPull_FirstPullReturnsEveryRecordingAndFolderOfTheUpstream(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	e.uploadFixtures(alice, 10)
	// Recordings that are empty (no summary, no duration) are listed too.
	alice.rest.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "bare", "title": "Nothing yet"}})
	var folders struct {
		Data []struct{ ID, Name string } `json:"data"`
	}
	alice.rest.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Side projects"})
	alice.rest.MustOK("GET", "/api/v1/folders", nil, &folders)

	changes, _ := e.pullAll(alice, "")
	want := upstreamIDs(t, alice)
	if got := recordingIDs(changes); !slices.Equal(got, want) || len(want) != 11 {
		t.Fatalf("pulled recordings %v, the upstream lists %v", got, want)
	}
	var gotFolders []string
	for _, c := range changes {
		if f := c.GetFolder(); f != nil {
			gotFolders = append(gotFolders, f.GetId())
		}
	}
	if len(gotFolders) != len(folders.Data) || len(folders.Data) == 0 {
		t.Fatalf("pulled folders %v, the upstream lists %v", gotFolders, folders.Data)
	}
	for _, c := range changes {
		if r := c.GetRecording(); r != nil && r.GetId() == "bare" && !r.GetEmpty() {
			t.Fatalf("a recording without summary or duration is not marked empty: %v", r)
		}
		if r := c.GetRecording(); r != nil && r.GetId() != "bare" && r.GetEmpty() {
			t.Fatalf("a summarised recording is marked empty: %v", r)
		}
	}
}

func TestRefresh_UpstreamEditBecomesAChangeAndAnEvent(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 3)
	_, cursor := e.pullAll(alice, "")
	if n := e.inval.of(alice.uid); n != 0 {
		t.Fatalf("the first listing dropped the relay's cache %d times: nothing changed for it", n)
	}
	heard := e.listen(alice.uid)

	alice.rest.MustOK("PUT", "/api/v1/recordings/"+ids[1], map[string]any{"title": "Renamed at the provider"})
	changes, cursor := e.pullAll(alice, cursor)
	if len(changes) != 1 || !strings.Contains(changes[0].GetRecording().GetItemJson(), "Renamed at the provider") {
		t.Fatalf("pull after an upstream edit = %v", changes)
	}
	if n := e.inval.of(alice.uid); n != 1 {
		t.Fatalf("an edit made elsewhere dropped the relay's cache %d times, want once", n)
	}
	evs := heard.all()
	if len(evs) != 1 || evs[0].Type != events.RecordingUpdated || evs[0].RecordingID != ids[1] || evs[0].Seq != changes[0].GetSeq() {
		t.Fatalf("events %+v, want one recording.updated at seq %d", evs, changes[0].GetSeq())
	}

	// Nothing changed: nothing is logged or announced again.
	if again, _ := e.pullAll(alice, cursor); len(again) != 0 || len(heard.all()) != 1 {
		t.Fatalf("an unchanged upstream logged %v and announced %v", again, heard.all())
	}
}

func TestRefresh_DeletionAtTheUpstreamBecomesATombstone(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 2)
	var folder struct {
		Data struct{ ID string } `json:"data"`
	}
	alice.rest.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Old"}, &folder)
	_, cursor := e.pullAll(alice, "")
	heard := e.listen(alice.uid)

	alice.rest.MustOK("DELETE", "/api/v1/recordings/"+ids[0], nil)
	changes, _ := e.pullAll(alice, cursor)
	if len(changes) != 1 || changes[0].GetTombstone().GetId() != ids[0] || changes[0].GetTombstone().GetKind() != syncv1.EntityKind_ENTITY_KIND_RECORDING {
		t.Fatalf("pull after an upstream deletion = %v", changes)
	}
	if evs := heard.all(); len(evs) != 1 || evs[0].Type != events.RecordingDeleted || evs[0].RecordingID != ids[0] {
		t.Fatalf("events %+v, want recording.deleted", evs)
	}
	fresh, _ := e.pullAll(alice, "")
	if got := recordingIDs(fresh); !slices.Equal(got, []string{ids[1]}) {
		t.Fatalf("a fresh device pulls %v, want only %s", got, ids[1])
	}
}

func TestRefresh_SummaryArrivingAnnouncesSummaryReady(t *testing.T) {
	gate, release := gateSummaries()
	e := newEnv(t, relaysync.Options{}, gate)
	t.Cleanup(release)
	alice := e.signIn("alice@example.com")
	e.pullAll(alice, "")
	heard := e.listen(alice.uid)
	// Uploaded without a summary: the upstream's engine summarises it in the
	// background, which the relay sees as the item gaining one.
	alice.rest.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":     map[string]any{"id": "fresh", "title": "Standup", "duration": 60},
		"transcription": map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "We ship on Friday.", "start": 0, "end": 3}}},
	})
	e.pullAll(alice, "")
	if !hasEvent(heard, events.RecordingCreated, "fresh")() {
		t.Fatalf("events %+v lack recording.created", heard.all())
	}
	release()
	waitFor(t, 20*time.Second, "summary.ready", func() bool {
		e.pullAll(alice, "")
		return hasEvent(heard, events.SummaryReady, "fresh")()
	})
}

func TestPull_TwoUsersNeverSeeEachOthersMirrorOrEvents(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice, bob := e.signIn("alice@example.com"), e.signIn("bob@example.com")
	aliceIDs := e.uploadFixtures(alice, 2)
	bob.rest.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "bobs", "title": "Bob's", "duration": 5}})
	_, ac := e.pullAll(alice, "")
	_, bc := e.pullAll(bob, "")
	aliceHeard, bobHeard := e.listen(alice.uid), e.listen(bob.uid)

	bob.rest.MustOK("PUT", "/api/v1/recordings/bobs", map[string]any{"title": "Bob's, renamed"})
	alice.rest.MustOK("PUT", "/api/v1/recordings/"+aliceIDs[0], map[string]any{"title": "Alice's, renamed"})
	a, _ := e.pullAll(alice, ac)
	b, _ := e.pullAll(bob, bc)
	if got := recordingIDs(a); !slices.Equal(got, []string{aliceIDs[0]}) {
		t.Fatalf("alice pulled %v", got)
	}
	if got := recordingIDs(b); !slices.Equal(got, []string{"bobs"}) {
		t.Fatalf("bob pulled %v", got)
	}
	all, _ := e.pullAll(alice, "")
	if slices.Contains(recordingIDs(all), "bobs") {
		t.Fatal("alice's full pull carries bob's recording")
	}
	for _, ev := range aliceHeard.all() {
		if ev.RecordingID != aliceIDs[0] {
			t.Fatalf("alice heard %+v", ev)
		}
	}
	for _, ev := range bobHeard.all() {
		if ev.RecordingID != "bobs" {
			t.Fatalf("bob heard %+v", ev)
		}
	}
}

func TestPull_CursorOfAnotherRelaysLogAnswersResync(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	e.uploadFixtures(alice, 2)
	_, cursor := e.pullAll(alice, "")

	// A second replica, with its own Badger, in front of the same upstream.
	otherDB := storetest.Open(t)
	otherRelay := relaysync.New(otherDB, e.up, nil, nil, nil, relaysync.Options{MinRefresh: time.Nanosecond})
	t.Cleanup(otherRelay.Close)
	other, asAlice := syncer.New(otherDB, otherRelay, nil), syncer.WithToken(ctx, alice.token)
	res, err := other.Pull(asAlice, alice.uid, cursor, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !res.GetResync() {
		t.Fatalf("a cursor of another replica's log was continued: %v", res)
	}
	fresh, err := other.Pull(asAlice, alice.uid, "", 0)
	if err != nil || len(recordingIDs(fresh.GetChanges())) != 2 {
		t.Fatalf("pull from the start on the other replica = %v, %v", fresh, err)
	}
}

// A change another replica announced (over NATS) makes the next pull here
// refresh, however recent this replica's last refresh: the tab that heard
// the event must find the change when it pulls.
func TestPull_RefreshesAfterAnotherReplicaAnnouncedAChange(t *testing.T) {
	e := newEnv(t, relaysync.Options{MinRefresh: time.Hour})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 2)
	_, cursor := e.pullAll(alice, "")

	alice.rest.MustOK("PUT", "/api/v1/recordings/"+ids[0], map[string]any{"title": "Renamed through another replica"})
	if changes, _ := e.pullAll(alice, cursor); len(changes) != 0 {
		t.Fatalf("a pull within MinRefresh refreshed anyway: %v", changes)
	}
	e.svc.ChangedElsewhere(alice.uid)
	changes, cursor := e.pullAll(alice, cursor)
	if len(changes) != 1 || !strings.Contains(changes[0].GetRecording().GetItemJson(), "Renamed through another replica") {
		t.Fatalf("pull after another replica's event = %v", changes)
	}
	alice.rest.MustOK("PUT", "/api/v1/recordings/"+ids[1], map[string]any{"title": "Not announced"})
	if again, _ := e.pullAll(alice, cursor); len(again) != 0 {
		t.Fatalf("one announcement refreshed twice: %v", again)
	}
}

func TestPull_DevicesPullingTogetherAfterAnAnnouncementAllSeeItFromOneListing(t *testing.T) {
	e := newEnv(t, relaysync.Options{MinRefresh: time.Hour, Rate: 100_000}) // the budget is not what is tested
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 2)
	_, cursor := e.pullAll(alice, "")

	for round := range 5 {
		title := fmt.Sprintf("Renamed in round %d", round)
		alice.rest.MustOK("PUT", "/api/v1/recordings/"+ids[0], map[string]any{"title": title})
		e.svc.ChangedElsewhere(alice.uid) // every device hears of it and pulls at once
		before := e.up.count(alice.token, "", "/api/v1/recordings/dashboard")
		const devices = 6
		var wg sync.WaitGroup
		saw := make([]bool, devices)
		for d := range devices {
			wg.Go(func() {
				res, err := e.pull(alice, cursor, 50)
				if err != nil {
					t.Error(err)
					return
				}
				for _, c := range res.GetChanges() {
					saw[d] = saw[d] || strings.Contains(c.GetRecording().GetItemJson(), title)
				}
			})
		}
		wg.Wait()
		for d, ok := range saw {
			if !ok {
				t.Fatalf("round %d: device %d was answered without the change it heard of", round, d)
			}
		}
		if n := e.up.count(alice.token, "", "/api/v1/recordings/dashboard") - before; n != 1 {
			t.Fatalf("round %d: %d listings of the upstream for one announcement, want 1", round, n)
		}
		_, cursor = e.pullAll(alice, cursor)
	}
}
