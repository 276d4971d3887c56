package usage_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"connectrpc.com/connect"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// start runs a server with the quotas set by edit on top of the defaults.
func start(t *testing.T, edit func(*quota.Limits)) (*servertest.Server, *servertest.Client) {
	t.Helper()
	s := servertest.Start(t, func(c *config.Config) { edit(&c.Quotas.Limits) })
	return s, s.SignIn(t, "alice@example.com")
}

// recording is an import object with two unnamed speakers.
func recording(id string) map[string]any {
	return map[string]any{
		"recording": map[string]any{"id": id, "title": "Talk " + id},
		"transcription": map[string]any{"segments": []any{
			map[string]any{"speaker": "SPEAKER_00", "text": "hello there", "start_time": 0, "end_time": 2},
			map[string]any{"speaker": "SPEAKER_01", "text": "hi back", "start_time": 2, "end_time": 4},
		}},
	}
}

// refused checks an answer is the documented refusal: status, code, the
// REST error shape, and a Retry-After only for rates.
func refused(t *testing.T, r servertest.Response, status int, code string) {
	t.Helper()
	var body struct {
		Success bool
		Message string
		Code    string
	}
	r.JSON(t, &body)
	if r.Status != status || body.Code != code || body.Success || body.Message == "" {
		t.Fatalf("answer %d %s, want %d %s with a message", r.Status, r.Body, status, code)
	}
	retry := r.Header.Get("Retry-After")
	if status == http.StatusTooManyRequests {
		if n, err := strconv.Atoi(retry); err != nil || n < 1 {
			t.Fatalf("Retry-After %q, want whole seconds", retry)
		}
	} else if retry != "" {
		t.Fatalf("Retry-After %q on a limit that waiting does not lift", retry)
	}
}

// usage reads GET /api/v1/usage as id -> used.
func usage(t *testing.T, c *servertest.Client) map[string]int64 {
	t.Helper()
	var a struct {
		Data struct {
			Items []struct {
				ID    string
				Used  *int64
				Limit int64
			}
		}
	}
	c.MustOK("GET", "/api/v1/usage", nil, &a)
	out := map[string]int64{}
	for _, it := range a.Data.Items {
		if it.Used != nil {
			out[it.ID] = *it.Used
		}
	}
	return out
}

// wantUsage checks one count of GET /api/v1/usage.
func wantUsage(t *testing.T, c *servertest.Client, id string, want int64) {
	t.Helper()
	if got := usage(t, c)[id]; got != want {
		t.Fatalf("usage %s = %d, want %d", id, got, want)
	}
}

// wantAbsent checks a refused upload stored nothing.
func wantAbsent(t *testing.T, c *servertest.Client, id string) {
	t.Helper()
	if r := c.Do("GET", "/api/v1/recordings/"+id, nil); r.Status != http.StatusNotFound {
		t.Fatalf("refused upload %s stored: %d %s", id, r.Status, r.Body)
	}
}

// dashboardTotal is how many recordings the dashboard lists.
func dashboardTotal(t *testing.T, c *servertest.Client) int {
	t.Helper()
	var d struct{ Data []any }
	c.MustOK("GET", "/api/v1/recordings/dashboard?limit=100", nil, &d)
	return len(d.Data)
}

func TestQuota_RecordingsRefusedPastTheLimitAndFreedByDeleting(t *testing.T) {
	t.Parallel()
	_, alice := start(t, func(l *quota.Limits) { l.Recordings = 2 })
	alice.MustOK("POST", "/api/v1/recordings", recording("r1"))
	alice.MustOK("POST", "/api/v1/recordings", recording("r2"))
	refused(t, alice.Do("POST", "/api/v1/recordings", recording("r3")), http.StatusRequestEntityTooLarge, "QUOTA_RECORDINGS")
	wantAbsent(t, alice, "r3")
	// Replacing a stored recording adds none.
	newer := recording("r1")
	newer["recording"].(map[string]any)["updatedAt"] = "2030-01-01T00:00:00Z"
	alice.MustOK("POST", "/api/v1/recordings", newer)

	alice.MustOK("DELETE", "/api/v1/recordings/r2", nil)
	alice.MustOK("POST", "/api/v1/recordings", recording("r3"))
	if got := usage(t, alice)["recordings"]; got != 2 || dashboardTotal(t, alice) != 2 {
		t.Fatalf("usage recordings %d, dashboard %d, want 2 and 2", got, dashboardTotal(t, alice))
	}
}

