// Package templates keeps summary templates: the built-ins every user has
// (General, Meeting, Lecture, Interview, One-on-one, Call) and each user's
// own, a name and an ordered list of sections, each a heading and what
// belongs under it. A summary asked for with a template has one "## " heading
// per section, in the template's order (pkg/engine's SummaryOptions).
package templates

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/engine"
)

// Limits of one template; a user's number of templates is Store's quota.
const (
	MaxName        = 80  // characters of a name
	MaxSections    = 20  // sections of one template
	MaxHeading     = 100 // characters of a section's heading
	MaxInstruction = 500 // characters of what belongs in a section
)

// Template is a summary template as the API shows it.
type Template struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Sections  []Section  `json:"sections"`
	Builtin   bool       `json:"builtin"`
	CreatedAt *time.Time `json:"createdAt,omitempty"` // a user's template only
	UpdatedAt *time.Time `json:"updatedAt,omitempty"`
}

// Section is one heading of the summary and what belongs under it.
type Section struct {
	Heading     string `json:"heading"`
	Instruction string `json:"instruction"`
}

// Draft is what a caller gives to create or replace a template, checked by
// Parse.
type Draft struct {
	Name     string
	Sections []Section
}

// Parse checks a template's name and sections: a name and at least one
// section are required, each within its limit; spaces around them are
// dropped and a heading is kept on one line.
func Parse(name string, sections []Section) (Draft, error) {
	d := Draft{Name: strings.TrimSpace(name)}
	switch n := utf8.RuneCountInString(d.Name); {
	case n == 0:
		return d, apperr.Invalidf("name is required")
	case n > MaxName:
		return d, apperr.Invalidf("name must be at most %d characters", MaxName)
	}
	if len(sections) == 0 {
		return d, apperr.Invalidf("sections must list at least one section")
	}
	if len(sections) > MaxSections {
		return d, apperr.Invalidf("sections must list at most %d sections", MaxSections)
	}
	for i, s := range sections {
		heading := strings.Join(strings.Fields(s.Heading), " ")
		if heading == "" || utf8.RuneCountInString(heading) > MaxHeading {
			return d, apperr.Invalidf("sections[%d].heading is required and must be at most %d characters", i, MaxHeading)
		}
		instruction := strings.TrimSpace(s.Instruction)
		if utf8.RuneCountInString(instruction) > MaxInstruction {
			return d, apperr.Invalidf("sections[%d].instruction must be at most %d characters", i, MaxInstruction)
		}
		d.Sections = append(d.Sections, Section{Heading: heading, Instruction: instruction})
	}
	return d, nil
}

// Engine is the template as the AI engines take it.
func (t Template) Engine() *engine.Template {
	out := &engine.Template{ID: t.ID, Name: t.Name}
	for _, s := range t.Sections {
		out.Sections = append(out.Sections, engine.TemplateSection{Heading: s.Heading, Instruction: s.Instruction})
	}
	return out
}

func (t Template) clone() Template {
	t.Sections = append([]Section(nil), t.Sections...)
	return t
}

// newID starts with the time in nanoseconds, so a user's templates list in
// the order they were made; the random rest keeps ids apart across replicas.
func newID(now time.Time) string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return fmt.Sprintf("tpl_%016x%s", now.UnixNano(), hex.EncodeToString(b))
}
