package recordings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/events"
	recs "github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/storetest"
)

func TestRoutes_NeedATokenAndAnswer401JSON(t *testing.T) {
	e := newEnv(t)
	for _, rt := range everyRoute("r1", "s1") {
		for _, token := range []string{"", "forged"} {
			t.Run(rt[0]+" "+rt[1]+" token="+token, func(t *testing.T) {
				e.want(e.do(rt[0], rt[1], token, []byte(rt[2])), http.StatusUnauthorized)
			})
		}
	}
}

func TestUnknownAPIPath_Is404JSON(t *testing.T) {
	e := newEnv(t)
	for _, p := range []string{"/api/v1/nope", "/api/v1/recordings/r1/unknown", "/api/v1/summarizations/a/b/c"} {
		a := e.want(e.do("GET", p, "alice-token", nil), http.StatusNotFound)
		if a.body["code"] != "NOT_FOUND" {
			t.Fatalf("%s: %s", p, a.raw)
		}
	}
}

func TestUpload_CreatedReplacedAndRefused(t *testing.T) {
	e := newEnv(t)
	body := fixture(t, "01-weekly-product-sync.json")
	a := e.want(e.do("POST", "/api/v1/recordings", "alice-token", []byte(body)), http.StatusCreated)
	if d := dataMap(a); d["id"] != "rec_01_weekly_sync" || d["created"] != true || a.body["success"] != true {
		t.Fatalf("created: %s", a.raw)
	}
	a = e.want(e.do("POST", "/api/v1/recordings", "alice-token", []byte(body)), http.StatusOK)
	if d := dataMap(a); d["created"] != false || d["replaced"] != false {
		t.Fatalf("same again: %s", a.raw)
	}
	if id := e.upload("alice-token", `{"recording":{"title":"no id"}}`); len(id) != 36 {
		t.Fatalf("generated id %q", id)
	}

	tests := []struct {
		name, body string
		status     int
	}{
		{"malformed JSON", `{"recording":`, http.StatusBadRequest},
		{"empty body", ``, http.StatusBadRequest},
		{"two values", `{} {}`, http.StatusBadRequest},
		{"array", `[]`, http.StatusBadRequest},
		{"recording not an object", `{"recording":1}`, http.StatusBadRequest},
		{"over 32 MiB", `{"recording":{"title":"` + strings.Repeat("x", MaxUploadBytes) + `"}}`, http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.want(e.do("POST", "/api/v1/recordings", "alice-token", []byte(tt.body)), tt.status)
		})
	}
}

func TestDetail_ShapeWithLooseFieldsAsGiven(t *testing.T) {
	e := newEnv(t)
	body := fixture(t, "02-one-on-one-leo.json")
	id := e.upload("alice-token", body)
	a := e.want(e.do("GET", "/api/v1/recordings/"+id+"?include=all", "alice-token", nil), http.StatusOK)
	var given map[string]any
	_ = json.Unmarshal([]byte(body), &given)
	d := dataMap(a)
	for _, k := range []string{"recording", "speakers", "summarizations", "transcription", "metadata"} {
		if _, ok := d[k]; !ok {
			t.Fatalf("detail lacks %s", k)
		}
		want, _ := json.Marshal(given[k])
		got, _ := json.Marshal(d[k])
		if !bytes.Equal(want, got) {
			t.Errorf("%s changed:\n got %.200s\nwant %.200s", k, got, want)
		}
	}
	if _, isString := d["transcription"].(string); !isString {
		t.Fatal("a transcription given as a JSON string must stay a string")
	}
	e.want(e.do("GET", "/api/v1/recordings/missing", "alice-token", nil), http.StatusNotFound)
	e.want(e.do("GET", "/api/v1/recordings/%20", "alice-token", nil), http.StatusBadRequest)
}

