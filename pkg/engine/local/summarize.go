package local

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// summaryParts is what the local summariser extracts once and renders into
// markdown, action items and maps.
type summaryParts struct {
	rec         *engine.Recording
	doc         *doc
	title, desc string
	topics      []topic
	keys        []sentence
	decisions   []sentence
	open        []asked
	commits     []commitment
}

// Summarize writes an extractive summary: every sentence in it was said in
// the recording (key sentences by centrality, topics by vocabulary shifts,
// commitments as action items), so it cannot state anything the transcript
// does not. A template's sections are each filled by the rule of their kind
// (sections.go); the language asked for changes only the fixed phrases, as
// every other sentence is quoted.
func (*Engine) Summarize(ctx context.Context, rec *engine.Recording, how engine.SummaryOptions) (engine.Summary, error) {
	if err := ctx.Err(); err != nil {
		return engine.Summary{}, err
	}
	if len(rec.Segments) == 0 {
		return engine.Summary{}, engine.ErrNoTranscript
	}
	p := extract(rec)
	md := p.markdown()
	if how.Template != nil {
		md = p.templated(how.Template.Sections, how.Language)
	}
	return engine.Summary{
		Title:       p.title,
		Description: p.desc,
		Markdown:    md,
		ActionItems: p.actionItems(),
		FlowMap:     p.flowMap(),
		ContextMap:  p.contextMap(),
		ClusterMap:  p.clusterMap(),
		SpeakerMap:  p.speakerMap(),
		GeneratedBy: "local",
	}, nil
}

func extract(rec *engine.Recording) *summaryParts {
	d := newDoc(rec)
	p := &summaryParts{rec: rec, doc: d, topics: d.topics(), commits: d.commitments()}
	n := int(math.Round(float64(len(d.sents)) / 15))
	p.keys = d.keySentences(max(3, min(n, 8)))
	if len(p.keys) == 0 { // a transcript of fragments: take what there is
		p.keys = d.sents[:min(len(d.sents), 3)]
	}
	for _, s := range d.sents {
		if decided(s) && len(p.decisions) < 6 {
			p.decisions = append(p.decisions, s)
		}
	}
	for _, q := range d.questionsAsked() {
		if q.answer == nil && len(p.open) < 5 {
			p.open = append(p.open, q)
		}
	}
	p.title = proposeTitle(p.topics)
	if len(p.topics) == 1 && len(p.topics[0].words) > 1 { // one topic: its words say more than one label
		p.title = nlp.Capitalise(nlp.JoinAnd(p.topics[0].words[:min(3, len(p.topics[0].words))]))
	}
	p.desc = p.describe()
	return p
}

// proposeTitle names the recording by its first topics.
func proposeTitle(topics []topic) string {
	var labels []string
	for _, t := range topics {
		labels = append(labels, t.label)
	}
	for n := min(len(labels), 3); n > 0; n-- {
		if title := nlp.Capitalise(nlp.JoinAnd(labels[:n])); len([]rune(title)) <= 60 || n == 1 {
			return nlp.Shorten(title, 60)
		}
	}
	return "Conversation"
}

// describe is one sentence: who talked about what.
func (p *summaryParts) describe() string {
	var labels []string
	for _, t := range p.topics[:min(len(p.topics), 4)] {
		labels = append(labels, t.label)
	}
	about := nlp.JoinAnd(labels)
	people := p.rec.Speakers
	switch {
	case len(people) == 1:
		if s, ok := p.doc.opening(); ok {
			return nlp.Shorten(fmt.Sprintf("Voice note by %s: %s", people[0], trimFiller(s.text)), 200)
		}
		return nlp.Shorten(fmt.Sprintf("Voice note by %s about %s.", people[0], about), 200)
	case len(people) > 3:
		return nlp.Shorten(fmt.Sprintf("%s and %d others discuss %s.", strings.Join(people[:2], ", "), len(people)-2, about), 200)
	case len(people) > 1:
		return nlp.Shorten(fmt.Sprintf("%s discuss %s.", nlp.JoinAnd(people), about), 200)
	}
	return nlp.Shorten(nlp.Capitalise(fmt.Sprintf("a conversation about %s.", about)), 200)
}

// headline shortens a sentence to a mind-map node title.
func headline(s string) string {
	s = strings.TrimRight(trimFiller(s), ".!?")
	if len([]rune(s)) > 70 {
		for _, sep := range []string{", because ", " because ", ", and ", ", but ", ", so ", "; "} {
			if i := strings.Index(s, sep); i >= 25 {
				s = s[:i]
				break
			}
		}
	}
	return nlp.Capitalise(nlp.Shorten(s, 80))
}

func (p *summaryParts) speakerAt(s sentence) string {
	return engine.Who(p.rec.Segments[s.seg])
}

// duration is the transcript's length, as people say it.
func (p *summaryParts) duration() string {
	segs := p.rec.Segments
	sec := segs[len(segs)-1].End
	if sec <= 0 {
		sec = segs[len(segs)-1].Start
	}
	switch m := int(math.Round(sec / 60)); {
	case m < 1:
		return "under a minute"
	case m == 1:
		return "about a minute"
	case m < 90:
		return fmt.Sprintf("about %d minutes", m)
	default:
		return fmt.Sprintf("about %.1f hours", sec/3600)
	}
}

// opening is the sentence near the start that states the subject: a note to
// self says it first, after the odd aside ("Quick note while I walk home"),
// so of the first three statements the one sharing most words with the rest wins.
func (d *doc) opening() (sentence, bool) {
	best, bestScore, seen := sentence{}, -1, 0
	for _, s := range d.sents {
		if !candidate(s) {
			continue
		}
		score := 0
		for _, t := range s.terms {
			if d.counts[t] >= 2 {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = s, score
		}
		if seen++; seen == 3 {
			break
		}
	}
	return best, bestScore >= 0
}
