package chat

import (
	"net/http"

	"github.com/pocket-companion/pocket/pkg/chat"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Ask across the library: an owner's conversations about all their
// recordings. Messages of a library conversation are read with the same
// GET /api/v1/chat/session/{id}/messages as any other.

// librarySendBody is a library question; no sessionId starts a conversation.
type librarySendBody struct {
	SessionID string `json:"sessionId"`
	Message   string `json:"message"`
	Language  string `json:"language"`
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
	res, err := h.svc.SendLibrary(r.Context(), owner(r), chat.LibrarySendInput{SessionID: body.SessionID, Message: body.Message})
	if err != nil {
		return err
	}
	httpx.OK(w, res)
	return nil
}
