package recordings

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

// A person is a speaker's name as the owner reads it (spec §5's rule, with the
// owner's renames laid over the upload), gathered across the library so a name
// given once can be offered, attached and filtered by everywhere.

// speakerRef is one speaker of a recording: the speakers-map key a rename
// addresses and the name a person reads.
type speakerRef struct {
	Label string
	Name  string
	first loose.Segment // the speaker's first segment, for recognising them
}

// speakerRefs splits the recording's speakers, in order of first appearance,
// into the named and the unnamed (shown as a generic "Speaker N").
func (st *stored) speakerRefs() (named, unnamed []speakerRef) {
	segs := st.segments()
	labels := loose.SpeakerOrder(segs)
	names := loose.SpeakerNames(st.speakersWithNames(), labels)
	seen := map[string]bool{}
	for i, label := range labels {
		key := loose.SpeakerLabel(label)
		if label == "" || seen[key] {
			continue
		}
		seen[key] = true
		ref := speakerRef{Label: key, Name: names[label], first: firstSegmentOf(segs, label)}
		if ref.Name == fmt.Sprintf("Speaker %d", i+1) {
			unnamed = append(unnamed, ref)
		} else {
			named = append(named, ref)
		}
	}
	return named, unnamed
}

func firstSegmentOf(segs []loose.Segment, label string) loose.Segment {
	for _, s := range segs {
		if s.Speaker == label {
			return s
		}
	}
	return loose.Segment{}
}

// peopleOf is the distinct person names of a recording (first spelling wins),
// kept in the bookkeeping so their index keys can be found and removed.
func peopleOf(named []speakerRef) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range named {
		if k := personKeyPart(r.Name); !seen[k] {
			seen[k] = true
			out = append(out, r.Name)
		}
	}
	return out
}

// personKeyPart identifies a name case-insensitively inside a key: a digest,
// because a name may hold the key separator or any length of text.
func personKeyPart(name string) string {
	sum := sha256.Sum256([]byte(foldName(name)))
	return hex.EncodeToString(sum[:12])
}

func foldName(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func personPrefix(uid string) []byte { return store.Prefix("person", uid) }

func personKey(uid, name, id string) []byte {
	return store.Key("person", uid, personKeyPart(name), id)
}

func unnamedKey(uid, id string) []byte { return store.Key("unnamed", uid, id) }

// unnamedSpeaker is what the candidates list shows of a speaker without a
// name: enough of their first words to recognise the voice.
type unnamedSpeaker struct {
	Label     string  `json:"label"`
	Name      string  `json:"name"`
	Sample    string  `json:"sample"`
	StartTime float64 `json:"start_time"`
}

// maxSample bounds a speaker's sample line in characters.
const maxSample = 160

func (r speakerRef) unnamed() unnamedSpeaker {
	return unnamedSpeaker{Label: r.Label, Name: r.Name, Sample: clip(strings.TrimSpace(r.first.Text), maxSample), StartTime: r.first.Start}
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// writePeople indexes the recording under each person it names and keeps
// its unnamed speakers for the candidates list.
func writePeople(x *store.Txn, uid string, st *stored) error {
	for _, name := range st.Book.People {
		if err := x.Set(personKey(uid, name, st.ID), []byte(name)); err != nil {
			return err
		}
		if err := countPerson(x, uid, name, st.ID, +1); err != nil {
			return err
		}
	}
	_, unnamed := st.speakerRefs()
	if len(unnamed) == 0 {
		return nil
	}
	list := make([]unnamedSpeaker, len(unnamed))
	for i, r := range unnamed {
		list[i] = r.unnamed()
	}
	b, err := json.Marshal(list)
	if err != nil {
		return err
	}
	return x.Set(unnamedKey(uid, st.ID), b)
}

// dropPeople removes what writePeople made for the same bookkeeping.
func dropPeople(x *store.Txn, uid string, st *stored) error {
	for _, name := range st.Book.People {
		if err := x.Delete(personKey(uid, name, st.ID)); err != nil {
			return err
		}
		if err := countPerson(x, uid, name, st.ID, -1); err != nil {
			return err
		}
	}
	return x.Delete(unnamedKey(uid, st.ID))
}

// countPerson charges a named person to the owner's usage when recording id
// is the first to name them (step +1, once its key is written) or frees them
// when it was the last (step -1, once its key is deleted): people are
// counted once, however many recordings name them.
func countPerson(x *store.Txn, uid, name, id string, step int64) error {
	own := personKey(uid, name, id)
	another := false
	err := x.Scan(store.Prefix("person", uid, personKeyPart(name)), nil, false, false, func(k, _ []byte) (bool, error) {
		another = !bytes.Equal(k, own)
		return !another, nil
	})
	if err != nil || another {
		return err
	}
	return quota.Charge(x, uid, quota.Delta{Speakers: step})
}
