package templates_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/tests/enginetest"
)

// headings lists a summary's "## " headings in order.
func headings(md string) []string {
	var out []string
	for _, l := range strings.Split(md, "\n") {
		if h, ok := strings.CutPrefix(l, "## "); ok {
			out = append(out, h)
		}
	}
	return out
}

// sectionBodies maps each heading to the text under it.
func sectionBodies(md string) map[string]string {
	out := map[string]string{}
	parts := strings.Split("\n"+md, "\n## ")
	for _, p := range parts[1:] {
		h, body, _ := strings.Cut(p, "\n")
		out[h] = strings.TrimSpace(body)
	}
	return out
}

func summarise(t *testing.T, prefix string, tpl templates.Template, lang string) string {
	t.Helper()
	rec := enginetest.WithoutSummary(enginetest.Fixture(t, prefix))
	sum, err := local.New().Summarize(context.Background(), rec, engine.SummaryOptions{Template: tpl.Engine(), Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	return sum.Markdown
}

func builtin(t *testing.T, id string) templates.Template {
	for _, b := range templates.Builtins() {
		if b.ID == id {
			return b
		}
	}
	t.Fatalf("no built-in %q", id)
	return templates.Template{}
}

// Every built-in template on every fixture with a transcript: the summary
// has the template's headings, exactly and in order, and each section holds
// either what the recording says or the sentence saying nothing fits.
func TestLocalEngine_EveryBuiltinGivesItsSectionsOnEveryFixture(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(enginetest.Dir(t), "*.json"))
	for _, f := range files {
		prefix := strings.SplitN(filepath.Base(f), "-", 2)[0]
		rec := enginetest.Fixture(t, prefix)
		if len(rec.Segments) == 0 {
			continue
		}
		for _, tpl := range templates.Builtins() {
			md := summarise(t, prefix, tpl, "")
			var want []string
			for _, s := range tpl.Sections {
				want = append(want, s.Heading)
			}
			if got := headings(md); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Fatalf("%s with %s: headings %q, want %q", prefix, tpl.Name, got, want)
			}
			for h, body := range sectionBodies(md) {
				if body == "" {
					t.Errorf("%s with %s: section %q is empty", prefix, tpl.Name, h)
				}
			}
		}
	}
}

// quoted are the sentences a cited bullet quotes: "- text (Speaker, m:ss)".
var cited = regexp.MustCompile(`(?m)^- (.+?)(?:…)? \(([^,()]+), \d+:\d\d\)$`)

// The section kinds fill from the recording that has them: the meeting's
// decisions and owners, the interview's questions with their answers, the
// lecture's definitions and examples, the one-on-one's blockers, the call's
// follow-ups; each cited sentence was said by the speaker named.
func TestLocalEngine_FillsEachBuiltinsSectionsFromTheMatchingRecording(t *testing.T) {
	cases := []struct {
		template, fixture string
		filled            map[string]string // heading -> words the section must hold
	}{
		{"meeting", "01", map[string]string{"Agenda": "Onboarding checklist", "Decisions": "December first it is", "Action items": "Send the customer email"}},
		{"one-on-one", "02", map[string]string{"Updates": "promotion packet", "Blockers": "latency problems", "Action items": "cron job"}},
		{"interview", "03", map[string]string{"Participants": "Nadia Petrova", "Questions and answers": "How did you handle conflicts?**"}},
		{"call", "06", map[string]string{"Participants": "Mr. Kowalski", "Follow-ups": "Tony"}},
		{"lecture", "07", map[string]string{"Key concepts": "midpoint method", "Examples": "Bean There", "Questions from the audience": "midterm"}},
		{"general", "08", map[string]string{"Overview": "Sam Rivera", "Action items": "Order the cake"}},
	}
	for _, c := range cases {
		t.Run(c.template, func(t *testing.T) {
			md := summarise(t, c.fixture, builtin(t, c.template), "")
			bodies := sectionBodies(md)
			for h, words := range c.filled {
				if !strings.Contains(bodies[h], words) {
					t.Errorf("section %q lacks %q:\n%s", h, words, bodies[h])
				}
			}
			checkQuotesWereSaid(t, c.fixture, md)
		})
	}
}

func checkQuotesWereSaid(t *testing.T, prefix, md string) {
	t.Helper()
	rec := enginetest.Fixture(t, prefix)
	said := map[string]string{}
	for _, s := range rec.Segments {
		said[s.Speaker] += " " + strings.ToLower(s.Text)
	}
	for _, m := range cited.FindAllStringSubmatch(md, -1) {
		quote := strings.ToLower(strings.Trim(m[1], "*…"))
		if len(quote) > 40 {
			quote = quote[:40]
		}
		if !strings.Contains(said[m[2]], quote) {
			t.Errorf("%q is not something %s said", quote, m[2])
		}
	}
}

// A section the recording holds nothing for says so, in the language asked
// for when the engine knows it, instead of inventing content.
func TestLocalEngine_SaysNothingFitsRatherThanInventing(t *testing.T) {
	tpl := templates.Template{Name: "Cooking", Sections: []templates.Section{
		{Heading: "Decisions", Instruction: "What was decided."},
		{Heading: "Recipes", Instruction: "Soup and bread recipes."},
	}}
	bodies := sectionBodies(summarise(t, "06", tpl, ""))
	if bodies["Recipes"] != engine.NothingFits || bodies["Decisions"] != engine.NothingFits {
		t.Fatalf("sections %q", bodies)
	}
	if got := sectionBodies(summarise(t, "06", tpl, "de"))["Recipes"]; got != "Nichts in der Aufnahme passt zu diesem Abschnitt." {
		t.Fatalf("German: %q", got)
	}
}

// A heading of no known kind is filled with the sentences sharing its words.
func TestLocalEngine_FillsAnUnknownSectionBySharedWords(t *testing.T) {
	tpl := templates.Template{Name: "Rent", Sections: []templates.Section{{Heading: "Rent", Instruction: "What was said about the rent increase."}}}
	body := sectionBodies(summarise(t, "06", tpl, ""))["Rent"]
	if !strings.Contains(body, "rent goes from eighteen hundred") {
		t.Fatalf("Rent section:\n%s", body)
	}
	checkQuotesWereSaid(t, "06", "## Rent\n"+body)
}
