package chat

import (
	"context"
	"net/http"

	"github.com/pocket-companion/pocket/pkg/chat"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/server/httpx"
)

// sendBody is the send request (spec §7). sessionId may be null or absent;
// language is always "en" from the app and answers are in English anyway.
type sendBody struct {
	RecordingID string `json:"recordingId"`
	Message     string `json:"message"`
	SessionID   string `json:"sessionId"`
	Language    string `json:"language"`
	ShareToken  string `json:"shareToken"`
	VisitorID   string `json:"visitorId"`
}

func (b sendBody) input() chat.SendInput {
	return chat.SendInput{RecordingID: b.RecordingID, SessionID: b.SessionID, Message: b.Message, Language: b.Language}
}

func (h handlers) session(w http.ResponseWriter, r *http.Request) error {
	s, err := h.svc.Session(r.Context(), owner(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, s)
	return nil
}

func (h handlers) messages(w http.ResponseWriter, r *http.Request) error {
	msgs, err := h.svc.Messages(r.Context(), owner(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, msgs)
	return nil
}

func (h handlers) send(w http.ResponseWriter, r *http.Request) error {
	var body sendBody
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	res, err := h.svc.Send(r.Context(), owner(r), body.input())
	if err != nil {
		return err
	}
	httpx.OK(w, res)
	return nil
}

func (h handlers) sharedSession(w http.ResponseWriter, r *http.Request) error {
	a, err := visitor(w, r, r.URL.Query().Get("token"), r.URL.Query().Get("visitor"))
	if err != nil {
		return err
	}
	s, err := h.svc.Session(visitorContext(r), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, s)
	return nil
}

func (h handlers) sharedMessages(w http.ResponseWriter, r *http.Request) error {
	a, err := visitor(w, r, r.URL.Query().Get("token"), r.URL.Query().Get("visitor"))
	if err != nil {
		return err
	}
	msgs, err := h.svc.Messages(visitorContext(r), a, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, msgs)
	return nil
}

func (h handlers) sharedSend(w http.ResponseWriter, r *http.Request) error {
	var body sendBody
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	token := body.ShareToken
	if token == "" {
		token = r.URL.Query().Get("token")
	}
	a, err := visitor(w, r, token, body.VisitorID)
	if err != nil {
		return err
	}
	res, err := h.svc.Send(visitorContext(r), a, body.input())
	if err != nil {
		return err
	}
	httpx.OK(w, res)
	return nil
}

// recordingSessions lists the owner's conversations about one recording.
func (h handlers) recordingSessions(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.RecordingSessions(r.Context(), owner(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// newRecordingSession starts an empty conversation about one recording.
func (h handlers) newRecordingSession(w http.ResponseWriter, r *http.Request) error {
	if err := ignoreBody(r); err != nil {
		return err
	}
	s, err := h.svc.NewRecordingSession(r.Context(), owner(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, s)
	return nil
}

// ignoreBody reads a body the call does not need (the app sends none or {}),
// still bounded: an endless one is refused, not read.
func ignoreBody(r *http.Request) error {
	if r.ContentLength == 0 {
		return nil
	}
	var ignored struct{}
	return httpx.DecodeJSON(r, maxBody, &ignored)
}

// visitorContext hands the share link's check the visitor's cookies: a
// protected link's chat opens only with the cookie its password set.
func visitorContext(r *http.Request) context.Context {
	return share.WithCookies(r.Context(), r.Cookies())
}
