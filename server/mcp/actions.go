package mcp

import (
	"context"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// list_action_items reads the newest summarized recordings, up to
// MaxActionItemRecordings of them, and answers at most MaxActionItems items.
const (
	MaxActionItemRecordings = 100
	MaxActionItems          = 200
)

type actionArgs struct {
	Open *bool `json:"open,omitempty" jsonschema:"true: only open items; false: only completed ones; left out: all"`
}

type actionOut struct {
	Items []actionItemOut `json:"items"`
	// Truncated says more items (or recordings) exist than were read.
	Truncated bool `json:"truncated"`
}

type actionItemOut struct {
	RecordingID    string `json:"recordingId"`
	RecordingTitle string `json:"recordingTitle"`
	ID             string `json:"id,omitempty"`
	Title          string `json:"title"`
	Priority       string `json:"priority,omitempty"`
	Completed      bool   `json:"completed"`
}

func (t *tools) actionItems(ctx context.Context, uid string, in actionArgs) (actionOut, error) {
	summarized := true
	page, err := t.recs.Dashboard(ctx, uid, recordings.DashboardQuery{
		Limit: MaxActionItemRecordings, HasSummarization: &summarized, Flags: recordings.Listed()})
	if err != nil {
		return actionOut{}, err
	}
	out := actionOut{Items: []actionItemOut{}, Truncated: page.NextCursor != ""}
	for _, item := range page.Data {
		obj, _ := loose.ParseObject(item)
		d, err := t.recs.Detail(ctx, uid, loose.Text(obj.Get("id")))
		if err != nil {
			continue // deleted since the page was read
		}
		rec := readRecording(d)
		for _, task := range rec.AllTasks() {
			if in.Open != nil && task.Completed == *in.Open {
				continue
			}
			if len(out.Items) == MaxActionItems {
				out.Truncated = true
				return out, nil
			}
			out.Items = append(out.Items, actionItemOut{RecordingID: rec.ID, RecordingTitle: titleOf(rec),
				ID: task.ID, Title: task.Title, Priority: task.Priority, Completed: task.Completed})
		}
	}
	return out, nil
}
