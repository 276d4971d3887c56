// Package firstpaint fills a signed-in person's recording page with that
// recording, and their list with its first rows (pkg/firstpaint), for the
// holder of a valid page pass: on a slow phone they paint from the HTML,
// before the app's scripts, its session refresh and its API request.
package firstpaint

import (
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/firstpaint"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/server/auth"
	"github.com/pocket-companion/pocket/server/web"
)

// Module provides the web handler's SignedInCopy and SignedInList. A relay
// has neither: it cannot tell whether its upstream's session is still alive.
var Module = fx.Module("firstpaint", fx.Provide(newSignedInCopy, newSignedInList))

// ZoneCookie is the reader's IANA time zone, which the app writes
// (pwa/src/app/zoneCookie.ts) so the server prints dates as the app does.
const ZoneCookie = "pocket_tz"

// passHolder is the user the request's page pass speaks for, if any.
func passHolder(tokens *identity.Tokens, r *http.Request) (string, bool) {
	pass, err := r.Cookie(auth.PagePassCookie)
	if err != nil {
		return "", false
	}
	uid, err := tokens.VerifyPagePass(r.Context(), pass.Value)
	return uid, err == nil
}

// firstPage is how many rows the list's first page holds (the app asks the
// dashboard for as many, DASHBOARD_PAGE_SIZE in pwa/src/data/recordingKeys.ts).
const firstPage = 20

// newSignedInList fills the list with its first page, grouped by day in the
// reader's zone; without the zone it fills nothing (a day heading in the
// wrong zone would be wrong, not just early).
func newSignedInList(tokens *identity.Tokens, recs *recordings.Service) web.SignedInList {
	return func(r *http.Request) ([]byte, bool) {
		uid, ok := passHolder(tokens, r)
		zone := readerZone(r)
		if !ok || zone == nil {
			return nil, false
		}
		page, err := recs.Dashboard(r.Context(), uid, recordings.DashboardQuery{Limit: firstPage, Flags: recordings.Listed()})
		if err != nil {
			return nil, false
		}
		list, ok := firstpaint.ListOf(page.Data, zone)
		if !ok {
			return nil, false
		}
		return list.HTML(), true
	}
}

func newSignedInCopy(tokens *identity.Tokens, recs *recordings.Service) web.SignedInCopy {
	return func(r *http.Request, id string) ([]byte, bool) {
		uid, ok := passHolder(tokens, r)
		if !ok {
			return nil, false
		}
		d, err := recs.Detail(r.Context(), uid, id)
		if err != nil {
			return nil, false
		}
		folders, err := recs.Folders(r.Context(), uid)
		if err != nil {
			return nil, false
		}
		page, ok := firstpaint.OwnRecording(d, folders, readerZone(r))
		if !ok {
			return nil, false
		}
		return page.HTML(), true
	}
}

// readerZone is the zone the app said the reader is in, or nil (then the
// copy shows no date rather than one in the wrong zone).
func readerZone(r *http.Request) *time.Location {
	c, err := r.Cookie(ZoneCookie)
	if err != nil {
		return nil
	}
	zone, _ := firstpaint.Zone(c.Value)
	return zone
}
