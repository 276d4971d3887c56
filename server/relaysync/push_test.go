package relaysync_test

import (
	"github.com/pocket-companion/pocket/server/relaysync"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pocket-companion/pocket/pkg/events"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/syncer"
)

func str(s string) *string { return &s }

func update(key, id, title string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: id, Title: str(title)}}}
}

func (e *env) push(p person, muts ...*syncv1.Mutation) []*syncv1.MutationResult {
	e.t.Helper()
	res, err := e.sync.Push(syncer.WithToken(ctx, p.token), p.uid, muts)
	if err != nil {
		e.t.Fatal(err)
	}
	return res.GetResults()
}

func wantOutcome(t *testing.T, r *syncv1.MutationResult, want syncv1.Outcome) {
	t.Helper()
	if r.GetOutcome() != want {
		t.Fatalf("result %v, want %v", r, want)
	}
}

func TestPush_UpdateDeleteAndCreateFolderReachTheUpstream(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 3)
	e.pullAll(alice, "")
	heard := e.listen(alice.uid)

	res := e.push(alice,
		update("k1", ids[0], "Renamed on a plane"),
		&syncv1.Mutation{IdempotencyKey: "k2", Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: "device-folder", Name: "Made offline"}}},
		&syncv1.Mutation{IdempotencyKey: "k3", Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: ids[1], FolderId: str("device-folder")}}},
		&syncv1.Mutation{IdempotencyKey: "k4", Op: &syncv1.Mutation_DeleteRecording{DeleteRecording: &syncv1.DeleteRecording{Id: ids[2]}}},
	)
	for _, r := range res {
		wantOutcome(t, r, syncv1.Outcome_OUTCOME_APPLIED)
	}
	if !strings.Contains(res[0].GetCurrent().GetRecording().GetItemJson(), "Renamed on a plane") {
		t.Fatalf("the update's current is %v", res[0].GetCurrent())
	}
	folder := res[1].GetCurrent().GetFolder()
	if folder.GetName() != "Made offline" || folder.GetId() != "device-folder" {
		t.Fatalf("the created folder's current is %v, want the device's id kept", res[1].GetCurrent())
	}
	if res[2].GetCurrent().GetRecording().GetFolderId() != folder.GetId() {
		t.Fatalf("the move into the device's folder landed in %q, want %q", res[2].GetCurrent().GetRecording().GetFolderId(), folder.GetId())
	}
	if res[3].GetCurrent().GetTombstone().GetId() != ids[2] {
		t.Fatalf("the delete's current is %v", res[3].GetCurrent())
	}

	// The upstream has all of it.
	if r := alice.rest.Do("GET", "/api/v1/recordings/"+ids[0], nil); !strings.Contains(string(r.Body), "Renamed on a plane") {
		t.Fatalf("upstream detail %s", r.Body)
	}
	if r := alice.rest.Do("GET", "/api/v1/recordings/"+ids[2], nil); r.Status != http.StatusNotFound {
		t.Fatalf("deleted recording at the upstream: %d", r.Status)
	}
	var inFolder struct {
		Data []struct{ ID string } `json:"data"`
	}
	alice.rest.MustOK("GET", "/api/v1/recordings/dashboard?folder_id="+folder.GetId(), nil, &inFolder)
	if len(inFolder.Data) != 1 || inFolder.Data[0].ID != ids[1] {
		t.Fatalf("the upstream's folder holds %v", inFolder.Data)
	}
	// Other tabs heard of it at once.
	evs := heard.all()
	for _, want := range []string{events.RecordingUpdated, events.FolderUpdated, events.RecordingDeleted} {
		if !slices.ContainsFunc(evs, func(ev events.Event) bool { return ev.Type == want }) {
			t.Fatalf("events %+v lack %s", evs, want)
		}
	}

	// Another device made a folder of the same name offline: it becomes the
	// folder the user has, and its queued move lands there.
	res = e.push(alice,
		&syncv1.Mutation{IdempotencyKey: "k5", Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: "other-device-folder", Name: "made offline"}}},
		&syncv1.Mutation{IdempotencyKey: "k6", Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: ids[0], FolderId: str("other-device-folder")}}},
	)
	if got := res[0].GetCurrent().GetFolder().GetId(); got != "device-folder" {
		t.Fatalf("the second device's folder is %q, want the one the user has", got)
	}
	if got := res[1].GetCurrent().GetRecording().GetFolderId(); got != "device-folder" {
		t.Fatalf("the second device's move landed in %q", got)
	}
}

