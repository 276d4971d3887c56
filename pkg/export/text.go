package export

import (
	"strings"

	"github.com/pocket-companion/pocket/pkg/loose"
)

// dateLayout is how both text formats write the recording's date (UTC, as
// the server reads dates without a zone).
const dateLayout = "Monday, 2 January 2006, 15:04 UTC"

// Markdown is the recording as a Markdown document: title, date, summary,
// action items as a check list (subtasks indented), the owner's note, and the transcript with
// speaker names and m:ss times. Sections with nothing in them are left out.
func Markdown(d Doc) []byte {
	var b strings.Builder
	b.WriteString("# " + oneLine(d.Title) + "\n\n")
	if !d.Date.IsZero() {
		b.WriteString("*" + d.Date.UTC().Format(dateLayout) + "*\n\n")
	}
	if d.Summary != "" {
		b.WriteString("## Summary\n\n" + demoteHeadings(d.Summary) + "\n\n")
	}
	if len(d.Tasks) > 0 {
		b.WriteString("## Action items\n\n")
		writeTasks(&b, d.Tasks, "", func(t loose.Task) string {
			box := "[ ]"
			if t.Completed {
				box = "[x]"
			}
			return "- " + box + " "
		})
		b.WriteString("\n")
	}
	if d.Note != "" {
		b.WriteString("## Notes\n\n" + demoteHeadings(d.Note) + "\n\n")
	}
	if len(d.Lines) > 0 {
		b.WriteString("## Transcript\n\n")
		for _, l := range d.Lines {
			b.WriteString("**" + Clock(l.Start) + "**")
			if l.Speaker != "" {
				b.WriteString(" **" + oneLine(l.Speaker) + ":**")
			}
			b.WriteString(" " + oneLine(l.Text) + "\n\n")
		}
	}
	return []byte(strings.TrimRight(b.String(), "\n") + "\n")
}

// Text is the same document without markup, for pasting anywhere.
func Text(d Doc) []byte {
	var b strings.Builder
	b.WriteString(oneLine(d.Title) + "\n")
	if !d.Date.IsZero() {
		b.WriteString(d.Date.UTC().Format(dateLayout) + "\n")
	}
	b.WriteString("\n")
	if d.Summary != "" {
		b.WriteString("SUMMARY\n\n" + loose.StripMarkdown(d.Summary) + "\n\n")
	}
	if len(d.Tasks) > 0 {
		b.WriteString("ACTION ITEMS\n\n")
		writeTasks(&b, d.Tasks, "", func(t loose.Task) string {
			if t.Completed {
				return "- (done) "
			}
			return "- "
		})
		b.WriteString("\n")
	}
	if d.Note != "" {
		b.WriteString("NOTES\n\n" + loose.StripMarkdown(d.Note) + "\n\n")
	}
	if len(d.Lines) > 0 {
		b.WriteString("TRANSCRIPT\n\n")
		for _, l := range d.Lines {
			b.WriteString("[" + Clock(l.Start) + "] ")
			if l.Speaker != "" {
				b.WriteString(oneLine(l.Speaker) + ": ")
			}
			b.WriteString(oneLine(l.Text) + "\n")
		}
	}
	return []byte(strings.TrimRight(b.String(), "\n") + "\n")
}

// writeTasks writes tasks one a line, subtasks indented under their parent.
func writeTasks(b *strings.Builder, tasks []loose.Task, indent string, bullet func(loose.Task) string) {
	for _, t := range tasks {
		title := oneLine(t.Title)
		if title == "" { // the action-items tab's placeholders
			title = [...]string{"Untitled Task", "Untitled Subtask", "Untitled Sub-subtask"}[min(len(indent)/2, 2)]
		}
		b.WriteString(indent + bullet(t) + title)
		if desc := oneLine(t.Description); desc != "" {
			b.WriteString(" — " + desc)
		}
		b.WriteString("\n")
		writeTasks(b, t.Subtasks, indent+"  ", bullet)
	}
}

// demoteHeadings moves the summary's own headings one level down, under the
// document's "Summary" heading.
func demoteHeadings(md string) string {
	lines := strings.Split(md, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "######") {
			lines[i] = "#" + l
		}
	}
	return strings.Join(lines, "\n")
}

// oneLine folds line breaks so that one value stays one line of the document.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