func TestDashboard_ShapeAndCursor(t *testing.T) {
	e := newEnv(t)
	for _, f := range []string{"01-weekly-product-sync.json", "02-one-on-one-leo.json", "03-interview-frontend-engineer.json"} {
		e.upload("alice-token", fixture(t, f))
	}
	a := e.want(e.do("GET", "/api/v1/recordings/dashboard?limit=2", "alice-token", nil), http.StatusOK)
	items := dataList(a)
	cursor, _ := a.body["nextCursor"].(string)
	if a.body["success"] != true || len(items) != 2 || cursor == "" {
		t.Fatalf("first page %s", a.raw)
	}
	first := items[0].(map[string]any)
	if first["id"] != "rec_02_one_on_one_leo" || first["summarization"].(map[string]any)["summary"] == nil {
		t.Fatalf("item %v", first)
	}
	a = e.want(e.do("GET", "/api/v1/recordings/dashboard?limit=2&cursor="+cursor, "alice-token", nil), http.StatusOK)
	if v, present := a.body["nextCursor"]; !present || v != nil || len(dataList(a)) != 1 {
		t.Fatalf("last page %s", a.raw)
	}
	a = e.want(e.do("GET", "/api/v1/recordings/dashboard?sort_by=title&sort_order=asc&include_empty=true&has_summarization=true&start_date=2026-11-17&end_date=2026-11-17T23:00:00", "alice-token", nil), http.StatusOK)
	if n := len(dataList(a)); n != 3 {
		t.Fatalf("filtered: %s", a.raw)
	}
	a = e.want(e.do("GET", "/api/v1/recordings/dashboard?search=GopherCon", "alice-token", nil), http.StatusOK)
	if l := dataList(a); len(l) != 1 || l[0].(map[string]any)["id"] != "rec_02_one_on_one_leo" {
		t.Fatalf("search filter: %s", a.raw)
	}
}

func TestDashboard_InvalidParametersAre400NamingThem(t *testing.T) {
	e := newEnv(t)
	for _, q := range []string{
		"limit=abc", "limit=0", "limit=-5", "cursor=%21%21", "include_empty=maybe", "has_summarization=2",
		"start_date=yesterday", "end_date=12", "sort_by=size", "sort_order=sideways",
		"start_date=2026-02-02&end_date=2026-02-01", "starred=yes", "archived=2",
	} {
		t.Run(q, func(t *testing.T) {
			a := e.want(e.do("GET", "/api/v1/recordings/dashboard?"+q, "alice-token", nil), http.StatusBadRequest)
			param := strings.SplitN(q, "=", 2)[0]
			if strings.Contains(q, "end_date") {
				param = "end_date"
			}
			if !strings.Contains(a.body["message"].(string), param) {
				t.Fatalf("message %q does not name %s", a.body["message"], param)
			}
		})
	}
}

func TestSearch_ShapeAndErrors(t *testing.T) {
	e := newEnv(t)
	e.upload("alice-token", fixture(t, "01-weekly-product-sync.json"))
	e.upload("alice-token", fixture(t, "12-q4-budget-review.json"))
	a := e.want(e.do("GET", "/api/v1/recordings/search?q=budget%20review", "alice-token", nil), http.StatusOK)
	if l := dataList(a); len(l) == 0 || l[0].(map[string]any)["id"] != "rec_12_q4_budget_review" || a.body["total"] == nil {
		t.Fatalf("search: %s", a.raw)
	}
	if v, present := a.body["nextCursor"]; !present || v != nil {
		t.Fatalf("nextCursor must be null: %s", a.raw)
	}
	if m, _ := dataList(a)[0].(map[string]any)["match"].(map[string]any); m["field"] != "title" || m["passage"] == "" {
		t.Fatalf("match: %s", a.raw)
	}
	for q, param := range map[string]string{
		"": "q", "q=%20": "q", "q=x&search_type=semantic": "search_type", "q=x&limit=none": "limit", "q=x&offset=-1": "offset",
		"q=x&has_summarization=maybe": "has_summarization", "q=x&start_date=soon": "start_date", "q=x&end_date=1": "end_date",
		"q=x&start_date=2026-02-01&end_date=2026-01-01": "end_date", "q=x&starred=maybe": "starred", "q=x&archived=no": "archived",
	} {
		a := e.want(e.do("GET", "/api/v1/recordings/search?"+q, "alice-token", nil), http.StatusBadRequest)
		if !strings.Contains(a.body["message"].(string), param) {
			t.Fatalf("%s: %s", q, a.raw)
		}
	}
}