func TestPush_ReplayedKeyIsNotSentAgain(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 1)
	m := update("once", ids[0], "Only once")
	wantOutcome(t, e.push(alice, m)[0], syncv1.Outcome_OUTCOME_APPLIED)
	// Someone renames it again at the provider; the device resends its edit.
	alice.rest.MustOK("PUT", "/api/v1/recordings/"+ids[0], map[string]any{"title": "Later edit"})
	again := e.push(alice, m)[0]
	wantOutcome(t, again, syncv1.Outcome_OUTCOME_APPLIED)
	if !again.GetReplayed() {
		t.Fatalf("a resent key was not answered as a replay: %v", again)
	}
	if n := e.up.count(alice.token, "PUT", "/api/v1/recordings/"+ids[0]); n != 1 {
		t.Fatalf("the upstream received the edit %d times", n)
	}
	if r := alice.rest.Do("GET", "/api/v1/recordings/"+ids[0], nil); !strings.Contains(string(r.Body), "Later edit") {
		t.Fatalf("the replay overwrote a later edit: %s", r.Body)
	}
	// The same key for another change is refused, never sent.
	other := e.push(alice, update("once", ids[0], "Something else"))[0]
	if other.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || other.GetErrorCode() != "IDEMPOTENCY_KEY_REUSED" {
		t.Fatalf("a reused key answered %v", other)
	}
}

func TestPush_UpstreamStoppedAnswersRetryAndNothingIsLost(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 2)
	_, cursor := e.pullAll(alice, "")
	cfg := e.stopUpstream()

	// Pulls are answered from the mirror while the upstream is away.
	if pulled, err := e.pull(alice, "", 0); err != nil || len(recordingIDs(pulled.GetChanges())) != 2 {
		t.Fatalf("pull with the upstream stopped: %v, %v", pulled, err)
	}
	res := e.push(alice, update("a", ids[0], "Written while the provider was down"), update("b", ids[1], "Second"))
	wantOutcome(t, res[0], syncv1.Outcome_OUTCOME_RETRY)
	wantOutcome(t, res[1], syncv1.Outcome_OUTCOME_RETRY) // order is kept: not attempted

	e.startUpstream(cfg)
	res = e.push(alice, update("a", ids[0], "Written while the provider was down"), update("b", ids[1], "Second"))
	for _, r := range res {
		wantOutcome(t, r, syncv1.Outcome_OUTCOME_APPLIED)
		if r.GetReplayed() {
			t.Fatalf("a change that never reached the upstream was answered as a replay: %v", r)
		}
	}
	if r := alice.rest.Do("GET", "/api/v1/recordings/"+ids[0], nil); !strings.Contains(string(r.Body), "Written while the provider was down") {
		t.Fatalf("upstream detail %s", r.Body)
	}
	if changes, _ := e.pullAll(alice, cursor); len(recordingIDs(changes)) != 2 {
		t.Fatalf("after recovery the log carries %v", changes)
	}
}

