package recordings

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// The transcript's segments are parsed once per transcript value: a stored
// recording whose transcription is replaced (a transcript edit, a re-import)
// must be derived and indexed from the new one, never from the memo.
func TestSegments_FollowTheTranscriptionWhenItChanges(t *testing.T) {
	st := &stored{Transcription: json.RawMessage(`{"segments":[{"text":"first words","speaker":"A"}]}`)}
	if got := st.segments(); len(got) != 1 || got[0].Text != "first words" {
		t.Fatalf("segments = %+v", got)
	}
	st.Transcription = json.RawMessage(`[{"text":"second","speaker":"B"},{"text":"third","speaker":"C"}]`)
	got := st.segments()
	if len(got) != 2 || got[0].Text != "second" || got[1].Speaker != "C" {
		t.Fatalf("after the transcription changed, segments = %+v", got)
	}
	st.Transcription = nil
	if got := st.segments(); len(got) != 0 {
		t.Fatalf("without a transcription, segments = %+v", got)
	}
	st.derive()
	if !st.Book.Empty {
		t.Fatal("a recording whose transcription was removed (and nothing else) should derive as empty")
	}
}

// The search postings follow each field they come from: a new title, summary
// or transcript is indexed, not the terms of the version parsed first.
func TestIndexPostings_FollowTheFieldsTheyComeFrom(t *testing.T) {
	st := &stored{
		Recording:      json.RawMessage(`{"title":"alpha"}`),
		Summarizations: json.RawMessage(`{"s1":{"summary":"bravo"}}`),
		Transcription:  json.RawMessage(`[{"text":"charlie"}]`),
	}
	has := func(term string) bool { return slices.Contains(st.indexPostings().Terms(), term) }
	if !has("alpha") || !has("bravo") || !has("charlie") {
		t.Fatalf("terms = %v", st.indexPostings().Terms())
	}
	st.Recording = json.RawMessage(`{"title":"delta"}`)
	if has("alpha") || !has("delta") {
		t.Fatalf("after a new title, terms = %v", st.indexPostings().Terms())
	}
	st.Summarizations = json.RawMessage(`{"s1":{"summary":"echo"}}`)
	if has("bravo") || !has("echo") {
		t.Fatalf("after a new summary, terms = %v", st.indexPostings().Terms())
	}
	st.Transcription = json.RawMessage(`[{"text":"foxtrot"}]`)
	if has("charlie") || !has("foxtrot") {
		t.Fatalf("after a new transcript, terms = %v", st.indexPostings().Terms())
	}
}

// compactJSON's shortcut returns exactly what encoding/json's Compact and
// HTMLEscape make of a valid document.
func FuzzCompactJSON_AgreesWithEncodingJSON(f *testing.F) {
	for _, s := range []string{`{"a":"b c"}`, `{"a": 1}`, `{"t":"<b>&amp;"}`, "{\"s\":\"\u2028\"}", `["\"", "\\"]`, `{"a":"\t"}`, "[1,\n2]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return
		}
		var compact, want bytes.Buffer
		if err := json.Compact(&compact, b); err != nil {
			t.Fatal(err)
		}
		json.HTMLEscape(&want, compact.Bytes())
		if got := compactJSON(b); !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("compactJSON(%q) = %q, want %q", b, got, want.Bytes())
		}
	})
}
