package share

import (
	"context"
	"encoding/json"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// View is what a share-link visitor sees (spec §7): the recording carrying its
// speakers, who shared it, the first summarization and the transcription, each
// loose value as the owner imported it.
type View struct {
	Recording     json.RawMessage `json:"recording"`
	Owner         Owner           `json:"owner"`
	Summarization json.RawMessage `json:"summarization"`
	Transcription json.RawMessage `json:"transcription"`
	// AllowDownload: the page may offer the audio as a file.
	AllowDownload bool `json:"allowDownload"`
}

// Owner is the part of the sharer's account a visitor may see.
type Owner struct {
	DisplayName string `json:"displayName"`
	Email       string `json:"email"`
	PhotoURL    string `json:"photoURL"`
}

// Library reads an owner's recording; the recordings service is one.
type Library interface {
	Detail(ctx context.Context, ownerUID, recordingID string) (recordings.Detail, error)
}

// People finds an account by uid; identity.Users is one.
type People interface {
	Get(ctx context.Context, uid string) (identity.User, error)
}

// Viewer assembles the shared view behind a token.
type Viewer struct {
	links   *Service
	library Library
	people  People
}

// NewViewer returns a viewer that checks tokens with links and reads the
// recording and its owner through library and people.
func NewViewer(links *Service, library Library, people People) *Viewer {
	return &Viewer{links: links, library: library, people: people}
}

// Open is View for a visitor opening the page: it counts the open on the
// link (views, lastViewedAt) once the view is assembled.
func (v *Viewer) Open(ctx context.Context, token string) (View, error) {
	view, id, err := v.view(ctx, token)
	if err != nil {
		return View{}, err
	}
	return view, v.links.countView(id)
}

// View resolves token (with Resolve's errors and their statuses) and assembles
// the recording it opens. A recording deleted between the two reads is
// ErrNotFound, as if the check had seen it gone.
func (v *Viewer) View(ctx context.Context, token string) (View, error) {
	view, _, err := v.view(ctx, token)
	return view, err
}

func (v *Viewer) view(ctx context.Context, token string) (View, string, error) {
	link, err := v.links.Resolve(ctx, token)
	if err != nil {
		return View{}, "", err
	}
	d, err := v.library.Detail(ctx, link.OwnerUID, link.RecordingID)
	if apperr.Is(err, apperr.NotFound) {
		return View{}, "", ErrNotFound
	}
	if err != nil {
		return View{}, "", err
	}
	user, err := v.people.Get(ctx, link.OwnerUID)
	if err != nil {
		return View{}, "", err
	}
	view := View{
		Recording:     withSpeakers(recordings.Shareable(d.Recording), d.Speakers),
		Owner:         Owner{DisplayName: user.DisplayName, Email: user.Email, PhotoURL: user.PhotoURL},
		Transcription: d.Transcription,
		AllowDownload: link.AllowDownload,
	}
	if _, sum, ok := loose.FirstSummarization(d.Summarizations); ok {
		view.Summarization = sum
	}
	return view, link.ID, nil
}

// withSpeakers puts the recording's speakers inside the recording object, where
// the shared view reads them, unless the recording already carries its own.
func withSpeakers(recording, speakers json.RawMessage) json.RawMessage {
	obj, ok := loose.ParseObject(recording)
	if !ok || len(speakers) == 0 || obj.Get("speakers") != nil {
		return recording
	}
	out, err := json.Marshal(obj.Set("speakers", speakers))
	if err != nil {
		return recording
	}
	return out
}
