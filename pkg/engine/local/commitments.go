package local

import (
	"regexp"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// commitment is a sentence in which someone takes something on.
type commitment struct {
	sentence
	title    string // the task, in the imperative: "Send the customer email …"
	owner    string // who takes it on
	due      string // "by Thursday", "today", … or ""
	priority string // CRITICAL, HIGH, MEDIUM or LOW
	parts    []string
}

var (
	// reCommit finds the first person taking something on, or a stated need.
	reCommit = regexp.MustCompile(`(?i)^(?:i'll|i will|i can|i'm going to|i am going to|i need to|let me|we'll|we will|we need to|we should|we have to|we must|let's)\s+(.+)$`)
	// reDelegate finds a named person given a task: "Leo will …", "Sofia designs …" is too loose.
	reDelegate = regexp.MustCompile(`^([A-Z][a-z]+)\s+(?:will|needs to|should|is going to|has to)\s+(.+)$`)
	// reMeetingTalk is facilitation, not work: "let's start with …".
	reMeetingTalk = regexp.MustCompile(`(?i)^(?:start|begin|get started|kick off|go through|wrap|talk|move on|vote|recap|leave time|do the discussion|see|say|just|add up|agree now|not|think|be |explain|summari[sz]e|tell you|show you|ask you|know|guess|check in)\b`)
	// reImperative: a sentence that starts with an action verb is a to-do
	// ("Order the cake …", "Send me the proposal in writing").
	reImperative = regexp.MustCompile(`^(?:Ask|Call|Order|Book|Send|Email|E-mail|Buy|Schedule|Check|Review|Update|Fix|Write|Draft|Prepare|Follow up|Remind|Pick up|Make sure|Set up|Contact|Confirm|Share|Finish|Submit|Pay|Cancel|Plan|Tell|Add|Remove|Clean up|Test|File|Reply|Print|Bring|Invite|Reserve|Research|Look into|Get|Move|Find|Sign|Renew|Return|Register)\b`)
	reDue        = regexp.MustCompile(`(?i)\b((?:by|on|before|until|no later than)\s+)?(today|tonight|tomorrow|this (?:week|month|morning|afternoon|evening)|next (?:week|month|sprint|quarter)|(?:the )?end of (?:the )?(?:day|week|month|quarter|year|sprint|november|december|january)|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:,? (?:january|february|march|april|may|june|july|august|september|october|november|december) [a-z-]+)?|(?:january|february|march|april|may|june|july|august|september|october|november|december) [a-z0-9-]+)\b`)
	reTail       = regexp.MustCompile(`(?i)(,\s*(because|since|so|that's|which|and that|but)\b.*|\s+(because|so that|since)\b.*)$`)
)

// Urgency words set a generated task's priority.
var (
	criticalWords = []string{"urgent", "asap", "immediately", "critical", "blocker", "blocking", "right away", "right after this", "emergency", "don't ship", "can't ship"}
	highWords     = []string{"today", "tonight", "tomorrow", "this week", "must", "deadline", "as soon as", "important", "priority", "before the release"}
	lowWords      = []string{"maybe", "eventually", "someday", "nice to have", "if we have time", "when possible", "at some point", "no rush", "later"}
)

// commitments finds the commitments of the transcript, in order.
func (d *doc) commitments() []commitment {
	var out []commitment
	for _, s := range d.sents {
		if c, ok := commitmentOf(s); ok {
			out = append(out, c)
		}
	}
	return out
}

func commitmentOf(s sentence) (commitment, bool) {
	text := trimFiller(s.text)
	if isQuestion(text) || strings.HasPrefix(strings.ToLower(text), "if ") || len(s.terms) < 3 {
		return commitment{}, false
	}
	c := commitment{sentence: s, owner: s.speaker}
	var rest string
	if m := reCommit.FindStringSubmatch(text); m != nil {
		rest = m[1]
		if strings.HasPrefix(strings.ToLower(m[0]), "we") || strings.HasPrefix(strings.ToLower(m[0]), "let's") {
			c.owner = "" // the group, not the speaker alone
		}
	} else if m := reDelegate.FindStringSubmatch(text); m != nil && !calendarWords[strings.ToLower(m[1])] {
		c.owner, rest = m[1], m[2]
	} else if reImperative.MatchString(text) {
		rest = text
		if !s.monologue {
			c.owner = "" // addressed to someone else in the room
		}
	} else {
		return commitment{}, false
	}
	if reMeetingTalk.MatchString(rest) || strings.HasPrefix(strings.ToLower(rest), "do that") {
		return commitment{}, false
	}
	c.title = taskTitle(rest)
	if len(strings.Fields(c.title)) < 3 {
		return commitment{}, false
	}
	c.due = dueOf(s.text)
	c.priority = urgency(s.text, c.due)
	c.parts = splitParts(c.title)
	return c, true
}

// taskTitle turns the rest of a commitment into an imperative title.
func taskTitle(rest string) string {
	rest = reTail.ReplaceAllString(strings.TrimSpace(rest), "")
	rest = strings.TrimRight(rest, ".!;, ")
	return nlp.Capitalise(nlp.Shorten(rest, 90))
}

func dueOf(text string) string {
	m := reDue.FindString(text)
	return strings.TrimSpace(m)
}

func urgency(text, due string) string {
	lower := strings.ToLower(text)
	has := func(words []string) bool {
		for _, w := range words {
			if strings.Contains(lower, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has(criticalWords):
		return "CRITICAL"
	case has(highWords):
		return "HIGH"
	case has(lowWords):
		return "LOW"
	case due != "":
		return "HIGH"
	}
	return "MEDIUM"
}

// splitParts splits "fix the bug and add a test" into its actions when both
// sides read as actions (two words or more each); otherwise there is one.
func splitParts(title string) []string {
	left, right, ok := strings.Cut(title, " and ")
	if !ok || len(strings.Fields(left)) < 2 || len(strings.Fields(right)) < 2 {
		return nil
	}
	return []string{nlp.Capitalise(strings.TrimSpace(left)), nlp.Capitalise(strings.TrimSpace(right))}
}
