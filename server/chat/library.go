package chat

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/chat"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/server/httpx"
	recroutes "github.com/pocket-companion/pocket/server/recordings"
)

// Ask across the library: an owner's conversations about all their
// recordings. Messages of a library conversation are read with the same
// GET /api/v1/chat/session/{id}/messages as any other.

// librarySendBody is a library question; no sessionId starts a conversation.
type librarySendBody struct {
	SessionID string          `json:"sessionId"`
	Message   string          `json:"message"`
	Language  string          `json:"language"`
	Scope     json.RawMessage `json:"scope"`
}

// scopeBody is the loose shape of a question's scope; from and to are read
// as the dashboard's start_date and end_date are (a date covers its day).
type scopeBody struct {
	FolderID     string   `json:"folderId"`
	From         string   `json:"from"`
	To           string   `json:"to"`
	Speakers     []string `json:"speakers"`
	RecordingIDs []string `json:"recordingIds"`
}

// parseScope reads the scope strictly: a misspelt field would otherwise
// widen the question to the whole library without a word.
func parseScope(raw json.RawMessage) (recordings.Scope, error) {
	var sc recordings.Scope
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return sc, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var b scopeBody
	if err := dec.Decode(&b); err != nil {
		return sc, apperr.Invalidf("scope must be {folderId?, from?, to?, speakers?, recordingIds?}: %s", decodeReason(err))
	}
	var err error
	if sc.From, err = recroutes.DateBound("scope.from", b.From, false); err != nil {
		return sc, err
	}
	if sc.To, err = recroutes.DateBound("scope.to", b.To, true); err != nil {
		return sc, err
	}
	sc.FolderID, sc.Speakers, sc.RecordingIDs = b.FolderID, b.Speakers, b.RecordingIDs
	return sc, sc.Validate()
}

// decodeReason says what was wrong without Go's type names.
func decodeReason(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		if typeErr.Field == "" {
			return "it has the wrong type"
		}
		return typeErr.Field + " has the wrong type"
	}
	return err.Error()
}

func (h handlers) librarySessions(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.LibrarySessions(r.Context(), owner(r))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (h handlers) newLibrarySession(w http.ResponseWriter, r *http.Request) error {
	if err := ignoreBody(r); err != nil {
		return err
	}
	s, err := h.svc.NewLibrarySession(r.Context(), owner(r))
	if err != nil {
		return err
	}
	httpx.OK(w, s)
	return nil
}

func (h handlers) librarySend(w http.ResponseWriter, r *http.Request) error {
	var body librarySendBody
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	scope, err := parseScope(body.Scope)
	if err != nil {
		return err
	}
	res, err := h.svc.SendLibrary(r.Context(), owner(r), chat.LibrarySendInput{SessionID: body.SessionID, Message: body.Message, Scope: scope})
	if err != nil {
		return err
	}
	httpx.OK(w, res)
	return nil
}

// librarySuggestions answers {suggestions: [{text, kind, recordingId?}]}:
// questions about the caller's own library, none when it is empty.
func (h handlers) librarySuggestions(w http.ResponseWriter, r *http.Request) error {
	list, err := h.suggest.Suggest(r.Context(), httpx.MustPrincipal(r).UID)
	if err != nil {
		return err
	}
	httpx.OK(w, map[string]any{"suggestions": list})
	return nil
}
