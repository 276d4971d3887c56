package share

import (
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/firstpaint"
	"github.com/pocket-companion/pocket/pkg/loose"
)

// PreviewOf is what a share link's first visit paints from the HTML before
// the app has loaded (pwa/src/features/share/SharedRecordingPage.tsx draws
// the full page over it): the recording's header and its summary. It reads
// the header as the app does (firstpaint.HeaderOf) and the summary through
// pkg/loose and pkg/export, as the page's other readers do.
func PreviewOf(v View) firstpaint.Recording {
	page := firstpaint.HeaderOf(v.Recording)
	page.At = time.Time{} // a first visit tells no zone to print it in
	page.From = ownerName(v.Owner)
	page.Summary = firstpaint.SummaryOf(v.Summarization)
	return page
}

// ownerName is the sharer as the page names them: display name, else the
// email's local part, else "User" (pwa/src/data/normalize/recording.ts).
func ownerName(o Owner) string {
	if name := strings.TrimSpace(o.DisplayName); name != "" {
		return name
	}
	if local, _, _ := strings.Cut(strings.TrimSpace(o.Email), "@"); strings.TrimSpace(local) != "" {
		return strings.TrimSpace(local)
	}
	return "User"
}

// ViewOfAnswer reads the shared view API's answer ({success, data: view} or
// the view itself) as a View, for a relay that asks its upstream for it; false
// when it holds no recording object.
func ViewOfAnswer(raw []byte) (View, bool) {
	obj, ok := loose.ParseObject(raw)
	if !ok {
		return View{}, false
	}
	if data, ok := loose.ParseObject(obj.Get("data")); ok {
		obj = data
	}
	recording := obj.Get("recording")
	if _, ok := loose.ParseObject(recording); !ok {
		return View{}, false
	}
	owner, _ := loose.ParseObject(obj.Get("owner"))
	return View{
		Recording: recording,
		Owner: Owner{
			DisplayName: loose.Text(owner.Get("displayName")),
			Email:       loose.Text(owner.Get("email")),
			PhotoURL:    loose.Text(owner.Get("photoURL")),
		},
		Summarization: obj.Get("summarization"),
		Transcription: obj.Get("transcription"),
	}, true
}
