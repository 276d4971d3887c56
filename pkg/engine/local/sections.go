package local

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// A template section is filled by the extractive rule of its kind, read from
// its heading (then its instruction): "Decisions" lists the sentences that
// settle something, "Action items" the commitments, and so on. A section of
// no known kind gets the sentences that share its words; one the recording
// holds nothing for says engine.NothingFits, so nothing is invented.
type sectionKind int

const (
	kindSearch sectionKind = iota // no rule of its own: sentences sharing the section's words
	kindOverview
	kindParticipants
	kindAgenda
	kindOpenQuestions
	kindQuestions
	kindDecisions
	kindActions
	kindConcerns
	kindFeedback
	kindConcepts
	kindExamples
	kindQuotes
	kindKeyPoints
)

// sectionKinds is tried in order, so "Open questions" is open questions
// before it is questions, and "Strengths and concerns" is concerns.
var sectionKinds = []struct {
	kind sectionKind
	re   *regexp.Regexp
}{
	{kindOverview, regexp.MustCompile(`(?i)\b(overview|summary|gist|purpose|background|tl;?dr)\b`)},
	{kindParticipants, regexp.MustCompile(`(?i)\b(participants?|attendees?|people|speakers?|who)\b`)},
	{kindAgenda, regexp.MustCompile(`(?i)\b(agenda|topics?|themes?|outline|covered|structure)\b`)},
	{kindOpenQuestions, regexp.MustCompile(`(?i)\b(open questions?|unanswered|unresolved|pending|parking lot)\b`)},
	{kindQuestions, regexp.MustCompile(`(?i)\b(questions?|q ?& ?a|asked|answers?)\b`)},
	{kindDecisions, regexp.MustCompile(`(?i)\b(decisions?|decided|agreed|agreements?|outcomes?|resolutions?)\b`)},
	{kindActions, regexp.MustCompile(`(?i)\b(actions?|action items?|next steps?|follow[- ]?ups?|to-?dos?|tasks?|commitments?|owners?)\b`)},
	{kindConcerns, regexp.MustCompile(`(?i)\b(concerns?|risks?|blockers?|issues?|problems?|challenges?|worries|red flags?)\b`)},
	{kindFeedback, regexp.MustCompile(`(?i)\b(feedback|praise|strengths?|recognition|growth|improve(ment)?s?)\b`)},
	{kindConcepts, regexp.MustCompile(`(?i)\b(concepts?|definitions?|terms?|ideas?|theory|formulas?)\b`)},
	{kindExamples, regexp.MustCompile(`(?i)\b(examples?|cases?|illustrations?)\b`)},
	{kindQuotes, regexp.MustCompile(`(?i)\b(quotes?|quotations?|verbatim)\b`)},
	{kindKeyPoints, regexp.MustCompile(`(?i)\b(key points?|highlights?|takeaways?|main points?|notes|updates?|discussion|details|learned|lessons?)\b`)},
}

// kindOf reads a section's kind from its heading, else from its instruction.
func kindOf(sec engine.TemplateSection) sectionKind {
	for _, text := range []string{sec.Heading, sec.Instruction} {
		for _, k := range sectionKinds {
			if k.re.MatchString(text) {
				return k.kind
			}
		}
	}
	return kindSearch
}

// Sentences of three kinds no other rule finds.
var (
	reConcern  = regexp.MustCompile(`(?i)\b(concern(ed)?|worr(y|ied)|risks?|risky|blocker|blocked|blocking|problems?|issues?|struggl\w*|difficult|hard to|challeng\w*|stuck|afraid|pain)\b`)
	reFeedback = regexp.MustCompile(`(?i)\b(feedback|great job|well done|nice work|good work|really liked|impressed|strength|proud|improve|grow(th)?|could do better|next time)\b`)
	reConcept  = regexp.MustCompile(`(?i)\b(is defined as|is called|we call|means|refers to|is when|is the (ratio|measure|idea|concept)|definition|formula)\b`)
	reExample  = regexp.MustCompile(`(?i)(\b(for example|for instance|such as|e\.g\.|say you|imagine|think of)\b|^suppose\b)`)
)

// templated renders the markdown of a templated summary: each section's
// heading as given, in order, and what its rule finds under it.
func (p *summaryParts) templated(sections []engine.TemplateSection, lang string) string {
	var b strings.Builder
	for i, sec := range sections {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "## %s\n", oneLine(sec.Heading))
		if lines := p.fill(sec); len(lines) > 0 {
			b.WriteString(strings.Join(lines, "\n"))
			b.WriteString("\n")
		} else {
			b.WriteString(nothingFits(lang) + "\n")
		}
	}
	return b.String()
}

// fill is a section's lines (bullets, or one paragraph for an overview);
// none when the recording holds nothing for it.
func (p *summaryParts) fill(sec engine.TemplateSection) []string {
	switch kindOf(sec) {
	case kindOverview:
		return []string{p.overview()}
	case kindParticipants:
		return p.participants()
	case kindAgenda:
		return p.agenda()
	case kindOpenQuestions:
		return p.openQuestions()
	case kindQuestions:
		return p.questionsAndAnswers()
	case kindDecisions:
		return p.cite(p.decisions)
	case kindActions:
		return p.nextSteps()
	case kindConcerns:
		return p.cite(p.matching(reConcern, 6))
	case kindFeedback:
		return p.cite(p.matching(reFeedback, 6))
	case kindConcepts:
		return p.cite(p.matching(reConcept, 6))
	case kindExamples:
		return p.cite(p.matching(reExample, 6))
	case kindQuotes:
		return p.quotes()
	case kindKeyPoints:
		return p.cite(p.keys)
	}
	return p.cite(p.sharingWords(sec, 5))
}

