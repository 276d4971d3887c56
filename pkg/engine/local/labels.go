package local

import (
	"regexp"
	"sort"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
	"github.com/pocket-companion/pocket/pkg/tally"
)

// reAnnounced reads the subject of an announced topic: "Second item, the
// onboarding checklist experiment." → "onboarding checklist experiment".
var reAnnounced = regexp.MustCompile(`(?i)^(?:okay,? |so,? |alright,? |now,? )?(?:(?:second|third|fourth|fifth|next|last|final|another) (?:item|topic|thing|point)|next|moving on to|let's talk about|now,? about|on to|switching to|turning to)[,:]? (?:about |is |the |our |your )*([^.?!,;]{3,60})[.?!]?$`)

// announcedLabel is the subject a moderator announced, if short enough to be a label.
func announcedLabel(sentence string) string {
	m := reAnnounced.FindStringSubmatch(strings.TrimSpace(sentence))
	if m == nil {
		return ""
	}
	label := strings.TrimSpace(m[1])
	if n := len(strings.Fields(label)); n == 0 || n > 5 {
		return ""
	}
	return label
}

// topicWords fills the topic's particular words without labelling it.
func (d *doc) topicWords(t *topic) {
	inside := map[string]float64{}
	for _, s := range d.sents[t.first:t.last] {
		for _, term := range s.terms {
			inside[term]++
		}
	}
	words := rankParticular(inside, d.bag(0, len(d.sents)), d.isSpeakerTerm)
	for _, w := range words[:min(len(words), 4)] {
		t.words = append(t.words, d.word(w))
	}
}

// labelTopic names a topic by what is most particular to it: frequent inside
// it, rare outside it. A two-word phrase said at least twice whose words are
// both among the topic's top words ("onboarding checklist") beats a single
// word; otherwise the single best word names it.
func (d *doc) labelTopic(t *topic, used map[string]bool) {
	defer func() { used[strings.ToLower(t.label)] = true }()
	if l := announcedLabel(d.sents[t.first].text); l != "" && !used[strings.ToLower(l)] {
		t.label = l
		d.topicWords(t)
		return
	}
	inside, all := map[string]float64{}, d.bag(0, len(d.sents))
	pairs, pairsAll := map[string]float64{}, map[string]float64{}
	forms := map[string]map[string]int{}
	for _, s := range d.sents {
		in := s.pos >= t.first && s.pos < t.last
		for i, term := range s.terms {
			if in {
				inside[term]++
			}
			if i == 0 || !labelWord(s.terms[i-1]) || !labelWord(term) || s.terms[i-1] == term {
				continue
			}
			p := s.terms[i-1] + " " + term
			pairsAll[p]++
			if in {
				pairs[p]++
				if forms[p] == nil {
					forms[p] = map[string]int{}
				}
				forms[p][s.words[i-1]+" "+s.words[i]]++
			}
		}
	}
	words := rankParticular(inside, all, d.isSpeakerTerm)
	top := map[string]bool{}
	for _, w := range words[:min(len(words), 8)] {
		top[w] = true
	}
	for _, w := range words[:min(len(words), 4)] {
		t.words = append(t.words, d.word(w))
	}
	for _, p := range rankParticular(pairs, pairsAll, func(string) bool { return false }) {
		a, b, _ := strings.Cut(p, " ")
		if pairs[p] >= 2 && top[a] && top[b] && !used[p] {
			used[p] = true
			t.label = tally.MostCommon(forms[p])
			return
		}
	}
	for _, w := range words {
		if !used[w] {
			used[w] = true
			t.label = d.word(w)
			return
		}
	}
	t.label = "conversation"
}

// rankParticular orders keys by count inside × share of all occurrences that
// are inside, dropping words that cannot name anything.
func rankParticular(inside, all map[string]float64, skip func(string) bool) []string {
	type scored struct {
		key   string
		score float64
	}
	var list []scored
	for k, n := range inside {
		if n < 2 && len(inside) > 8 {
			continue
		}
		if strings.Contains(k, " ") || labelWord(k) {
			if !skip(k) {
				list = append(list, scored{k, n * n / all[k]})
			}
		}
	}
	sort.Slice(list, func(a, b int) bool {
		if list[a].score != list[b].score {
			return list[a].score > list[b].score
		}
		return list[a].key < list[b].key
	})
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.key
	}
	return out
}

// labelWord: not a number word, not a weak word, long enough to mean something.
func labelWord(t string) bool {
	return len(t) >= 3 && !nlp.IsNumberWord(t) && !weakLabelWords[t] && (t[0] < '0' || t[0] > '9')
}

// isSpeakerTerm keeps people's names out of topic labels ("Daniel and Tom").
func (d *doc) isSpeakerTerm(t string) bool {
	for _, name := range d.rec.Speakers {
		for _, nt := range nlp.Terms(name) {
			if nt == t {
				return true
			}
		}
	}
	return false
}

// genericSections are summary headings that name no topic.
var genericSections = map[string]bool{"overview": true, "summary": true, "key points": true, "next steps": true,
	"action items": true, "decisions": true, "notes": true, "tl;dr": true, "tldr": true, "takeaways": true,
	"key takeaways": true, "highlights": true, "open questions": true, "topics": true, "topics discussed": true}

// sectionTitles are the summary's topical headings.
func sectionTitles(rec *engine.Recording) []string {
	var out []string
	for _, s := range rec.Summary {
		if s.Title != "" && !genericSections[strings.ToLower(s.Title)] {
			out = append(out, s.Title)
		}
	}
	return out
}

// topicNames names up to n things the recording covers, for "not found"
// answers: the summary's headings, else the transcript's topic labels.
func topicNames(rec *engine.Recording, n int) []string {
	names := sectionTitles(rec)
	if len(names) == 0 {
		for _, t := range newDoc(rec).topics() {
			names = append(names, t.label)
		}
	}
	for i, name := range names {
		names[i] = lowerFirst(name)
	}
	return names[:min(len(names), n)]
}

// lowerFirst lower-cases a heading's first letter for use mid-sentence,
// unless it is an acronym or a name-like word ("Q4", "Harbor").
func lowerFirst(s string) string {
	if len(s) < 2 || strings.ToUpper(s[:2]) == s[:2] {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
