package recordings

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

// MaxSpeakerName bounds a speaker's name in characters.
const MaxSpeakerName = 100

// RenameSpeakerIn names the speaker with this transcript label in one
// recording, inside the caller's transaction. The device's speakers member
// stays as uploaded; the name is kept in the bookkeeping and laid over it
// wherever the recording is read (detail, share view, chat, sync), so every
// reader derives the same name by the spec's rule. An empty name restores
// the uploaded one.
func (s *Service) RenameSpeakerIn(x *store.Txn, uid, id, label, name string) error {
	key := loose.SpeakerLabel(label)
	name = strings.TrimSpace(name)
	if err := checkSpeakerName(name); err != nil {
		return err
	}
	old, err := loadLive(x, uid, id)
	if err != nil {
		return err
	}
	if !old.hasSpeaker(key) {
		return apperr.New(apperr.NotFound, "SPEAKER_NOT_FOUND", "This recording has no speaker "+label)
	}
	st := *old
	st.Book.SpeakerNames = renamed(old.Book.SpeakerNames, key, name)
	st.Recording = s.touch(old.recordingObject())
	st.derive()
	before, err := quota.Load(x, uid)
	if err != nil {
		return err
	}
	if err := put(x, uid, &st, old); err != nil {
		return err
	}
	// A name given before (here or in another recording) adds nobody.
	if err := quota.Check(x, uid, before, quota.Limits{Speakers: s.limits.Speakers}); err != nil {
		return err
	}
	return s.changed(x, uid, id, false, events.RecordingUpdated)
}

func checkSpeakerName(name string) error {
	switch {
	case utf8.RuneCountInString(name) > MaxSpeakerName:
		return apperr.Invalidf("A speaker's name must be at most %d characters", MaxSpeakerName)
	case strings.ContainsAny(name, "\x00\n\r"):
		return apperr.Invalidf("A speaker's name must be one line of text")
	case strings.HasPrefix(name, "Speaker ") && utf8.RuneCountInString(name) <= 15:
		// The display rule (spec §5) ignores such names: refusing says so
		// instead of storing a rename nobody would ever see.
		return apperr.New(apperr.Invalid, "GENERIC_SPEAKER_NAME", "Choose a name other than a generic \"Speaker N\"")
	}
	return nil
}

func renamed(names map[string]string, key, name string) map[string]string {
	out := make(map[string]string, len(names)+1)
	for k, v := range names {
		out[k] = v
	}
	if name == "" {
		delete(out, key)
	} else {
		out[key] = name
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// hasSpeaker: the label is a key of the speakers member or speaks in the
// transcript.
func (st *stored) hasSpeaker(key string) bool {
	if profiles, ok := loose.ParseObject(loose.Unwrap(st.Speakers)); ok && profiles.Get(key) != nil {
		return true
	}
	for _, seg := range st.segments() {
		if loose.SpeakerLabel(seg.Speaker) == key {
			return true
		}
	}
	return false
}

// speakersWithNames is the speakers member with the owner's names laid over
// it: each renamed label's speakerProfile.name is set, and originalName keeps
// the uploaded one. A member that was a JSON string stays one.
func (st *stored) speakersWithNames() json.RawMessage {
	if len(st.Book.SpeakerNames) == 0 {
		return st.Speakers
	}
	inner := loose.Unwrap(st.Speakers)
	profiles, _ := loose.ParseObject(inner)
	for key, name := range st.Book.SpeakerNames {
		entry, _ := loose.ParseObject(loose.Unwrap(profiles.Get(key)))
		profile, _ := loose.ParseObject(loose.Unwrap(entry.First("speakerProfile", "speaker_profile")))
		// The uploaded name stays beside the new one: the summary's speaker
		// mind map is keyed by it, and readers show the new name there too.
		if original, _ := loose.String(profile.Get("name")); original != "" && original != name {
			profile = profile.Set("originalName", jsonString(original))
		}
		p, _ := profile.Set("name", jsonString(name)).MarshalJSON()
		e, _ := entry.Delete("speaker_profile").Set("speakerProfile", p).MarshalJSON()
		profiles = profiles.Set(key, e)
	}
	out, _ := profiles.MarshalJSON()
	if isJSONString(st.Speakers) {
		quoted, _ := json.Marshal(string(out))
		return quoted
	}
	return out
}

func isJSONString(raw json.RawMessage) bool {
	_, ok := loose.String(raw)
	return ok
}
