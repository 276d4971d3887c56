package recordings

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/tally"
)

// Person is a name spoken in the owner's library and how many recordings
// hold it.
type Person struct {
	Name       string `json:"name"`
	Recordings int    `json:"recordings"`
}

// People lists every person named in the owner's recordings, the most
// recorded first, then by name. Names that differ only in case are one
// person, shown with the spelling most recordings use.
func (s *Service) People(ctx context.Context, uid string) ([]Person, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	type named struct {
		count     int
		spellings map[string]int
	}
	byKey := map[string]*named{}
	prefix := personPrefix(uid)
	err := s.db.View(func(x *store.Txn) error {
		return x.Scan(prefix, nil, false, true, func(k, v []byte) (bool, error) {
			part, _, _ := strings.Cut(string(k[len(prefix):]), "/")
			t := byKey[part]
			if t == nil {
				t = &named{spellings: map[string]int{}}
				byKey[part] = t
			}
			t.count++
			t.spellings[string(v)]++
			return true, nil
		})
	})
	out := make([]Person, 0, len(byKey))
	for _, t := range byKey {
		out = append(out, Person{Name: tally.MostCommon(t.spellings), Recordings: t.count})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Recordings != out[j].Recordings {
			return out[i].Recordings > out[j].Recordings
		}
		return foldName(out[i].Name) < foldName(out[j].Name)
	})
	return out, err
}

// MaxCandidates bounds one page of the candidates list.
const MaxCandidates = 50

// CandidateQuery asks which recordings could hold a person: those where the
// name is not yet given and some speaker is still unnamed.
type CandidateQuery struct {
	Name   string
	Limit  int
	Offset int
}

// CandidateRecording is one such recording with its unnamed speakers.
type CandidateRecording struct {
	Recording struct {
		ID          string `json:"id"`
		Title       string `json:"title"`
		RecordingAt string `json:"recordingAt"`
	} `json:"recording"`
	Speakers json.RawMessage `json:"speakers"`
}

// Candidates is a page of them, newest first; NextOffset is nil at the end.
type Candidates struct {
	Data       []CandidateRecording `json:"data"`
	Total      int                  `json:"total"`
	NextOffset *int                 `json:"nextOffset"`
}

// PersonCandidates pages through the owner's recordings, newest first, that
// have an unnamed speaker and do not already name the person.
func (s *Service) PersonCandidates(ctx context.Context, uid string, q CandidateQuery) (Candidates, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Candidates{}, err
	}
	if strings.TrimSpace(q.Name) == "" {
		return Candidates{}, apperr.Invalidf("name is required")
	}
	if q.Limit <= 0 || q.Limit > MaxCandidates {
		q.Limit = min(max(q.Limit, DefaultLimit), MaxCandidates)
	}
	res := Candidates{Data: []CandidateRecording{}}
	err := s.db.View(func(x *store.Txn) error {
		named, err := personIDs(x, uid, q.Name)
		if err != nil {
			return err
		}
		return x.Scan(indexPrefix(uid, SortRecordingAt), nil, true, true, func(_, v []byte) (bool, error) {
			e, err := decodeEntry(v)
			if err != nil || named[e.ID] {
				return err == nil, err
			}
			speakers, err := x.Get(unnamedKey(uid, e.ID))
			if errors.Is(err, store.ErrNotFound) {
				return true, nil
			}
			if err != nil {
				return false, err
			}
			res.Total++
			if res.Total > q.Offset && len(res.Data) < q.Limit {
				c, err := candidateRecording(x, uid, e, speakers)
				res.Data = append(res.Data, c)
				return err == nil, err
			}
			return true, nil
		})
	})
	if next := q.Offset + len(res.Data); err == nil && next < res.Total {
		res.NextOffset = &next
	}
	return res, err
}

func candidateRecording(x *store.Txn, uid string, e entry, speakers []byte) (CandidateRecording, error) {
	var c CandidateRecording
	st, err := load(x, uid, e.ID)
	if err != nil {
		return c, err
	}
	c.Recording.ID = e.ID
	c.Recording.Title = title(st.recordingObject())
	c.Recording.RecordingAt = time.UnixMilli(e.RecordingAt).UTC().Format("2006-01-02T15:04:05.000Z")
	c.Speakers = speakers
	return c, nil
}

// personIDs is the set of the owner's recordings naming the person.
func personIDs(x *store.Txn, uid, name string) (map[string]bool, error) {
	prefix := store.Prefix("person", uid, personKeyPart(name))
	out := map[string]bool{}
	err := x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
		out[string(k[len(prefix):])] = true
		return true, nil
	})
	return out, err
}
