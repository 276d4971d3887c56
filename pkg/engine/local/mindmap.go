package local

import (
	"fmt"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// topicColors cycle through the app's named colours; the root is indigo.
var topicColors = []string{"Colors.blue", "Colors.green", "Colors.orange", "Colors.purple", "Colors.teal",
	"Colors.pink", "Colors.red", "Colors.yellow", "Colors.cyan", "Colors.brown"}

func colorAt(i int) string { return topicColors[i%len(topicColors)] }

// rootTitle is the recording's own title when it has one.
func (p *summaryParts) rootTitle() string {
	if p.rec.Title != "" {
		return nlp.Shorten(p.rec.Title, 70)
	}
	return p.title
}

// flowMap: the conversation's topics in order, each with its key lines.
func (p *summaryParts) flowMap() engine.MindMap {
	nodes := []engine.Node{{NodeID: "n1", Title: p.rootTitle(), Color: "Colors.indigo"}}
	for i, t := range p.topics {
		id := fmt.Sprintf("n1_%d", i+1)
		nodes = append(nodes, engine.Node{NodeID: id, ParentNodeID: "n1", Title: nlp.Capitalise(t.label), Color: colorAt(i)})
		keys := p.doc.topicKeys(t, 3)
		for j, s := range keys {
			nodes = append(nodes, engine.Node{NodeID: fmt.Sprintf("%s_%d", id, j+1), ParentNodeID: id, Title: headline(s.text), Color: colorAt(i)})
		}
	}
	return engine.MindMap{Type: "flow", Nodes: nodes}
}

// contextMap: the setting around the conversation — who, when, what it
// turned on, what was decided and what stayed open.
func (p *summaryParts) contextMap() engine.MindMap {
	nodes := []engine.Node{{NodeID: "c1", Title: p.rootTitle(), Color: "Colors.purple"}}
	branch := func(n int, title, color string, leaves []string) {
		if len(leaves) == 0 {
			return
		}
		id := fmt.Sprintf("c1_%d", n)
		nodes = append(nodes, engine.Node{NodeID: id, ParentNodeID: "c1", Title: title, Color: color})
		for j, l := range leaves {
			nodes = append(nodes, engine.Node{NodeID: fmt.Sprintf("%s_%d", id, j+1), ParentNodeID: id, Title: l, Color: color})
		}
	}
	branch(1, "People", "Colors.blue", p.rec.Speakers)
	var when []string
	if !p.rec.RecordedAt.IsZero() {
		when = append(when, p.rec.RecordedAt.Format("Jan 2, 2006"))
	}
	branch(2, "When", "Colors.grey", append(when, nlp.Capitalise(p.duration())))
	branch(3, "Key terms", "Colors.teal", p.keyTerms(6))
	branch(4, "Decisions", "Colors.green", headlines(p.decisions, 3))
	var open []sentence
	for _, q := range p.open {
		open = append(open, q.sentence)
	}
	branch(5, "Open questions", "Colors.orange", headlines(open, 3))
	return engine.MindMap{Type: "context", Nodes: nodes}
}

// keyTerms are the words most particular to the topics, as spoken.
func (p *summaryParts) keyTerms(n int) []string {
	var out []string
	seen := map[string]bool{}
	for round := 0; len(out) < n && round < 4; round++ {
		for _, t := range p.topics {
			if round < len(t.words) && !seen[strings.ToLower(t.words[round])] && len(out) < n {
				seen[strings.ToLower(t.words[round])] = true
				out = append(out, t.words[round])
			}
		}
	}
	return out
}

func headlines(ss []sentence, n int) []string {
	var out []string
	for _, s := range ss[:min(len(ss), n)] {
		out = append(out, headline(s.text))
	}
	return out
}

// clusterMap: one cluster per topic, holding the words that define it.
func (p *summaryParts) clusterMap() engine.ClusterMap {
	maps := [][]engine.Node{}
	for i, t := range p.topics {
		root := fmt.Sprintf("k%d", i+1)
		tree := []engine.Node{{NodeID: root, Title: nlp.Capitalise(t.label), Color: colorAt(i)}}
		for j, w := range t.words {
			tree = append(tree, engine.Node{NodeID: fmt.Sprintf("%s_%d", root, j+1), ParentNodeID: root, Title: nlp.Capitalise(w), Color: colorAt(i)})
		}
		maps = append(maps, tree)
	}
	return engine.ClusterMap{Type: "cluster", Maps: maps}
}

// speakerMap: each speaker's own key points.
func (p *summaryParts) speakerMap() engine.SpeakerMap {
	m := engine.SpeakerMap{Type: "speaker", Title: "Who said what", Nodes: map[string][]engine.Node{}}
	for i, name := range p.rec.Speakers {
		keys := p.doc.keySentencesWhere(3, func(s sentence) bool { return s.speaker == name })
		var nodes []engine.Node
		for j, s := range keys {
			nodes = append(nodes, engine.Node{NodeID: fmt.Sprintf("s%d_%d", i+1, j+1), Title: headline(s.text), Color: colorAt(i)})
		}
		if len(nodes) > 0 {
			m.Nodes[name] = nodes
		}
	}
	return m
}