func (p *summaryParts) overview() string {
	s := fmt.Sprintf("%s %s", p.desc, nlp.Capitalise(p.duration()))
	if n := len(p.rec.Speakers); n > 0 {
		s += fmt.Sprintf(", %d speaker%s", n, plural(n))
	}
	return s + "."
}

// cite bullets sentences with who said them and when.
func (p *summaryParts) cite(sents []sentence) []string {
	var out []string
	for _, s := range sents {
		out = append(out, fmt.Sprintf("- %s (%s, %s)", nlp.Shorten(trimFiller(s.text), 240), p.speakerAt(s), engine.Clock(s.start)))
	}
	return out
}

// participants lists the speakers with how many turns each took.
func (p *summaryParts) participants() []string {
	turns := map[string]int{}
	for _, s := range p.rec.Segments {
		if s.Speaker != "" {
			turns[s.Speaker]++
		}
	}
	var out []string
	for _, name := range p.rec.Speakers {
		out = append(out, fmt.Sprintf("- %s (%d turn%s)", name, turns[name], plural(turns[name])))
	}
	return out
}

// agenda is the topics in order, each with its key sentence.
func (p *summaryParts) agenda() []string {
	var out []string
	for _, t := range p.topics {
		out = append(out, fmt.Sprintf("- **%s** (from %s): %s", nlp.Capitalise(t.label), engine.Clock(t.start), nlp.Shorten(trimFiller(t.key.text), 200)))
	}
	return out
}

func (p *summaryParts) openQuestions() []string {
	var out []string
	for _, q := range p.open {
		out = append(out, fmt.Sprintf("- %s (%s, %s)", trimFiller(q.text), orSomeone(q.speaker), engine.Clock(q.start)))
	}
	return out
}

// questionsAndAnswers lists the questions asked, each with the reply that
// followed when someone gave one.
func (p *summaryParts) questionsAndAnswers() []string {
	var out []string
	for _, q := range p.doc.questionsAsked() {
		if len(out) == 8 {
			break
		}
		line := fmt.Sprintf("- **%s** (%s, %s)", trimFiller(q.text), orSomeone(q.speaker), engine.Clock(q.start))
		if q.answer != nil {
			line += fmt.Sprintf("\n  %s: %s", engine.Who(*q.answer), nlp.Shorten(trimFiller(q.answer.Text), 240))
		}
		out = append(out, line)
	}
	return out
}

func (p *summaryParts) nextSteps() []string {
	var out []string
	for _, c := range p.commits[:min(len(p.commits), 8)] {
		out = append(out, "- "+withOwnerAndDue(c.title, c.owner, c.due))
	}
	return out
}

// quotes are the key sentences word for word.
func (p *summaryParts) quotes() []string {
	var out []string
	for _, s := range p.keys[:min(len(p.keys), 4)] {
		out = append(out, fmt.Sprintf("> \"%s\" (%s, %s)", nlp.Shorten(trimFiller(s.text), 240), p.speakerAt(s), engine.Clock(s.start)))
	}
	return out
}

// matching is up to n statements that re finds, in order.
func (p *summaryParts) matching(re *regexp.Regexp, n int) []sentence {
	var out []sentence
	for _, s := range p.doc.sents {
		if len(out) < n && candidate(s) && !isQuestion(s.text) && re.MatchString(s.text) {
			out = append(out, s)
		}
	}
	return out
}

// sharingWords is up to n sentences sharing most content words with the
// section's heading and instruction, in the order they were said; a
// sentence must share at least one.
func (p *summaryParts) sharingWords(sec engine.TemplateSection, n int) []sentence {
	want := map[string]bool{}
	for _, t := range nlp.Terms(sec.Heading + " " + sec.Instruction) {
		want[t] = true
	}
	type scored struct {
		s     sentence
		score int
	}
	var hits []scored
	for _, s := range p.doc.sents {
		score := 0
		for _, t := range s.terms {
			if want[t] {
				score++
			}
		}
		if score > 0 && candidate(s) {
			hits = append(hits, scored{s, score})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	hits = hits[:min(len(hits), n)]
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].s.pos < hits[j].s.pos })
	out := make([]sentence, len(hits))
	for i, h := range hits {
		out[i] = h.s
	}
	return out
}

// oneLine keeps a heading on its line, so it stays one "## " section.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// nothingFitsIn says engine.NothingFits in the languages the local engine
// knows; others get the English.
var nothingFitsIn = map[string]string{
	"de": "Nichts in der Aufnahme passt zu diesem Abschnitt.",
	"fr": "Rien dans l’enregistrement ne correspond à cette section.",
	"es": "Nada en la grabación corresponde a esta sección.",
	"it": "Nulla nella registrazione corrisponde a questa sezione.",
	"pt": "Nada na gravação corresponde a esta seção.",
	"nl": "Niets in de opname past bij dit onderdeel.",
}

func nothingFits(lang string) string {
	base, _, _ := strings.Cut(strings.ToLower(lang), "-")
	if s, ok := nothingFitsIn[base]; ok {
		return s
	}
	return engine.NothingFits
}
