package relaysync

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/syncer"
)

// request is the REST call a mutation becomes, and the entity it touches.
type request struct {
	method, path string
	body         []byte
	kind         changelog.Kind
	id           string
	// beyond: the route is this server's addition to the spec's API, which
	// another provider may lack (then 404/405 mean "cannot", not "missing").
	beyond bool
	what   string // for the refusal's message: "rename folders"
}

func (r request) target() syncer.Target { return syncer.Target{Kind: r.kind, ID: r.id} }

// requestOf maps a checked mutation onto the upstream's REST API. Folder ids
// a device made offline are replaced by the upstream's id of the folder it
// created.
func (s *Service) requestOf(uid string, checked syncer.Op) (request, error) {
	folder := func(id string) string { return s.resolveFolder(uid, id) }
	switch op := checked.Mutation.GetOp().(type) {
	case *syncv1.Mutation_UpdateRecording:
		p := checked.Patch // as the engine read it for either backend
		// The REST PUT body takes each field under its own name.
		body := map[string]any{}
		for name, v := range p.Values {
			body[name] = v
		}
		if p.Folder != nil {
			body["folder_id"] = nullable(folder(p.Folder.ID))
		}
		return recReq(http.MethodPut, "", op.UpdateRecording.GetId(), body), nil
	case *syncv1.Mutation_DeleteRecording:
		return recReq(http.MethodDelete, "", op.DeleteRecording.GetId(), nil), nil
	case *syncv1.Mutation_CreateFolder:
		c := op.CreateFolder
		// The device's id goes along: an upstream that takes it (Pocket does)
		// keeps the folder the device shows; one that assigns its own is
		// followed through the alias the verdict records.
		b, _ := json.Marshal(map[string]any{"id": c.GetId(), "name": c.GetName(), "parent_id": nullable(folder(c.GetParentId()))})
		return request{method: http.MethodPost, path: "/api/v1/folders", body: b, kind: changelog.Folder, id: c.GetId()}, nil
	case *syncv1.Mutation_RenameFolder:
		id := folder(op.RenameFolder.GetId())
		b, _ := json.Marshal(map[string]any{"name": op.RenameFolder.GetName()})
		return request{method: http.MethodPut, path: "/api/v1/folders/" + url.PathEscape(id), body: b, kind: changelog.Folder, id: id, beyond: true, what: "rename folders"}, nil
	case *syncv1.Mutation_SetFolderTemplate:
		// As a rename: the folder's PUT, which a Pocket upstream takes and
		// another provider may lack; the mirror shows the template once the
		// upstream's folder list does.
		id := folder(op.SetFolderTemplate.GetId())
		b, _ := json.Marshal(map[string]any{"templateId": nullable(op.SetFolderTemplate.GetTemplateId())})
		return request{method: http.MethodPut, path: "/api/v1/folders/" + url.PathEscape(id), body: b, kind: changelog.Folder, id: id, beyond: true, what: "set folders' summary templates"}, nil
	case *syncv1.Mutation_DeleteFolder:
		id := folder(op.DeleteFolder.GetId())
		return request{method: http.MethodDelete, path: "/api/v1/folders/" + url.PathEscape(id), kind: changelog.Folder, id: id, beyond: true, what: "delete folders"}, nil
	case *syncv1.Mutation_RenameSpeaker:
		r := op.RenameSpeaker
		req := recReq(http.MethodPut, "/speakers", r.GetRecordingId(), map[string]any{"speaker": r.GetSpeaker(), "name": r.GetName()})
		req.beyond, req.what = true, "rename speakers"
		return req, nil
	case *syncv1.Mutation_AskQuestion:
		q := op.AskQuestion
		b, _ := json.Marshal(map[string]any{"recordingId": q.GetRecordingId(), "message": q.GetMessage(), "sessionId": nullable(q.GetSessionId()), "language": "en"})
		return request{method: http.MethodPost, path: "/api/v1/chat/message", body: b}, nil
	case *syncv1.Mutation_CreateHighlight, *syncv1.Mutation_UpdateHighlight, *syncv1.Mutation_DeleteHighlight:
		// The mirror keeps no highlights, so a pull could never show one made
		// here: refused for good rather than applied unseen (ADR 15).
		return request{}, apperr.New(apperr.Invalid, "UNSUPPORTED", "Highlights cannot be synced through a relay; use the provider's own address to keep highlights")
	case *syncv1.Mutation_CreateTemplate:
		// The device's id goes along: a Pocket upstream keeps it, and the
		// same id sent again answers the template made the first time, so a
		// resend after a lost answer makes nothing new (ADR 25).
		c := op.CreateTemplate
		b, _ := json.Marshal(map[string]any{"id": c.GetId(), "name": c.GetName(), "sections": syncer.TemplateSections(c.GetSections())})
		return tplReq(http.MethodPost, "", c.GetId(), b, "keep summary templates"), nil
	case *syncv1.Mutation_UpdateTemplate:
		u := op.UpdateTemplate
		if u.GetId() == "" {
			return request{}, apperr.Missing("Template") // as the embedded path answers
		}
		b, _ := json.Marshal(map[string]any{"name": u.GetName(), "sections": syncer.TemplateSections(u.GetSections())})
		return tplReq(http.MethodPut, u.GetId(), u.GetId(), b, "edit summary templates"), nil
	case *syncv1.Mutation_DeleteTemplate:
		id := op.DeleteTemplate.GetId()
		if id == "" {
			return request{}, apperr.Missing("Template")
		}
		return tplReq(http.MethodDelete, id, id, nil, "delete summary templates"), nil
	}
	return request{}, errors.New("relaysync: empty mutation") // the engine refused it already
}

// tplReq is a template's REST call: the list's POST (path "") or one
// template's. Templates are this server's addition to the spec's API.
func tplReq(method, path, id string, body []byte, what string) request {
	p := "/api/v1/templates"
	if path != "" {
		p += "/" + url.PathEscape(path)
	}
	return request{method: method, path: p, body: body, kind: changelog.Template, id: id, beyond: true, what: what}
}

func recReq(method, suffix, id string, body map[string]any) request {
	r := request{method: method, path: "/api/v1/recordings/" + url.PathEscape(id) + suffix, kind: changelog.Recording, id: id}
	if body != nil {
		r.body, _ = json.Marshal(body)
	}
	return r
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// resolveFolder is the upstream's id for a folder id a device may have made.
func (s *Service) resolveFolder(uid, id string) string {
	if id == "" {
		return ""
	}
	var up string
	_ = s.db.View(func(x *store.Txn) error {
		b, err := x.Get(maliasKey(uid, id))
		if err == nil {
			up = string(b)
		}
		return nil
	})
	if up != "" {
		return up
	}
	return id
}

// alias remembers that the device's folder id is the upstream's upID.
func (s *Service) alias(uid, deviceID, upID string) error {
	if deviceID == "" || deviceID == upID {
		return nil
	}
	return s.db.Update(func(x *store.Txn) error { return x.Set(maliasKey(uid, deviceID), []byte(upID)) })
}
