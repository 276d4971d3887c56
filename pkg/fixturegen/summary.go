package fixturegen

import (
	"fmt"
	"strings"
)

// fact is something said aloud in the transcript that the summary, action
// items and mind map repeat, so retrieval over generated data has real answers.
type fact struct {
	Owner, Verb, Noun, Day string
	Metric                 string
	Percent                int
	Priority               string
	Done                   bool
}

func (f fact) decisionSentence() string {
	return fmt.Sprintf("So we decided that %s will %s the %s by %s.", f.Owner, f.Verb, f.Noun, f.Day)
}

func (f fact) numberSentence() string {
	return fmt.Sprintf("For the record, the %s changed by %d percent this month, and that is why the %s matters.", f.Metric, f.Percent, f.Noun)
}

func (c *conversation) facts(n int) []fact {
	priorities := []string{"CRITICAL", "HIGH", "MEDIUM", "LOW"}
	out := make([]fact, n)
	for i := range out {
		t := c.topic
		out[i] = fact{
			Owner: c.names[c.rng.IntN(len(c.names))], Verb: t.Verbs[c.rng.IntN(len(t.Verbs))],
			Noun: t.Nouns[(i+c.rng.IntN(2))%len(t.Nouns)], Day: days[c.rng.IntN(len(days))],
			Metric: t.Metrics[c.rng.IntN(len(t.Metrics))], Percent: 3 + c.rng.IntN(45),
			Priority: priorities[c.rng.IntN(len(priorities))], Done: c.rng.IntN(4) == 0,
		}
	}
	return out
}

func summaryMarkdown(title string, people []string, t topic, facts []fact) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Overview\n%s with %s. The conversation focused on %s: ", title, joinNames(people), strings.ToLower(t.Name))
	nouns := make([]string, 0, len(facts))
	for _, f := range facts {
		nouns = append(nouns, "the "+f.Noun)
	}
	b.WriteString(strings.Join(nouns, ", ") + ".\n\n## Decisions\n")
	for _, f := range facts {
		fmt.Fprintf(&b, "- %s will %s the %s by %s.\n", f.Owner, f.Verb, f.Noun, f.Day)
	}
	b.WriteString("\n## Numbers\n")
	for _, f := range facts {
		fmt.Fprintf(&b, "- The %s changed by %d%% this month.\n", f.Metric, f.Percent)
	}
	b.WriteString("\n## Next steps\nOwners report back at the next meeting.\n")
	return b.String()
}

type subSubtask struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	Priority  string `json:"priority,omitempty"`
	Completed bool   `json:"completed"`
}

type subtask struct {
	ID          string       `json:"id"`
	Title       string       `json:"title"`
	Priority    string       `json:"priority,omitempty"`
	SubSubtasks []subSubtask `json:"subSubtasks"`
}

type actionItem struct {
	ID          string    `json:"id"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Priority    string    `json:"priority"`
	IsCompleted bool      `json:"isCompleted"`
	Subtasks    []subtask `json:"subtasks"`
}

type actionList struct {
	Version     string       `json:"version"`
	ActionItems []actionItem `json:"actionItems"`
}

func actionItems(facts []fact) actionList {
	l := actionList{Version: "2", ActionItems: make([]actionItem, 0, len(facts))}
	for i, f := range facts {
		a := actionItem{
			ID: fmt.Sprintf("a%d", i+1), Title: capitalise(fmt.Sprintf("%s the %s", f.Verb, f.Noun)),
			Description: fmt.Sprintf("%s, by %s.", f.Owner, f.Day), Priority: f.Priority, IsCompleted: f.Done,
			Subtasks: []subtask{},
		}
		if i%2 == 0 { // every other task gets a subtask tree, to exercise nesting
			a.Subtasks = append(a.Subtasks, subtask{
				ID: a.ID + "s1", Title: fmt.Sprintf("Check the %s", f.Metric),
				SubSubtasks: []subSubtask{{ID: a.ID + "s1x1", Title: "Share the numbers", Priority: "LOW", Completed: f.Done}},
			})
		}
		l.ActionItems = append(l.ActionItems, a)
	}
	return l
}

type mindNode struct {
	NodeID       string `json:"nodeId"`
	ParentNodeID string `json:"parentNodeId"`
	Title        string `json:"title"`
	Color        string `json:"color"`
}

type mindMap struct {
	Type  string     `json:"type"`
	Nodes []mindNode `json:"nodes"`
}

var mapColors = []string{"Colors.green", "Colors.purple", "Colors.blue", "Colors.orange", "Colors.teal", "Colors.pink"}

func flowMap(title string, facts []fact) mindMap {
	m := mindMap{Type: "flow", Nodes: []mindNode{{NodeID: "root", Title: title, Color: "Colors.indigo"}}}
	add := func(id, parent, title, color string) {
		m.Nodes = append(m.Nodes, mindNode{NodeID: id, ParentNodeID: parent, Title: title, Color: color})
	}
	add("dec", "root", "Decisions", mapColors[0])
	add("num", "root", "Numbers", mapColors[2])
	for i, f := range facts {
		c := mapColors[i%len(mapColors)]
		add(fmt.Sprintf("dec%d", i+1), "dec", fmt.Sprintf("%s: %s the %s", f.Owner, f.Verb, f.Noun), c)
		add(fmt.Sprintf("dec%d_due", i+1), fmt.Sprintf("dec%d", i+1), "Due "+f.Day, "Colors.grey")
		add(fmt.Sprintf("num%d", i+1), "num", fmt.Sprintf("%s changed %d%%", capitalise(f.Metric), f.Percent), c)
	}
	return m
}

func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	default:
		return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
}
