package local

import (
	"regexp"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// intent is a request about the whole recording rather than a question about
// one detail: the presets the app offers (to-do list, follow-up e-mail, Q&A
// options, overview) and their everyday phrasings.
type intent int

const (
	intentNone intent = iota
	intentTodo
	intentEmail
	intentQuestions
	intentSummary
	intentTopics
	intentDecisions
)

var intentPatterns = []struct {
	intent intent
	re     *regexp.Regexp
}{
	{intentEmail, regexp.MustCompile(`follow[- ]?up (e-?mail|mail|message)|(draft|write|compose)( me)? (an? |the )?(follow[- ]?up|e-?mail|mail)|e-?mail (draft|recap)`)},
	{intentTodo, regexp.MustCompile(`to-?dos?\b|action items?|\btasks?\b|next steps|what (do|should) (i|we) do next|who (does|is doing) what`)},
	{intentQuestions, regexp.MustCompile(`q ?& ?a|q and a|questions? (were |was )?(asked|raised)|(list|what|which) (the |all )?(questions|q&a)|questions (options|list)`)},
	{intentDecisions, regexp.MustCompile(`decisions?|decided|what (was|got|did .*) agreed`)},
	{intentTopics, regexp.MustCompile(`what (was|is|were) (discussed|covered|talked about)|what did (they|we|you) (discuss|talk about|cover)|topics|what('s| is) (this|it|the recording|the meeting) about`)},
	{intentSummary, regexp.MustCompile(`summari[sz]e|summary|main points|key points|key takeaways|takeaways|recap|tl;? ?dr|highlights|gist`)},
}

// genericVocabulary is the wording of whole-recording requests. A message
// that has words beyond these asks about something specific ("what did we
// decide about the release date?") and goes to retrieval instead.
var genericVocabulary = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`list lists show give provide make draft write compose create send generate
		todo todos to-do task tasks action actions item items next step steps follow up followup email e-mail mail
		message recap question questions q&a option options raise raised ask asked answer answers summarize summarise
		summary main key point points takeaway takeaways highlight highlights gist tldr topic topics discuss discussed
		cover covered talk talked decision decisions decide decided agree agreed important made make any all meeting
		recording conversation call today brief short quick bullet bullets please me us did do does was were this it`) {
		for _, t := range nlp.Terms(w) {
			genericVocabulary[t] = true
		}
	}
}

// detectIntent recognises whole-recording requests; everything else is a
// question for retrieval.
func detectIntent(message string) intent {
	lower := strings.ToLower(strings.TrimSpace(message))
	for _, p := range intentPatterns {
		if !p.re.MatchString(lower) {
			continue
		}
		if specific(lower) {
			return intentNone
		}
		return p.intent
	}
	return intentNone
}

// specific reports a content word outside the generic vocabulary.
func specific(message string) bool {
	for _, t := range nlp.Terms(message) {
		if !genericVocabulary[t] {
			return true
		}
	}
	return false
}
