package recordings

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/pocket-companion/pocket/server/httpx"
)

// List answers are assembled from stored items without encoding/json; a
// client must get the very bytes encoding/json would have written (compact,
// <, > and & escaped, nextCursor null or a string, total for search), even
// for an upload sent with spaces and markup in it.
func TestListAnswers_AreWhatEncodingJSONWouldWrite(t *testing.T) {
	e := newEnv(t)
	for _, body := range []string{
		`{"recording": {"id": "r1", "title": "Budget <draft> & plans",  "recordingAt": "2026-11-01T10:00:00Z",
		  "tags": [ "a" , "b" ], "duration": 60 }, "summarizations": {"s1": {"v2Summary": "## Notes\n- a < b"}}}`,
		`{"recording":{"id":"r2","title":"Budget second","recordingAt":"2026-11-02T10:00:00Z","duration":30}}`,
	} {
		e.upload("alice-token", body)
	}
	for _, path := range []string{
		"/api/v1/recordings/dashboard?limit=1",
		"/api/v1/recordings/dashboard",
		"/api/v1/recordings/search?q=budget",
		"/api/v1/recordings/dashboard?search=nothing-matches",
	} {
		a := e.want(e.do("GET", path, "alice-token", nil), 200)
		var got struct {
			Data       []json.RawMessage `json:"data"`
			NextCursor *string           `json:"nextCursor"`
			Total      *int              `json:"total"`
		}
		if err := json.Unmarshal(a.raw, &got); err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		_ = json.NewEncoder(&want).Encode(listAnswer{Envelope: httpx.Envelope{Success: true, Data: got.Data}, NextCursor: got.NextCursor, Total: got.Total})
		if !bytes.Equal(a.raw, want.Bytes()) {
			t.Fatalf("%s answered\n%s\nencoding/json writes\n%s", path, a.raw, want.Bytes())
		}
	}
}
