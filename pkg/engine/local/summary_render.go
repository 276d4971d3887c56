package local

import (
	"fmt"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// markdown renders the summary with "##" sections, as the fixtures' v2Summary.
func (p *summaryParts) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Overview\n%s %s", p.desc, nlp.Capitalise(p.duration()))
	if n := len(p.rec.Speakers); n > 0 {
		fmt.Fprintf(&b, ", %d speaker%s", n, plural(n))
	}
	b.WriteString(".\n")
	b.WriteString("\n## Key points\n")
	for _, s := range p.keys {
		fmt.Fprintf(&b, "- %s (%s, %s)\n", nlp.Shorten(trimFiller(s.text), 240), p.speakerAt(s), engine.Clock(s.start))
	}
	if len(p.topics) > 1 {
		b.WriteString("\n## Topics\n")
		for _, t := range p.topics {
			fmt.Fprintf(&b, "- **%s** (from %s): %s\n", nlp.Capitalise(t.label), engine.Clock(t.start), nlp.Shorten(trimFiller(t.key.text), 200))
		}
	}
	if len(p.decisions) > 0 {
		b.WriteString("\n## Decisions\n")
		for _, s := range p.decisions {
			fmt.Fprintf(&b, "- %s (%s, %s)\n", nlp.Shorten(trimFiller(s.text), 240), p.speakerAt(s), engine.Clock(s.start))
		}
	}
	if len(p.commits) > 0 {
		b.WriteString("\n## Next steps\n")
		for _, c := range p.commits[:min(len(p.commits), 8)] {
			fmt.Fprintf(&b, "- %s\n", withOwnerAndDue(c.title, c.owner, c.due))
		}
	}
	if len(p.open) > 0 {
		b.WriteString("\n## Open questions\n")
		for _, q := range p.open {
			fmt.Fprintf(&b, "- %s (%s, %s)\n", trimFiller(q.text), orSomeone(q.speaker), engine.Clock(q.start))
		}
	}
	return b.String()
}

const maxGeneratedTasks = 10

// actionItems turns commitments into tasks. Consecutive commitments of one
// person in one turn are one task with steps; "A and B" becomes two steps.
func (p *summaryParts) actionItems() []engine.ActionItem {
	var out []engine.ActionItem
	seen := map[string]bool{}
	for i := 0; i < len(p.commits) && len(out) < maxGeneratedTasks; i++ {
		c := p.commits[i]
		if seen[strings.ToLower(c.title)] {
			continue
		}
		seen[strings.ToLower(c.title)] = true
		item := engine.ActionItem{
			ID:          fmt.Sprintf("a%d", len(out)+1),
			Title:       c.title,
			Description: taskDescription(c),
			Priority:    c.priority,
			Subtasks:    []engine.Subtask{},
		}
		steps := c.parts
		for i+1 < len(p.commits) && p.commits[i+1].seg == c.seg && p.commits[i+1].owner == c.owner {
			i++
			next := p.commits[i]
			seen[strings.ToLower(next.title)] = true
			if len(steps) == 0 {
				steps = []string{c.title}
			}
			steps = append(steps, next.title)
			item.Priority = engine.HigherPriority(item.Priority, next.priority)
		}
		for j, s := range steps {
			item.Subtasks = append(item.Subtasks, engine.Subtask{ID: fmt.Sprintf("%ss%d", item.ID, j+1), Title: s, Priority: item.Priority, SubSubtasks: []engine.SubSubtask{}})
		}
		out = append(out, item)
	}
	return out
}

func taskDescription(c commitment) string {
	d := fmt.Sprintf("Said by %s at %s: \"%s\"", c.speakerName(), engine.Clock(c.start), nlp.Shorten(c.text, 200))
	if c.due != "" {
		d += " Due: " + c.due + "."
	}
	return d
}