func TestSearch_PagesByOffsetAndFilters(t *testing.T) {
	e := newEnv(t)
	for i := 0; i < 3; i++ {
		e.upload("alice-token", fmt.Sprintf(`{"recording":{"id":"r%d","title":"Okapi %d","recordingAt":"2026-0%d-10T10:00:00Z"}}`, i, i, i+1))
	}
	e.upload("bob-token", `{"recording":{"id":"b1","title":"Okapi"}}`)
	seen := map[string]bool{}
	next := "0"
	for next != "" {
		a := e.want(e.do("GET", "/api/v1/recordings/search?q=okapi&limit=2&offset="+next, "alice-token", nil), http.StatusOK)
		for _, it := range dataList(a) {
			id := it.(map[string]any)["id"].(string)
			if seen[id] || id == "b1" {
				t.Fatalf("%s repeated or another user's: %s", id, a.raw)
			}
			seen[id] = true
		}
		next, _ = a.body["nextCursor"].(string)
	}
	if len(seen) != 3 {
		t.Fatalf("saw %v", seen)
	}
	a := e.want(e.do("GET", "/api/v1/recordings/search?q=okapi&start_date=2026-02-01&end_date=2026-02-28", "alice-token", nil), http.StatusOK)
	if l := dataList(a); len(l) != 1 || l[0].(map[string]any)["id"] != "r1" {
		t.Fatalf("date filter: %s", a.raw)
	}
	a = e.want(e.do("GET", "/api/v1/recordings/search?q=okapi&has_summarization=true", "alice-token", nil), http.StatusOK)
	if l := dataList(a); len(l) != 0 {
		t.Fatalf("summary filter: %s", a.raw)
	}
}

func TestUpdateDeleteAndView(t *testing.T) {
	e := newEnv(t)
	id := e.upload("alice-token", `{"recording":{"id":"r1","title":"Before","duration":3}}`)
	a := e.want(e.do("PUT", "/api/v1/recordings/"+id, "alice-token", []byte(`{"title":"After","folder":{"name":"Work"}}`)), http.StatusOK)
	if d := dataMap(a); d["title"] != "After" || d["folder"].(map[string]any)["name"] != "Work" || d["updatedAt"] == nil {
		t.Fatalf("update: %s", a.raw)
	}
	e.want(e.do("PUT", "/api/v1/recordings/"+id, "alice-token", []byte(`{"title":5}`)), http.StatusBadRequest)
	e.want(e.do("PUT", "/api/v1/recordings/"+id, "alice-token", []byte(`{"title":`)), http.StatusBadRequest)
	e.want(e.do("PUT", "/api/v1/recordings/missing", "alice-token", []byte(`{"title":"x"}`)), http.StatusNotFound)

	if a := e.do("POST", "/api/v1/recordings/"+id+"/view", "alice-token", nil); a.status != http.StatusNoContent || len(a.raw) != 0 {
		t.Fatalf("view: %d %s", a.status, a.raw)
	}
	e.want(e.do("DELETE", "/api/v1/recordings/"+id+"?permanent=perhaps", "alice-token", nil), http.StatusBadRequest)
	a = e.want(e.do("DELETE", "/api/v1/recordings/"+id, "alice-token", nil), http.StatusOK)
	if d := dataMap(a); d["permanent"] != false || a.body["success"] != true {
		t.Fatalf("delete: %s", a.raw)
	}
	e.want(e.do("GET", "/api/v1/recordings/"+id, "alice-token", nil), http.StatusNotFound)
	e.want(e.do("DELETE", "/api/v1/recordings/"+id, "alice-token", nil), http.StatusNotFound)
	e.want(e.do("DELETE", "/api/v1/recordings/"+id+"?permanent=true", "alice-token", nil), http.StatusOK)
	e.want(e.do("POST", "/api/v1/recordings/"+id+"/view", "alice-token", nil), http.StatusNotFound)
}

