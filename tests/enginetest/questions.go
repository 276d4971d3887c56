package enginetest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// LibraryQuestion is one question of fixtures/questions/library.json: asked
// across the sample library, answered by RecordingID at one of Segments
// (transcript lines as the app lists them).
type LibraryQuestion struct {
	Question    string `json:"question"`
	RecordingID string `json:"recordingId"`
	Segments    []int  `json:"segments"`
}

// LibraryQuestions reads the checked-in library question set.
func LibraryQuestions(tb testing.TB) []LibraryQuestion {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join(filepath.Dir(Dir(tb)), "questions", "library.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var f struct{ Questions []LibraryQuestion }
	if err := json.Unmarshal(raw, &f); err != nil {
		tb.Fatal(err)
	}
	return f.Questions
}
