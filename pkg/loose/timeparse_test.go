package loose

import (
	"encoding/json"
	"testing"
	"time"
)

func TestTimeValue_ShapesAndNaiveIsUTC(t *testing.T) {
	base := time.Date(2024, 3, 5, 14, 30, 0, 0, time.UTC)
	tests := []struct {
		name string
		in   string
		want time.Time
		ok   bool
	}{
		{"rfc3339 Z", `"2024-03-05T14:30:00Z"`, base, true},
		{"rfc3339 offset", `"2024-03-05T16:30:00+02:00"`, base, true},
		{"fractional", `"2024-03-05T14:30:00.000Z"`, base, true},
		{"naive is UTC", `"2024-03-05T14:30:00"`, base, true},
		{"naive with space", `"2024-03-05 14:30:00"`, base, true},
		{"naive fractional", `"2024-03-05T14:30:00.000000"`, base, true},
		{"date only", `"2024-03-05"`, time.Date(2024, 3, 5, 0, 0, 0, 0, time.UTC), true},
		{"epoch seconds", `1709649000`, base, true},
		{"epoch millis", `1709649000000`, base, true},
		{"epoch millis string", `"1709649000000"`, base, true},
		{"firestore object", `{"_seconds":1709649000,"_nanoseconds":0}`, base, true},
		{"seconds object", `{"seconds":1709649000}`, base, true},
		{"garbage", `"yesterday"`, time.Time{}, false},
		{"negative", `-5`, time.Time{}, false},
		{"huge", `1e30`, time.Time{}, false},
		{"null", `null`, time.Time{}, false},
		{"bool", `true`, time.Time{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := TimeValue(json.RawMessage(tt.in))
			if ok != tt.ok || !got.Equal(tt.want) {
				t.Fatalf("got %v,%v want %v", got, ok, tt.want)
			}
			if ok && got.Location() != time.UTC {
				t.Fatalf("not UTC: %v", got.Location())
			}
		})
	}
}