func TestFolders(t *testing.T) {
	e := newEnv(t)
	a := e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"name":"Work","parent_id":null}`)), http.StatusCreated)
	work := dataMap(a)
	if work["id"] == "" || work["name"] != "Work" || work["parent_id"] != nil || work["createdAt"] == nil {
		t.Fatalf("folder %s", a.raw)
	}
	a = e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"name":"Clients","parent_id":"`+work["id"].(string)+`"}`)), http.StatusCreated)
	if dataMap(a)["parent_id"] != work["id"] {
		t.Fatalf("child %s", a.raw)
	}
	e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"name":"work"}`)), http.StatusConflict)
	e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"name":""}`)), http.StatusBadRequest)
	e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"name":7}`)), http.StatusBadRequest)
	e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"name":"X","parent_id":"nope"}`)), http.StatusNotFound)
	a = e.want(e.do("GET", "/api/v1/folders", "alice-token", nil), http.StatusOK)
	if l := dataList(a); len(l) != 2 {
		t.Fatalf("folders %s", a.raw)
	}
	a = e.want(e.do("GET", "/api/v1/folders", "bob-token", nil), http.StatusOK)
	if string(bytes.TrimSpace(a.raw)) != `{"success":true,"data":[]}` {
		t.Fatalf("bob's folders %s", a.raw)
	}
}

func TestSummarizations(t *testing.T) {
	e := newEnv(t)
	id := e.upload("alice-token", fixture(t, "01-weekly-product-sync.json"))
	a := e.want(e.do("GET", "/api/v1/summarizations/by-recording/"+id, "alice-token", nil), http.StatusOK)
	sid, _ := dataMap(a)["id"].(string)
	if sid != "sum_01_weekly_sync" || dataMap(a)["v2Summary"] == nil {
		t.Fatalf("by recording %s", a.raw)
	}
	a = e.want(e.do("GET", "/api/v1/summarizations/"+sid, "alice-token", nil), http.StatusOK)
	if dataMap(a)["recordingId"] != id {
		t.Fatalf("by id %s", a.raw)
	}
	e.want(e.do("GET", "/api/v1/summarizations/nope", "alice-token", nil), http.StatusNotFound)
	noSum := e.upload("alice-token", `{"recording":{"title":"x"}}`)
	e.want(e.do("GET", "/api/v1/summarizations/by-recording/"+noSum, "alice-token", nil), http.StatusNotFound)
}