func TestQuota_ConcurrentUploadsStopExactlyAtTheLimit(t *testing.T) {
	t.Parallel()
	_, alice := start(t, func(l *quota.Limits) { l.Recordings = 10 })
	var wg sync.WaitGroup
	statuses := make([]int, 20)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = alice.Do("POST", "/api/v1/recordings", recording(fmt.Sprintf("c%02d", i))).Status
		}()
	}
	wg.Wait()
	counts := map[int]int{}
	for _, s := range statuses {
		counts[s]++
	}
	if counts[http.StatusCreated] != 10 || counts[http.StatusRequestEntityTooLarge] != 10 {
		t.Fatalf("statuses %v, want 10 created and 10 refused", counts)
	}
	if got := usage(t, alice)["recordings"]; got != 10 || dashboardTotal(t, alice) != 10 {
		t.Fatalf("usage %d, dashboard %d, want 10 and 10", got, dashboardTotal(t, alice))
	}
}

// withAudio is a multipart upload of rec with audio bytes.
func withAudio(t *testing.T, c *servertest.Client, rec map[string]any, audio []byte) servertest.Response {
	t.Helper()
	raw, _ := json.Marshal(rec)
	return c.PostWithAudio(raw, audio)
}

func TestQuota_BytesCountAudioAndAreFreedByDeleting(t *testing.T) {
	t.Parallel()
	_, alice := start(t, func(l *quota.Limits) { l.Bytes = 20_000 })
	sound := append([]byte("OggS"), bytes.Repeat([]byte{1}, 12_000)...)
	if r := withAudio(t, alice, recording("a1"), sound); r.Status != http.StatusCreated {
		t.Fatalf("first upload %d %s", r.Status, r.Body)
	}
	used := usage(t, alice)["bytes"]
	if used <= int64(len(sound)) {
		t.Fatalf("usage bytes %d, want the audio (%d) and the record", used, len(sound))
	}
	refused(t, withAudio(t, alice, recording("a2"), sound), http.StatusRequestEntityTooLarge, "QUOTA_BYTES")
	wantAbsent(t, alice, "a2")
	// a1's summary may land meanwhile and add its bytes; the refused audio must not.
	if got := usage(t, alice)["bytes"]; got-used >= int64(len(sound)) {
		t.Fatalf("usage bytes %d after a refusal, was %d: the refused audio was counted", got, used)
	}
	alice.MustOK("DELETE", "/api/v1/recordings/a1", nil)
	wantUsage(t, alice, "bytes", 0)
	if r := withAudio(t, alice, recording("a2"), sound); r.Status != http.StatusCreated {
		t.Fatalf("upload after delete %d %s", r.Status, r.Body)
	}
	if r := alice.Do("GET", "/api/v1/recordings/a2/audio", nil); r.Status != http.StatusOK || len(r.Body) != len(sound) {
		t.Fatalf("audio %d, %d bytes", r.Status, len(r.Body))
	}
}

func TestQuota_UploadsPerDayAnswer429WithRetryAfter(t *testing.T) {
	t.Parallel()
	_, alice := start(t, func(l *quota.Limits) { l.UploadsPerDay = 2 })
	alice.MustOK("POST", "/api/v1/recordings", recording("u1"))
	alice.MustOK("POST", "/api/v1/recordings", recording("u2"))
	refused(t, alice.Do("POST", "/api/v1/recordings", recording("u3")), http.StatusTooManyRequests, "QUOTA_UPLOADS_PER_DAY")
	wantAbsent(t, alice, "u3")
	wantUsage(t, alice, "uploadsToday", 2)
}

// syncClient is the Connect sync client of a signed-in user.
func syncClient(s *servertest.Server, c *servertest.Client) syncv1connect.SyncServiceClient {
	return syncv1connect.NewSyncServiceClient(http.DefaultClient, s.URL, connect.WithInterceptors(connect.UnaryInterceptorFunc(
		func(next connect.UnaryFunc) connect.UnaryFunc {
			return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
				req.Header().Set("Authorization", "Bearer "+c.IDToken)
				return next(ctx, req)
			}
		})))
}

// pushOne sends one mutation and answers its result.
func pushOne(t *testing.T, c syncv1connect.SyncServiceClient, m *syncv1.Mutation) *syncv1.MutationResult {
	t.Helper()
	res, err := c.Push(context.Background(), connect.NewRequest(&syncv1.PushRequest{Mutations: []*syncv1.Mutation{m}}))
	if err != nil {
		t.Fatal(err)
	}
	return res.Msg.GetResults()[0]
}