func TestPush_QueuedQuestionIsAskedAtTheUpstreamOnce(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 1)
	m := &syncv1.Mutation{IdempotencyKey: "q1", Op: &syncv1.Mutation_AskQuestion{AskQuestion: &syncv1.AskQuestion{RecordingId: ids[0], Message: "What was decided?"}}}
	first := e.push(alice, m)[0]
	wantOutcome(t, first, syncv1.Outcome_OUTCOME_APPLIED)
	if !strings.Contains(first.GetAnswerJson(), "assistantMessage") {
		t.Fatalf("answer_json %q", first.GetAnswerJson())
	}
	again := e.push(alice, m)[0]
	if !again.GetReplayed() || again.GetAnswerJson() != first.GetAnswerJson() {
		t.Fatalf("resent question answered %v", again)
	}
	if n := e.up.count(alice.token, "POST", "/api/v1/chat/message"); n != 1 {
		t.Fatalf("the upstream was asked %d times", n)
	}
}

func TestPush_UpstreamRefusalIsRejectedWithItsMessage(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice, bob := e.signIn("alice@example.com"), e.signIn("bob@example.com")
	ids := e.uploadFixtures(alice, 1)
	// Bob's edit of Alice's recording: the upstream says it does not exist.
	r := e.push(bob, update("x", ids[0], "Mine now"))[0]
	if r.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || r.GetErrorCode() != "NOT_FOUND" || r.GetErrorMessage() == "" {
		t.Fatalf("an edit of another user's recording answered %v", r)
	}
	// A refusal is remembered like the embedded Push remembers it.
	before := e.up.count(bob.token, "PUT", "")
	if again := e.push(bob, update("x", ids[0], "Mine now"))[0]; !again.GetReplayed() || again.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED {
		t.Fatalf("resent refusal %v", again)
	}
	if e.up.count(bob.token, "PUT", "") != before {
		t.Fatal("a refused key was sent again")
	}
}

func TestPush_FolderAndSpeakerEditsUseTheExtraRoutes(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 1)
	var f struct {
		Data struct{ ID string } `json:"data"`
	}
	alice.rest.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Drafts"}, &f)
	e.pullAll(alice, "")
	res := e.push(alice,
		&syncv1.Mutation{IdempotencyKey: "r", Op: &syncv1.Mutation_RenameFolder{RenameFolder: &syncv1.RenameFolder{Id: f.Data.ID, Name: "Final"}}},
		&syncv1.Mutation{IdempotencyKey: "s", Op: &syncv1.Mutation_RenameSpeaker{RenameSpeaker: &syncv1.RenameSpeaker{RecordingId: ids[0], Speaker: "SPEAKER_00", Name: "Priya R."}}},
		&syncv1.Mutation{IdempotencyKey: "d", Op: &syncv1.Mutation_DeleteFolder{DeleteFolder: &syncv1.DeleteFolder{Id: f.Data.ID}}},
	)
	for _, r := range res {
		wantOutcome(t, r, syncv1.Outcome_OUTCOME_APPLIED)
	}
	if !strings.Contains(res[1].GetCurrent().GetRecording().GetSpeakersJson(), "Priya R.") {
		t.Fatalf("the speaker rename's current carries speakers %q", res[1].GetCurrent().GetRecording().GetSpeakersJson())
	}
	if res[2].GetCurrent().GetTombstone().GetId() != f.Data.ID {
		t.Fatalf("the folder delete's current is %v", res[2].GetCurrent())
	}
}

