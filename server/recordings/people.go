package recordings

import (
	"net/http"
	"strings"

	recs "github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/server/httpx"
)

// people answers every person named in the caller's library with how many
// recordings name them: the suggestions when naming a speaker, and the
// list's person filter.
func (h handlers) people(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.People(r.Context(), uid(r))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// personCandidates pages through the caller's recordings that could hold a
// person: unnamed speakers, and the name not given yet.
func (h handlers) personCandidates(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query()
	q := recs.CandidateQuery{Name: strings.TrimSpace(v.Get("name"))}
	var err error
	if q.Limit, err = intParam(v, "limit", 1); err != nil {
		return err
	}
	if q.Offset, err = intParam(v, "offset", 0); err != nil {
		return err
	}
	page, err := h.svc.PersonCandidates(r.Context(), uid(r), q)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, struct {
		Success bool `json:"success"`
		recs.Candidates
	}{true, page})
	return nil
}
