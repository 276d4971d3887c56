package firstpaint

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// A dashboard item reads as the app's row: title fallbacks, the
// description or the summary's first words, the badge, the folder and the
// thumbnail's colours.
func TestRowOf_ReadsAnItemAsTheAppDoes(t *testing.T) {
	colors := `[4294901760,0,0,0,2147483903,0,0,0,4278255360]`
	vertices := strings.Repeat(`{"x":0.5,"y":0.5},`, 8) + `{"x":1,"y":0}`
	item := `{"id":"r 1","name":" Memo ","duration":"3725","starred":true,"archived":"true","recordingAt":"2026-11-17T09:30:00Z","folder":{"name":"Work"},` +
		`"summarization":{"summary":"## Plan\n**Ship** it"},"gradientData":{"colors":` + colors + `,"vertices":[` + vertices + `]}}`
	row, ok := RowOf(json.RawMessage(item))
	want := Row{ID: "r 1", Title: "Memo", Description: "Plan Ship it", Duration: "1 hr 2 min", Folder: "Work",
		At: time.Date(2026, 11, 17, 9, 30, 0, 0, time.UTC), Mesh: true,
		Gradient: "linear-gradient(135deg, rgba(255, 0, 0, 1.000), rgba(0, 0, 255, 0.502), rgba(0, 255, 0, 1.000))",
		Flags:    map[string]bool{"starred": true}} // only true is on, as the app reads it
	if !ok || !reflect.DeepEqual(row, want) {
		t.Fatalf("RowOf =\n%+v, want\n%+v", row, want)
	}
	bare, ok := RowOf(json.RawMessage(`{"id":"r2","gradientData":{"colors":["#fff"]},"duration":-1,"isOffline":"TRUE"}`))
	if !ok || !bare.SyncPending || bare.Title != "Untitled Recording" || bare.Folder != "General" || bare.Duration != "" || bare.Mesh || bare.Gradient != fallbackGradient || !bare.At.IsZero() {
		t.Fatalf("a bare item = %+v", bare)
	}
	if _, ok := RowOf(json.RawMessage(`{"title":"no id"}`)); ok {
		t.Fatal("an item without an id made a row")
	}
}

func TestDurationLabel(t *testing.T) {
	for raw, want := range map[string]string{`59`: "59 secs", `60`: "1 min", `3600`: "1 hr 0 min", `"90"`: "1 min", `0`: "0 secs", `null`: "", `"x"`: "", `1e30`: ""} {
		if got := durationLabel(json.RawMessage(raw)); got != want {
			t.Errorf("durationLabel(%s) = %q, want %q", raw, got, want)
		}
	}
}

// Rows go under their day in the reader's zone, at the offsets the app's
// virtual list gives them, the first heading stuck at the top; every word
// is escaped.
func TestList_PlacesRowsUnderTheirDays(t *testing.T) {
	paris, _ := Zone("Europe/Paris")
	late := time.Date(2026, 11, 17, 23, 30, 0, 0, time.UTC) // Nov 18 in Paris
	list := List{Zone: paris, Rows: []Row{
		{ID: "a", Title: "<b>A</b>", At: late, Folder: "General", Gradient: fallbackGradient},
		{ID: "b/c", Title: "B", At: late.Add(-time.Hour), Folder: "Work", Duration: "5 min", Gradient: fallbackGradient},
		{ID: "d", Title: "D", Folder: "General", Gradient: fallbackGradient, SyncPending: true},
	}}
	out := string(list.HTML())
	for _, want := range []string{
		`<div class="vlist" style="height:480px">`, // three headings of 48 px, three rows of 112
		`<h2 class="vlist__heading vlist__heading--sticky">November 18, 2026</h2>`,
		`<div class="vlist__item" style="transform:translateY(48px);height:112px">`,
		`<h2 class="vlist__heading vlist__item" style="transform:translateY(160px);height:48px">November 17, 2026</h2>`,
		`<h2 class="vlist__heading vlist__item" style="transform:translateY(320px);height:48px">Unknown date</h2>`,
		`&lt;b&gt;A&lt;/b&gt;`,
		`href="/recordings/b%2Fc"`,
		`<time datetime="2026-11-17T23:30:00.000Z">Nov 18, 0:30</time>`,
		`<time>Unknown date</time>`,
		`<span class="thumb__badge">5 min</span>`,
		folderIcon + `Work`,
		`aria-describedby="row-d-meta row-d-desc row-d-sync"`,
		`<span class="rec-row__sync" id="row-d-sync">` + syncIcon + `</span>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the list lacks %s:\n%s", want, out)
		}
	}
}

// A row's preview drops single-marker emphasis where the app's does, and
// keeps the markers that are not emphasis.
func TestWithoutEmphasis(t *testing.T) {
	for in, want := range map[string]string{
		"*lead* and _tail_.":        "lead and tail.",
		"snake_case_name and 2*3*4": "snake_case_name and 2*3*4",
		"(*aside*) *not*closed":     "(aside) *not*closed",
		"Body\n*words*":             "Body\nwords",
		"a\u00a0_spaced_\u00a0b":    "a\u00a0spaced\u00a0b",
		"* not emphasis *":          "* not emphasis *",
		"*café*, ok":                "café, ok",
	} {
		if got := withoutEmphasis(in); got != want {
			t.Errorf("withoutEmphasis(%q) = %q, want %q", in, got, want)
		}
	}
}
