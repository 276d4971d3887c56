package local

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

const maxEmailPoints = 5

// followUpEmail drafts the e-mail people send after a meeting: subject,
// greeting, a recap from the summary, the action items with owners and
// dates, and a closing.
func followUpEmail(rec *engine.Recording) engine.Answer {
	var b strings.Builder
	subject := "Follow-up on our conversation"
	if rec.Title != "" {
		subject = "Follow-up: " + rec.Title
	}
	if !rec.RecordedAt.IsZero() {
		subject += " (" + rec.RecordedAt.Format("Jan 2") + ")"
	}
	fmt.Fprintf(&b, "Subject: %s\n\n%s\n\nThanks for the conversation. Here is a short recap.\n", subject, greeting(rec))
	points, sources := recapPoints(rec, maxEmailPoints)
	if len(points) > 0 {
		b.WriteString("\nSummary:\n")
		for _, p := range points {
			fmt.Fprintf(&b, "- %s\n", p)
		}
	}
	items, itemSources := emailActionItems(rec)
	sources = append(sources, itemSources...)
	if len(items) > 0 {
		b.WriteString("\nAction items:\n")
		for _, it := range items {
			fmt.Fprintf(&b, "- %s\n", it)
		}
	}
	b.WriteString("\nPlease reply if I missed or misunderstood anything.\n\nBest regards,\n[Your name]")
	return engine.Answer{Text: b.String(), Sources: sources}
}

// greeting addresses a group as "all"; in a two-person conversation the
// sender is one of the two and which one is unknown, so no name is guessed.
func greeting(rec *engine.Recording) string {
	if len(rec.Speakers) >= 3 {
		return "Hi all,"
	}
	return "Hi,"
}

// recapPoints takes the summary's points (the first of each section, then
// more) or, without a summary, the transcript's key sentences.
func recapPoints(rec *engine.Recording, n int) ([]string, []engine.Source) {
	var out []string
	for round := 0; len(out) < n && round < 3; round++ {
		for _, sec := range rec.Summary {
			if round < len(sec.Points) && len(out) < n {
				out = append(out, nlp.Shorten(sec.Points[round], 220))
			}
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	d := newDoc(rec)
	var sources []engine.Source
	for _, s := range d.keySentences(n) {
		out = append(out, fmt.Sprintf("%s (%s, %s)", nlp.Shorten(trimFiller(s.text), 220), engine.Who(rec.Segments[s.seg]), engine.Clock(s.start)))
		sources = append(sources, engine.SourceOf(rec.Segments[s.seg], s.text))
	}
	return out, sources
}

var reParenName = regexp.MustCompile(`\(([A-Z][a-z]+)(?:[,)]| )`)

// emailActionItems lists open action items with owner and due date, or the
// commitments made in the conversation when there is no list.
func emailActionItems(rec *engine.Recording) ([]string, []engine.Source) {
	var out []string
	var sources []engine.Source
	if len(rec.ActionItems) == 0 {
		for _, c := range newDoc(rec).commitments() {
			out = append(out, withOwnerAndDue(c.title, c.owner, c.due))
			sources = append(sources, engine.SourceOf(rec.Segments[c.seg], c.text))
		}
		return out[:min(len(out), maxListed)], sources
	}
	ix := newIndex(rec)
	for _, t := range rec.ActionItems {
		if t.Completed || t.Title == "" {
			continue
		}
		text := t.Title + ". " + t.Description
		owner, due := ownerIn(rec, text), dueOf(text)
		if seg, ok := ix.sourceFor(text); ok {
			s := rec.Segments[seg]
			if owner == "" && firstPerson(s.Text) {
				owner = s.Speaker
			}
			if due == "" {
				due = dueOf(s.Text)
			}
			sources = append(sources, engine.SourceOf(s, ""))
		}
		out = append(out, withOwnerAndDue(t.Title, owner, due))
	}
	return out[:min(len(out), maxListed)], sources
}

func withOwnerAndDue(title, owner, due string) string {
	var extra []string
	if owner != "" {
		extra = append(extra, owner)
	}
	if due != "" {
		extra = append(extra, due)
	}
	if len(extra) == 0 {
		return title
	}
	return title + " — " + strings.Join(extra, ", ")
}

// ownerIn finds who a task names: "(Leo)", or a speaker's first name.
func ownerIn(rec *engine.Recording, text string) string {
	if m := reParenName.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	for _, name := range rec.Speakers {
		first, _, _ := strings.Cut(name, " ")
		if len(first) > 2 && !strings.HasPrefix(name, "Speaker ") && hasWord(text, first) {
			return name
		}
	}
	return ""
}

func firstPerson(text string) bool {
	lower := strings.ToLower(text)
	for _, p := range []string{"i'll ", "i will ", "i can ", "i'm going to "} {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// hasWord reports whether word occurs in text as a whole word.
func hasWord(text, word string) bool {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		if strings.TrimSuffix(w, "'s") == word {
			return true
		}
	}
	return false
}
