package mcp

import (
	"context"
	"encoding/json"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Recordings are resources too: pocket://recordings/{id}, read as
// get_recording answers with no part (summary, action items, the first
// transcript page). resources/list pages through the user's list.
const (
	resourcePrefix = "pocket://recordings/"
	resourceMIME   = "application/json"
	// ResourcesPerPage is how many recordings one resources/list answers.
	ResourcesPerPage = 50
)

func (t *tools) registerResources(srv *sdk.Server) {
	srv.AddResourceTemplate(&sdk.ResourceTemplate{
		URITemplate: resourcePrefix + "{id}", Name: "recording", MIMEType: resourceMIME,
		Description: "One recording: its summary, action items and first transcript page (get_recording pages the rest).",
	}, t.readResource)
	srv.AddReceivingMiddleware(t.listResources)
}

func (t *tools) readResource(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	p, err := caller(req.GetExtra(), accesstoken.RecordingsRead, "reading a resource")
	if err != nil {
		return nil, t.failure("resources/read", err)
	}
	uri := req.Params.URI
	id, ok := strings.CutPrefix(uri, resourcePrefix)
	if !ok || id == "" {
		return nil, sdk.ResourceNotFoundError(uri)
	}
	d, err := t.recs.Detail(ctx, p.UID, id)
	if apperr.Is(err, apperr.NotFound) {
		return nil, sdk.ResourceNotFoundError(uri) // another user's id reads as a missing one
	}
	if err != nil {
		return nil, t.failure("resources/read", err)
	}
	out, err := recordingOf(readRecording(d), "", 1)
	if err != nil {
		return nil, t.failure("resources/read", err)
	}
	body, err := json.Marshal(out)
	if err != nil {
		return nil, t.failure("resources/read", err)
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: uri, MIMEType: resourceMIME, Text: string(body)}}}, nil
}

// listResources answers resources/list with the user's recordings, newest
// first, a page at a time (the SDK lists only resources registered ahead).
func (t *tools) listResources(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		list, ok := req.(*sdk.ListResourcesRequest)
		if method != "resources/list" || !ok {
			return next(ctx, method, req)
		}
		p, err := caller(req.GetExtra(), accesstoken.RecordingsRead, "listing resources")
		if err != nil {
			return nil, t.failure(method, err)
		}
		var cursor string
		if list.Params != nil {
			cursor = list.Params.Cursor
		}
		page, err := t.recs.Dashboard(ctx, p.UID, recordings.DashboardQuery{Limit: ResourcesPerPage, Cursor: cursor, Flags: recordings.Listed()})
		if err != nil {
			return nil, t.failure(method, err)
		}
		res := &sdk.ListResourcesResult{Resources: make([]*sdk.Resource, 0, len(page.Data)), NextCursor: page.NextCursor}
		for _, item := range page.Data {
			h := hitOf(item)
			res.Resources = append(res.Resources, &sdk.Resource{URI: resourcePrefix + h.ID, Name: h.Title, MIMEType: resourceMIME,
				Description: "Recorded " + h.RecordedAt})
		}
		return res, nil
	}
}
