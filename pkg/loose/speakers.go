package loose

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// genericLabel matches the transcript's "Speaker 3" form of a diarisation label.
var genericLabel = regexp.MustCompile(`^(?i)speaker\s+(\d{1,3})$`)

// SpeakerLabel turns a transcript label into the speakers map's key: "Speaker 1"
// becomes "SPEAKER_01" (spec §5); other labels are kept as given.
func SpeakerLabel(label string) string {
	label = strings.TrimSpace(label)
	if m := genericLabel.FindStringSubmatch(label); m != nil {
		n, _ := strconv.Atoi(m[1])
		return fmt.Sprintf("SPEAKER_%02d", n)
	}
	return label
}

// SpeakerNames maps each transcript label (as written in the segments, in order
// of first appearance) to the name a person reads, by the spec's rule (§5): a
// matched profile name is used unless it is a generic "Speaker …" of at most 15
// characters; otherwise the label becomes "Speaker N", numbered by order of
// appearance. speakers is the loose speakers field (object or JSON string); an
// unparseable one means no names, as the app shows it.
func SpeakerNames(speakers []byte, labels []string) map[string]string {
	profiles, _ := ParseObject(Unwrap(speakers))
	names := make(map[string]string, len(labels))
	n := 0
	for _, label := range labels {
		if _, seen := names[label]; seen {
			continue
		}
		n++
		if name := profileName(profiles, SpeakerLabel(label)); name != "" {
			names[label] = name
			continue
		}
		names[label] = fmt.Sprintf("Speaker %d", n)
	}
	return names
}

// SpeakerOrder lists the distinct labels of segs in order of first appearance.
func SpeakerOrder(segs []Segment) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range segs {
		if !seen[s.Speaker] {
			seen[s.Speaker] = true
			out = append(out, s.Speaker)
		}
	}
	return out
}

// profileName reads the profile of key in profiles, read by ParseObject.
func profileName(profiles Object, key string) string {
	entry, ok := objectOf(Unwrap(profiles.Get(key)))
	if !ok {
		return ""
	}
	profile, ok := objectOf(Unwrap(entry.First("speakerProfile", "speaker_profile")))
	if !ok {
		return ""
	}
	name := strings.TrimSpace(Text(profile.Get("name")))
	if strings.HasPrefix(name, "Speaker ") && len([]rune(name)) <= 15 {
		return "" // a generic profile carries no information
	}
	return name
}