// refusedForGood checks a synced edit was refused for good with the quota's code.
func refusedForGood(t *testing.T, r *syncv1.MutationResult, code string) {
	t.Helper()
	if r.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || r.GetErrorCode() != code || r.GetErrorMessage() == "" {
		t.Fatalf("result %v, want REJECTED %s with a message", r, code)
	}
}

func TestQuota_FoldersOverRESTAndSync(t *testing.T) {
	t.Parallel()
	s, alice := start(t, func(l *quota.Limits) { l.Folders = 1 })
	var made struct{ Data struct{ ID string } }
	alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Work"}, &made)
	refused(t, alice.Do("POST", "/api/v1/folders", map[string]any{"name": "Home"}), http.StatusRequestEntityTooLarge, "QUOTA_FOLDERS")
	sc := syncClient(s, alice)
	refusedForGood(t, pushOne(t, sc, &syncv1.Mutation{IdempotencyKey: "f-1",
		Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: "dev-folder", Name: "Home"}}}), "QUOTA_FOLDERS")
	// An upload naming a new folder would make one: refused, nothing stored.
	rec := recording("r1")
	rec["recording"].(map[string]any)["folder"] = map[string]any{"name": "Trips"}
	refused(t, alice.Do("POST", "/api/v1/recordings", rec), http.StatusRequestEntityTooLarge, "QUOTA_FOLDERS")
	var list struct{ Data []any }
	if alice.MustOK("GET", "/api/v1/folders", nil, &list); len(list.Data) != 1 {
		t.Fatalf("folders %v, want only Work", list.Data)
	}
	alice.MustOK("DELETE", "/api/v1/folders/"+made.Data.ID, nil)
	if r := pushOne(t, sc, &syncv1.Mutation{IdempotencyKey: "f-2",
		Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: "dev-folder", Name: "Home"}}}); r.GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED {
		t.Fatalf("create after delete: %v", r)
	}
	wantUsage(t, alice, "folders", 1)
}

func TestQuota_SpeakersCountDistinctNamedPeople(t *testing.T) {
	t.Parallel()
	s, alice := start(t, func(l *quota.Limits) { l.Speakers = 1 })
	alice.MustOK("POST", "/api/v1/recordings", recording("r1"))
	alice.MustOK("POST", "/api/v1/recordings", recording("r2"))
	alice.MustOK("PUT", "/api/v1/recordings/r1/speakers", map[string]any{"speaker": "SPEAKER_00", "name": "Ann"})
	// The same person again, elsewhere, adds nobody.
	alice.MustOK("PUT", "/api/v1/recordings/r2/speakers", map[string]any{"speaker": "SPEAKER_00", "name": "ann"})
	refused(t, alice.Do("PUT", "/api/v1/recordings/r1/speakers", map[string]any{"speaker": "SPEAKER_01", "name": "Bob"}), http.StatusRequestEntityTooLarge, "QUOTA_SPEAKERS")
	refusedForGood(t, pushOne(t, syncClient(s, alice), &syncv1.Mutation{IdempotencyKey: "s-1",
		Op: &syncv1.Mutation_RenameSpeaker{RenameSpeaker: &syncv1.RenameSpeaker{RecordingId: "r2", Speaker: "SPEAKER_01", Name: "Bob"}}}), "QUOTA_SPEAKERS")
	var people struct{ Data []any }
	if alice.MustOK("GET", "/api/v1/people", nil, &people); len(people.Data) != 1 {
		t.Fatalf("people %v, want Ann only", people.Data)
	}
	// Deleting the recordings that name Ann frees her place.
	alice.MustOK("DELETE", "/api/v1/recordings/r1", nil)
	alice.MustOK("DELETE", "/api/v1/recordings/r2", nil)
	alice.MustOK("POST", "/api/v1/recordings", recording("r3"))
	alice.MustOK("PUT", "/api/v1/recordings/r3/speakers", map[string]any{"speaker": "SPEAKER_01", "name": "Bob"})
	wantUsage(t, alice, "speakers", 1)
}

func TestQuota_ShareLinksFreedByRevoking(t *testing.T) {
	t.Parallel()
	_, alice := start(t, func(l *quota.Limits) { l.ShareLinks = 1 })
	alice.MustOK("POST", "/api/v1/recordings", recording("r1"))
	var link struct{ Token string }
	alice.MustOK("POST", "/api/v1/recordings/r1/share", nil, &link)
	refused(t, alice.Do("POST", "/api/v1/recordings/r1/share", nil), http.StatusRequestEntityTooLarge, "QUOTA_SHARE_LINKS")
	var links struct{ Data []any }
	if alice.MustOK("GET", "/api/v1/recordings/r1/shares", nil, &links); len(links.Data) != 1 {
		t.Fatalf("links %v, want one", links.Data)
	}
	alice.MustOK("DELETE", "/api/v1/share/"+link.Token, nil)
	alice.MustOK("POST", "/api/v1/recordings/r1/share", nil)
	wantUsage(t, alice, "shareLinks", 1)
}

