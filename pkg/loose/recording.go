package loose

import (
	"encoding/json"
	"strings"
	"time"
)

// RecordingInfo is what the AI features read of the recording object.
type RecordingInfo struct {
	Title       string    // title, then name; "" when absent or blank
	Description string    // "" when absent or blank
	RecordedAt  time.Time // recordingAt, then createdAt; zero when neither parses
}

// ReadRecording reads the recording member of the import/detail shape.
func ReadRecording(recording json.RawMessage) RecordingInfo {
	obj, _ := ParseObject(Unwrap(recording))
	info := RecordingInfo{
		Title:       strings.TrimSpace(Text(obj.First("title", "name"))),
		Description: strings.TrimSpace(Text(obj.Get("description"))),
	}
	if t, ok := TimeValue(obj.First("recordingAt", "recording_at", "createdAt", "created_at")); ok {
		info.RecordedAt = t
	}
	return info
}
