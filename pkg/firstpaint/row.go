package firstpaint

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/export"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Row is one recording of the list as its row shows it, read from a
// dashboard item as the app reads one (pwa/src/data/normalize/recording.ts
// toRecordingRow).
type Row struct {
	ID          string
	Title       string
	Description string    // the description, else the summary's first words
	At          time.Time // zero: "Unknown date"
	Duration    string    // the thumbnail's badge; "" for none
	Folder      string
	Gradient    string          // the thumbnail's background (the mesh's preview, or the fallback)
	Mesh        bool            // whether Gradient is the recording's own
	SyncPending bool            // the device has not synced it (syncStatus pending, or isOffline)
	Flags       map[string]bool // the flag fields (FlagsOf), its toggles' state
}

// RowOf reads a dashboard item (the recording as given, its id and
// summarization.summary); false when it is not an object with an id.
func RowOf(item json.RawMessage) (Row, bool) {
	obj, ok := loose.ParseObject(item)
	id := loose.Text(obj.Get("id"))
	if !ok || id == "" {
		return Row{}, false
	}
	row := Row{
		ID:          id,
		Title:       firstText(obj.Get("title"), obj.Get("name"), export.UntitledTitle),
		Description: strings.TrimSpace(loose.Text(obj.Get("description"))),
		At:          recordedAt(obj),
		Duration:    durationLabel(obj.Get("duration")),
		Folder:      recordings.GeneralFolder,
		SyncPending: strings.EqualFold(strings.TrimSpace(loose.Text(obj.Get("syncStatus"))), "pending") || loose.Flag(obj.Get("isOffline")),
	}
	if folder, ok := loose.ParseObject(obj.Get("folder")); ok {
		row.Folder = firstText(folder.Get("name"), nil, recordings.GeneralFolder)
	}
	if row.Description == "" {
		sum, _ := loose.ParseObject(obj.Get("summarization"))
		row.Description = summaryPreview(sum.Get("summary"))
	}
	row.Gradient, row.Mesh = thumbBackground(obj.Get("gradientData"))
	row.Flags = FlagsOf(item)
	return row, true
}

func firstText(a, b json.RawMessage, fallback string) string {
	for _, raw := range []json.RawMessage{a, b} {
		if s := strings.TrimSpace(loose.Text(raw)); s != "" {
			return s
		}
	}
	return fallback
}

// recordedAt is recordingAt, else createdAt, else updatedAt, as strings
// (the app's recordedAt); zero when none parses. A number in a string is no
// date to the app (Date.parse), so not here either, though ParseTime reads
// it as epoch time.
func recordedAt(obj loose.Object) time.Time {
	for _, key := range []string{"recordingAt", "createdAt", "updatedAt"} {
		s, ok := loose.String(obj.Get(key))
		if _, err := strconv.ParseFloat(strings.TrimSpace(s), 64); !ok || err == nil {
			continue
		}
		if t, ok := loose.ParseTime(s); ok {
			return t
		}
	}
	return time.Time{}
}

// durationLabel is 'H hr M min', 'M min' or 'S secs' (spec §9) from
// seconds as a number or numeric string; "" without a usable one.
func durationLabel(raw json.RawMessage) string {
	n, ok := loose.Number(raw)
	if !ok || n < 0 || n > 1<<53-1 {
		return ""
	}
	total := int64(n)
	hours, minutes := total/3600, total%3600/60
	switch {
	case hours > 0:
		return fmt.Sprintf("%d hr %d min", hours, minutes)
	case minutes > 0:
		return fmt.Sprintf("%d min", minutes)
	}
	return fmt.Sprintf("%d secs", total)
}

// previewLength is how much of a summary a row shows (spec §9).
const previewLength = 100

// summaryPreview is the summary as one line of plain text, cut at 100
// characters plus '...', as the app's summaryPreview makes it.
func summaryPreview(summary json.RawMessage) string {
	if loose.IsNull(summary) || len(summary) == 0 {
		return ""
	}
	plain := strings.Join(strings.Fields(withoutEmphasis(loose.StripMarkdown(loose.SummaryText(summary)))), " ")
	if utf8.RuneCountInString(plain) <= previewLength {
		return plain
	}
	return string([]rune(plain)[:previewLength]) + "..."
}

// fallbackGradient is the thumbnail without a usable mesh (spec §5).
const fallbackGradient = "linear-gradient(135deg, #8b5cf6 0%, #6366f1 50%, #3b82f6 100%)"

// thumbBackground is the mesh's preview (its first, middle and last
// colours, as meshPreview in the app), or the fallback when the gradient is
// not the spec's nine ARGB colours and nine points in 0..1.
func thumbBackground(raw json.RawMessage) (string, bool) {
	data, _ := loose.ParseObject(raw)
	colors, okC := loose.Array(data.Get("colors"))
	vertices, okV := loose.Array(data.Get("vertices"))
	if !okC || !okV || len(colors) != 9 || len(vertices) != 9 {
		return fallbackGradient, false
	}
	argb := make([]uint32, 9)
	for i, c := range colors {
		n, ok := jsonNumber(c)
		if !ok || n != math.Trunc(n) || n < 0 || n > math.MaxUint32 {
			return fallbackGradient, false
		}
		argb[i] = uint32(n)
	}
	for _, v := range vertices {
		p, _ := loose.ParseObject(v)
		x, okX := jsonNumber(p.Get("x"))
		y, okY := jsonNumber(p.Get("y"))
		if !okX || !okY || x < 0 || x > 1 || y < 0 || y > 1 {
			return fallbackGradient, false
		}
	}
	css := func(c uint32) string {
		return fmt.Sprintf("rgba(%d, %d, %d, %.3f)", c>>16&0xff, c>>8&0xff, c&0xff, float64(c>>24)/255)
	}
	return "linear-gradient(135deg, " + css(argb[0]) + ", " + css(argb[4]) + ", " + css(argb[8]) + ")", true
}

// jsonNumber is a JSON number (not a numeric string: the spec's gradient
// holds numbers, and anything else makes it fall back).
func jsonNumber(raw json.RawMessage) (float64, bool) {
	t := strings.TrimSpace(string(raw))
	if t == "" || t[0] == '"' {
		return 0, false
	}
	return loose.Number(raw)
}