// Bob gets 404 for each of Alice's resources on every route that names one,
// and Alice's data is unchanged afterwards.
func TestIDOR_EveryRouteAnswers404ToAnotherUser(t *testing.T) {
	e := newEnv(t)
	id := e.upload("alice-token", fixture(t, "01-weekly-product-sync.json"))
	folder := dataMap(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"name":"Private"}`)))
	for _, rt := range everyRoute(id, "sum_01_weekly_sync") {
		if !strings.Contains(rt[1], id) && !strings.Contains(rt[1], "sum_01") {
			continue
		}
		t.Run(rt[0]+" "+rt[1], func(t *testing.T) {
			e.want(e.do(rt[0], rt[1], "bob-token", []byte(rt[2])), http.StatusNotFound)
		})
	}
	e.want(e.do("POST", "/api/v1/folders", "bob-token", []byte(`{"name":"Mine","parent_id":"`+folder["id"].(string)+`"}`)), http.StatusNotFound)
	for _, p := range []string{"/api/v1/recordings/dashboard?include_empty=true", "/api/v1/recordings/search?q=harbor", "/api/v1/folders",
		"/api/v1/recordings/dashboard?folder_id=" + folder["id"].(string)} {
		if l := dataList(e.want(e.do("GET", p, "bob-token", nil), http.StatusOK)); len(l) != 0 {
			t.Fatalf("bob sees %v at %s", l, p)
		}
	}
	a := e.want(e.do("GET", "/api/v1/recordings/"+id, "alice-token", nil), http.StatusOK)
	if dataMap(a)["recording"].(map[string]any)["title"] != "Weekly Product Sync" {
		t.Fatalf("alice's recording changed: %s", a.raw)
	}
}

func TestModule_ProvidesServiceAndRoutes(t *testing.T) {
	db := storetest.Open(t)
	var svc *recs.Service
	var routes []httpx.Route
	app := fxtest.New(t,
		fx.Supply(db, events.NewBus(), audio.NewFiles(db, t.TempDir()), audio.NewLinks(db, nil), config.Config{}),
		fx.Provide(func() httpx.Verifier { return fakeVerifier{} }, func() httpx.Sessions { return fakeVerifier{} }),
		Module,
		fx.Invoke(fx.Annotate(func(rs []httpx.Route, s *recs.Service) { routes, svc = rs, s }, fx.ParamTags(`group:"routes"`, ``))),
	)
	app.RequireStart().RequireStop()
	if svc == nil || len(routes) != 19 {
		t.Fatalf("service %v, %d routes", svc, len(routes))
	}
	for _, rt := range routes {
		// The audio file authorises itself (bearer token or signed link).
		if rt.Access != httpx.SignedIn && rt.Pattern != "GET /api/v1/recordings/{id}/audio" {
			t.Errorf("%s is not sign-in only", rt.Pattern)
		}
	}
}

func TestDashboard_StarredAndArchivedFilterWhatAPutSet(t *testing.T) {
	e := newEnv(t)
	for _, f := range []string{"01-weekly-product-sync.json", "02-one-on-one-leo.json", "03-interview-frontend-engineer.json"} {
		e.upload("alice-token", fixture(t, f))
	}
	e.want(e.do("PUT", "/api/v1/recordings/rec_02_one_on_one_leo", "alice-token", []byte(`{"starred":true}`)), http.StatusOK)
	put := e.want(e.do("PUT", "/api/v1/recordings/rec_01_weekly_sync", "alice-token", []byte(`{"archived":true,"starred":true}`)), http.StatusOK)
	if d := dataMap(put); d["archived"] != true || d["starred"] != true {
		t.Fatalf("PUT answered %s", put.raw)
	}
	e.want(e.do("PUT", "/api/v1/recordings/rec_02_one_on_one_leo", "alice-token", []byte(`{"starred":"yes"}`)), http.StatusBadRequest)
	ids := func(query string) []string {
		var out []string
		for _, item := range dataList(e.want(e.do("GET", "/api/v1/recordings/dashboard?"+query, "alice-token", nil), http.StatusOK)) {
			out = append(out, item.(map[string]any)["id"].(string))
		}
		return out
	}
	for query, want := range map[string]string{
		"":                             "rec_02_one_on_one_leo rec_03_interview_frontend rec_01_weekly_sync",
		"starred=true":                 "rec_02_one_on_one_leo rec_01_weekly_sync",
		"starred=true&archived=false":  "rec_02_one_on_one_leo",
		"archived=1":                   "rec_01_weekly_sync",
		"archived=0":                   "rec_02_one_on_one_leo rec_03_interview_frontend",
		"starred=false&archived=false": "rec_03_interview_frontend",
	} {
		if got := strings.Join(ids(query), " "); got != want {
			t.Errorf("%q: %s, want %s", query, got, want)
		}
	}
}
