package loose

// The readers in this file are the Go side of the app's mind-map parser. The
// server serves maps only inside summarizations, as given, so no request path
// calls them: they are the shared oracle of every map producer's tests (the AI
// engine's summaries, the shipped fixtures, the generated ones), which live in
// three packages, so the readers cannot sit in a _test file.

import (
	"encoding/json"
	"fmt"
)

// MapNode is one mind-map node. ParentID is empty for a root (a root written
// with its own id as parent is read as empty).
type MapNode struct {
	ID       string
	ParentID string
	Title    string
	Color    string
}

// MindMap is a map as the app draws it: flow and context maps are one tree,
// a cluster map one tree per cluster, and a speaker map one tree whose root
// is the map's title (or "Conversation") with a child per speaker holding
// that speaker's nodes.
type MindMap struct {
	Type  string
	Trees [][]MapNode
}

// MindMapFields returns a summarization's mind-map values by field name
// (mindMap, v2MindMap, flowMindMap, contextMindMap, clusterMindMap,
// speakerMindMap), top-level fields first, then those inside v2.
func MindMapFields(summarization json.RawMessage) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	obj, ok := ParseObject(Unwrap(summarization))
	if !ok {
		return out
	}
	fields := []string{"mindMap", "v2MindMap", "flowMindMap", "contextMindMap", "clusterMindMap", "speakerMindMap"}
	v2, _ := ParseObject(Unwrap(obj.Get("v2")))
	for _, src := range []Object{obj, v2} {
		for _, f := range fields {
			if v := src.Get(f); !IsNull(v) && out[f] == nil {
				out[f] = v
			}
		}
	}
	return out
}

// ReadMindMap reads one map value (object or JSON string). It reports false
// for unparseable values and unknown types, which the app cannot draw.
func ReadMindMap(raw json.RawMessage) (MindMap, bool) {
	obj, ok := ParseObject(Unwrap(raw))
	if !ok {
		return MindMap{}, false
	}
	m := MindMap{Type: Text(obj.Get("type"))}
	switch m.Type {
	case "flow", "context":
		m.Trees = [][]MapNode{mapNodes(obj.Get("nodes"))}
	case "cluster":
		maps, _ := Array(Unwrap(obj.Get("maps")))
		for _, nodes := range maps {
			m.Trees = append(m.Trees, mapNodes(nodes))
		}
	case "speaker":
		m.Trees = [][]MapNode{speakerTree(obj)}
	default:
		return MindMap{}, false
	}
	return m, true
}

func mapNodes(raw json.RawMessage) []MapNode {
	arr, _ := Array(Unwrap(raw))
	out := make([]MapNode, 0, len(arr))
	for _, el := range arr {
		o, ok := ParseObject(Unwrap(el))
		if !ok {
			continue
		}
		n := MapNode{
			ID:       Text(o.First("nodeId", "node_id")),
			ParentID: Text(o.First("parentNodeId", "parent_node_id")),
			Title:    Text(o.Get("title")),
			Color:    Text(o.Get("color")),
		}
		if n.ParentID == n.ID {
			n.ParentID = ""
		}
		out = append(out, n)
	}
	return out
}

// speakerTree lays a speaker map out as one tree, with synthetic ids for the
// root and the speaker nodes that cannot collide with given ids.
func speakerTree(obj Object) []MapNode {
	title := Text(obj.Get("title"))
	if title == "" {
		title = "Conversation"
	}
	const rootID = "\x00root"
	out := []MapNode{{ID: rootID, Title: title}}
	byName, _ := ParseObject(Unwrap(obj.Get("nodes")))
	for i, m := range byName {
		speakerID := fmt.Sprintf("\x00speaker%d", i)
		out = append(out, MapNode{ID: speakerID, ParentID: rootID, Title: m.Key})
		for _, n := range mapNodes(m.Value) {
			if n.ParentID == "" {
				n.ParentID = speakerID
			}
			out = append(out, n)
		}
	}
	return out
}

// TreeProblem says what is wrong with a tree for drawing (no root, several
// roots, a parent that does not exist, a duplicate id, a cycle), or "" when
// it is sound. Shared by tests of every map producer.
func TreeProblem(nodes []MapNode) string {
	ids := map[string]MapNode{}
	roots := 0
	for _, n := range nodes {
		if n.ID == "" {
			return "node without id"
		}
		if _, dup := ids[n.ID]; dup {
			return "duplicate id " + n.ID
		}
		ids[n.ID] = n
		if n.ParentID == "" {
			roots++
		}
	}
	if roots != 1 {
		return fmt.Sprintf("%d roots", roots)
	}
	for _, n := range nodes {
		seen := map[string]bool{}
		for cur := n; cur.ParentID != ""; {
			if seen[cur.ID] {
				return "cycle through " + cur.ID
			}
			seen[cur.ID] = true
			p, ok := ids[cur.ParentID]
			if !ok {
				return "missing parent " + cur.ParentID
			}
			cur = p
		}
	}
	return ""
}
