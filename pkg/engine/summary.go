package engine

import (
	"encoding/json"
	"time"
)

// Summary is a generated summarization in the spec's shapes (the same as the
// fixtures': v2Summary markdown with "##" sections, v2ActionItems version 2,
// and the four mind maps).
type Summary struct {
	Title       string // proposed title; callers use it only when the recording has none
	Description string // proposed description, likewise
	Markdown    string
	ActionItems []ActionItem
	FlowMap     MindMap
	ContextMap  MindMap
	ClusterMap  ClusterMap
	SpeakerMap  SpeakerMap
	GeneratedBy string // which engine wrote it ("local", "llm:<model>")
	// TemplateID and Language are what the summary was asked for with (a
	// regenerated version); "" for the default summary of a new upload.
	TemplateID string
	Language   string
}

// ActionItem is a task of the version-2 action-item list.
type ActionItem struct {
	ID          string    `json:"id"`
	Title       string    `json:"title"`
	Description string    `json:"description,omitempty"`
	Priority    string    `json:"priority"`
	IsCompleted bool      `json:"isCompleted"`
	Subtasks    []Subtask `json:"subtasks"`
}

// Subtask is a step of an action item.
type Subtask struct {
	ID          string       `json:"id"`
	Title       string       `json:"title"`
	Priority    string       `json:"priority"`
	SubSubtasks []SubSubtask `json:"subSubtasks"`
}

// SubSubtask is the third level; none is generated today, the shape is kept.
type SubSubtask struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	Priority  string `json:"priority"`
	Completed bool   `json:"completed"`
}

// Node is a mind-map node; a root's parent is "".
type Node struct {
	NodeID       string `json:"nodeId"`
	ParentNodeID string `json:"parentNodeId"`
	Title        string `json:"title"`
	Color        string `json:"color"`
}

// MindMap is a flow or context map.
type MindMap struct {
	Type  string `json:"type"`
	Nodes []Node `json:"nodes"`
}

// ClusterMap holds one tree per cluster.
type ClusterMap struct {
	Type string   `json:"type"`
	Maps [][]Node `json:"maps"`
}

// SpeakerMap holds each speaker's points under their name.
type SpeakerMap struct {
	Type  string            `json:"type"`
	Title string            `json:"title"`
	Nodes map[string][]Node `json:"nodes"`
}

// Summarization renders the summary as a stored summarization value.
func (s Summary) Summarization(id, recordingID string, at time.Time) json.RawMessage {
	v := struct {
		ID             string         `json:"id"`
		RecordingID    string         `json:"recordingId"`
		V2Summary      string         `json:"v2Summary"`
		V2ActionItems  actionItemList `json:"v2ActionItems"`
		MindMap        MindMap        `json:"mindMap"`
		ContextMindMap MindMap        `json:"contextMindMap"`
		ClusterMindMap ClusterMap     `json:"clusterMindMap"`
		SpeakerMindMap SpeakerMap     `json:"speakerMindMap"`
		Status         string         `json:"status"`
		GeneratedBy    string         `json:"generatedBy"`
		TemplateID     string         `json:"templateId,omitempty"`
		Language       string         `json:"language,omitempty"`
		CreatedAt      string         `json:"createdAt"`
	}{
		ID: id, RecordingID: recordingID, V2Summary: s.Markdown,
		V2ActionItems: actionItemList{Version: "2", ActionItems: nonNil(s.ActionItems)},
		MindMap:       s.FlowMap, ContextMindMap: s.ContextMap, ClusterMindMap: s.ClusterMap, SpeakerMindMap: s.SpeakerMap,
		Status: "completed", GeneratedBy: s.GeneratedBy, TemplateID: s.TemplateID, Language: s.Language,
		CreatedAt: at.UTC().Format(time.RFC3339),
	}
	b, _ := json.Marshal(v) // only strings, numbers and slices: cannot fail
	return b
}

type actionItemList struct {
	Version     string       `json:"version"`
	ActionItems []ActionItem `json:"actionItems"`
}

func nonNil(items []ActionItem) []ActionItem {
	if items == nil {
		return []ActionItem{}
	}
	return items
}