func TestPush_ProviderWithoutTheExtraRoutesRejectsClearly(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	// A provider that only speaks the spec: a proxy in front of the real
	// upstream that answers 405 to the routes beyond it.
	target, _ := url.Parse(e.upstream.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	lean := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/v1/folders/") || strings.HasSuffix(r.URL.Path, "/speakers") {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(lean.Close)
	e.up.base = lean.URL
	r := e.push(alice, &syncv1.Mutation{IdempotencyKey: "r", Op: &syncv1.Mutation_RenameFolder{RenameFolder: &syncv1.RenameFolder{Id: "f1", Name: "Final"}}})[0]
	if r.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || r.GetErrorCode() != "UNSUPPORTED" || !strings.Contains(r.GetErrorMessage(), "cannot rename folders") {
		t.Fatalf("rename on a provider without the route answered %v", r)
	}
}

// An upstream that answers 5xx, 429 or 401 has not applied the edit for
// good: RETRY, nothing recorded, and the same key applies once it accepts.
func TestPush_UpstreamFailureStatusesAnswerRetry(t *testing.T) {
	for _, status := range []int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusTooManyRequests, http.StatusUnauthorized} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			e := newEnv(t, relaysync.Options{})
			alice := e.signIn("alice@example.com")
			ids := e.uploadFixtures(alice, 1)
			target, _ := url.Parse(e.upstream.URL)
			proxy := httputil.NewSingleHostReverseProxy(target)
			var failing atomic.Bool
			failing.Store(true)
			front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if failing.Load() && r.Method == http.MethodPut {
					http.Error(w, `{"success":false,"message":"not now"}`, status)
					return
				}
				proxy.ServeHTTP(w, r)
			}))
			t.Cleanup(front.Close)
			e.up.mu.Lock()
			e.up.base = front.URL
			e.up.mu.Unlock()

			m := update("k", ids[0], "Eventually")
			wantOutcome(t, e.push(alice, m)[0], syncv1.Outcome_OUTCOME_RETRY)
			failing.Store(false)
			r := e.push(alice, m)[0]
			wantOutcome(t, r, syncv1.Outcome_OUTCOME_APPLIED)
			if r.GetReplayed() {
				t.Fatal("a change the upstream refused for now was recorded")
			}
		})
	}
}

// A push changes the upstream behind the REST relay's cache: the relay drops
// the user's cached answers once the upstream took it, even when the mirror's
// refresh after it cannot run (its background budget spent), so a script's
// REST read through the relay never sees the library from before the push.
func TestPush_TakenEditDropsTheUsersCachedAnswersWithoutARefresh(t *testing.T) {
	e := newEnv(t, relaysync.Options{Rate: 1})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 1)
	e.pullAll(alice, "") // spends the minute's one background request
	before := e.inval.of(alice.uid)

	wantOutcome(t, e.push(alice, update("k1", ids[0], "Renamed on a plane"))[0], syncv1.Outcome_OUTCOME_APPLIED)
	if n := e.inval.of(alice.uid) - before; n < 1 {
		t.Fatalf("a push the upstream took dropped the relay's cache of its user %d times, want at least once", n)
	}
	if n := e.inval.of("someone-else"); n != 0 {
		t.Fatalf("another user's cache was dropped %d times", n)
	}
}

// A folder's template set through the relay is the upstream's folder PUT:
// the answer's current and the upstream's folder name the template, and an
// unknown template is the upstream's refusal, passed on.
func TestPush_SetFolderTemplateGoesToTheUpstreamsFolder(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	var f struct {
		Data struct{ ID string } `json:"data"`
	}
	alice.rest.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Lectures"}, &f)
	e.pullAll(alice, "")
	set := func(k, tpl string) *syncv1.MutationResult {
		return e.push(alice, &syncv1.Mutation{IdempotencyKey: k, Op: &syncv1.Mutation_SetFolderTemplate{
			SetFolderTemplate: &syncv1.SetFolderTemplate{Id: f.Data.ID, TemplateId: tpl}}})[0]
	}
	r := set("t", "lecture")
	wantOutcome(t, r, syncv1.Outcome_OUTCOME_APPLIED)
	if got := r.GetCurrent().GetFolder().GetTemplateId(); got != "lecture" {
		t.Fatalf("the answer's current folder names template %q", got)
	}
	var list struct {
		Data []struct{ ID, TemplateID string } `json:"data"`
	}
	alice.rest.MustOK("GET", "/api/v1/folders", nil, &list)
	if len(list.Data) != 1 || list.Data[0].TemplateID != "lecture" {
		t.Fatalf("the upstream's folders = %+v", list.Data)
	}
	if r := set("u", "no-such-template"); r.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || r.GetErrorCode() != "UNKNOWN_TEMPLATE" {
		t.Fatalf("an unknown template through the relay answered %v", r)
	}
}