func TestQuota_ChatMessagesPerMinute(t *testing.T) {
	t.Parallel()
	_, alice := start(t, func(l *quota.Limits) { l.ChatPerMinute = 1 })
	alice.MustOK("POST", "/api/v1/recordings", recording("r1"))
	alice.MustOK("POST", "/api/v1/chat/message", map[string]any{"recordingId": "r1", "message": "Who spoke?"})
	r := alice.Do("POST", "/api/v1/chat/message", map[string]any{"recordingId": "r1", "message": "And then?"})
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("second message %d %s, want 429 with Retry-After", r.Status, r.Body)
	}
}

func TestUsage_ListsEveryLimitWithTheConfiguredValues(t *testing.T) {
	t.Parallel()
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", recording("r1"))
	alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Work"})
	var a struct {
		Data struct {
			Items []struct {
				ID    string
				Used  *int64
				Limit int64
			}
		}
	}
	alice.MustOK("GET", "/api/v1/usage", nil, &a)
	want := map[string][2]int64{ // used (-1: not counted), limit
		"recordings": {1, 50_000}, "uploadsToday": {1, 500}, "folders": {1, 1_000}, "speakers": {0, 5_000},
		"shareLinks": {0, 10_000}, "pushSubscriptions": {0, 20}, "liveSockets": {-1, 16}, "chatPerMinute": {-1, 10},
		"accessTokens": {0, 50}, "tokenRequestsPerMinute": {-1, 300},
	}
	for _, it := range a.Data.Items {
		if it.ID == "bytes" {
			if it.Limit != 50<<30 || it.Used == nil || *it.Used == 0 {
				t.Errorf("bytes %v of %d", it.Used, it.Limit)
			}
			continue
		}
		w, ok := want[it.ID]
		used := int64(-1)
		if it.Used != nil {
			used = *it.Used
		}
		if !ok || used != w[0] || it.Limit != w[1] {
			t.Errorf("%s: %d of %d, want %v", it.ID, used, it.Limit, w)
		}
		delete(want, it.ID)
	}
	if len(want) != 0 {
		t.Errorf("missing items %v", want)
	}
	if r := s.NewClient(t).Do("GET", "/api/v1/usage", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("anonymous usage = %d", r.Status)
	}
}

// A relay keeps no library: its upstream counts and refuses, and the relay
// hands the refusal on as it came (status, code, message, Retry-After).
func TestQuota_RelayPassesTheUpstreamsRefusalsThrough(t *testing.T) {
	t.Parallel()
	upstream := servertest.Start(t, func(c *config.Config) { c.Quotas.Limits.Recordings, c.Quotas.Limits.UploadsPerDay = 1, 2 })
	relay := servertest.Start(t, func(c *config.Config) {
		c.UpstreamURL, c.UpstreamJWKSURL = upstream.URL, upstream.URL+"/api/v1/auth/jwks"
	})
	alice := relay.WithToken(t, upstream.SignIn(t, "alice@example.com").IDToken)
	alice.MustOK("POST", "/api/v1/recordings", recording("r1"))
	direct := upstream.WithToken(t, alice.IDToken).Do("POST", "/api/v1/recordings", recording("r2"))
	relayed := alice.Do("POST", "/api/v1/recordings", recording("r2"))
	refused(t, relayed, http.StatusRequestEntityTooLarge, "QUOTA_RECORDINGS")
	if !bytes.Equal(relayed.Body, direct.Body) {
		t.Fatalf("relayed %s, upstream said %s", relayed.Body, direct.Body)
	}
	// Deleting makes room for one more recording; then the day's uploads run out.
	alice.MustOK("DELETE", "/api/v1/recordings/r1", nil)
	alice.MustOK("POST", "/api/v1/recordings", recording("r3"))
	relayed = alice.Do("POST", "/api/v1/recordings", recording("r4"))
	refused(t, relayed, http.StatusTooManyRequests, "QUOTA_UPLOADS_PER_DAY")
	if relayed.Header.Get("Retry-After") == "" {
		t.Fatal("the relay dropped Retry-After")
	}
	var u struct{ Data struct{ Items []any } }
	if alice.MustOK("GET", "/api/v1/usage", nil, &u); len(u.Data.Items) == 0 {
		t.Fatal("the relay answered no usage")
	}
}
