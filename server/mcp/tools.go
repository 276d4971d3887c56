package mcp

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/chat"
	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	recroutes "github.com/pocket-companion/pocket/server/recordings"
)

// MaxSearchResults is how many results one search_recordings call answers.
const MaxSearchResults = 20

// tools are the MCP tools over the domain services the REST routes use.
type tools struct {
	recs  *recordings.Service
	chat  *chat.Service
	links *share.Service
	log   *slog.Logger
}

// register adds the tools (their names and arguments are fixed: clients
// rely on them) and the recordings resources.
func (t *tools) register(srv *sdk.Server) {
	addTool(t, srv, &sdk.Tool{Name: "search_recordings", Description: "Search the user's recordings (titles, descriptions, summaries, action items, transcripts). " +
		"All query words must match. Optional: from/to (YYYY-MM-DD or RFC 3339, inclusive), folderId, speaker (a person named in the recording)."}, accesstoken.RecordingsRead, t.search)
	addTool(t, srv, &sdk.Tool{Name: "get_recording", Description: "Read one recording: its summary, action items and transcript. part narrows it to summary, " +
		"action_items or transcript; page picks a transcript page (200 lines each, from 1)."}, accesstoken.RecordingsRead, t.get)
	addTool(t, srv, &sdk.Tool{Name: "ask", Description: "Ask Pocket a question across all the user's recordings, or about one (recordingId). " +
		"The answer cites the passages it rests on; the exchange is kept as a conversation in the app."}, accesstoken.Chat, t.ask)
	addTool(t, srv, &sdk.Tool{Name: "list_action_items", Description: "List the action items of the user's recent summarized recordings, newest recording first. " +
		"open: true lists only open items, false only completed ones; left out, all."}, accesstoken.RecordingsRead, t.actionItems)
	addTool(t, srv, &sdk.Tool{Name: "create_share_link", Description: "Make a share link to one recording, viewable without signing in. " +
		"expiresIn: seconds from 60 to 31536000; left out, the link never expires. Needs the recordings:write scope."}, accesstoken.RecordingsWrite, t.share)
	t.registerResources(srv)
}

// addTool registers a tool that runs for its caller only with scope.
func addTool[In, Out any](t *tools, srv *sdk.Server, tool *sdk.Tool, scope accesstoken.Scope, run func(context.Context, string, In) (Out, error)) {
	sdk.AddTool(srv, tool, guarded(t, scope, tool.Name, run))
}

// guarded runs a tool for its caller once the caller's scope allows it, and
// answers any failure as a tool error the assistant can read.
func guarded[In, Out any](t *tools, scope accesstoken.Scope, name string, run func(context.Context, string, In) (Out, error)) sdk.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, Out, error) {
		var zero Out
		p, err := caller(req.GetExtra(), scope, name)
		if err != nil {
			return nil, zero, t.failure(name, err)
		}
		out, err := run(ctx, p.UID, in)
		if err != nil {
			return nil, zero, t.failure(name, err)
		}
		return nil, out, nil
	}
}

// toolError is a refusal as a tool error's text: the API's code and message.
type toolError struct{ code, message string }

func (e toolError) Error() string { return e.code + ": " + e.message }

// failure is the one mapping from the domain's failures to what an MCP
// caller reads: a refusal's code and message, or a bare internal error
// (logged here, its detail never sent).
func (t *tools) failure(name string, err error) error {
	if e, ok := apperr.As(err); ok && e.Kind != apperr.Internal {
		return toolError{code: e.Code, message: e.Message}
	}
	t.log.Error("mcp call failed", "tool", name, "err", err)
	return toolError{code: "INTERNAL", message: "Internal server error"}
}

type searchArgs struct {
	Query    string `json:"query" jsonschema:"the words to find"`
	From     string `json:"from,omitempty" jsonschema:"earliest recording date, YYYY-MM-DD or RFC 3339, inclusive"`
	To       string `json:"to,omitempty" jsonschema:"latest recording date, YYYY-MM-DD or RFC 3339, inclusive"`
	FolderID string `json:"folderId,omitempty" jsonschema:"only recordings in this folder"`
	Speaker  string `json:"speaker,omitempty" jsonschema:"only recordings naming this person"`
}

type searchOut struct {
	Total   int      `json:"total"`
	Results []hitOut `json:"results"`
}

func (t *tools) search(ctx context.Context, uid string, in searchArgs) (searchOut, error) {
	if strings.TrimSpace(in.Query) == "" {
		return searchOut{}, apperr.Invalidf("query is required")
	}
	q := recordings.SearchQuery{Q: in.Query, Limit: MaxSearchResults,
		Filter: recordings.Filter{FolderID: strings.TrimSpace(in.FolderID), Person: strings.TrimSpace(in.Speaker)}}
	var err error
	if q.StartDate, err = recroutes.DateBound("from", in.From, false); err != nil {
		return searchOut{}, err
	}
	if q.EndDate, err = recroutes.DateBound("to", in.To, true); err != nil {
		return searchOut{}, err
	}
	res, err := t.recs.Search(ctx, uid, q)
	if err != nil {
		return searchOut{}, err
	}
	out := searchOut{Total: res.Total, Results: make([]hitOut, len(res.Data))}
	for i, item := range res.Data {
		out.Results[i] = hitOf(item)
	}
	return out, nil
}

type getArgs struct {
	ID   string `json:"id" jsonschema:"the recording's id"`
	Part string `json:"part,omitempty" jsonschema:"summary, action_items or transcript; left out, all of them"`
	Page int    `json:"page,omitempty" jsonschema:"the transcript page, from 1 (200 lines a page); left out, 1"`
}

// parts get_recording answers.
var parts = []string{"summary", "action_items", "transcript"}

func (t *tools) get(ctx context.Context, uid string, in getArgs) (recordingOut, error) {
	if in.Part != "" && !slices.Contains(parts, in.Part) {
		return recordingOut{}, apperr.Invalidf("part must be one of %s, or left out", strings.Join(parts, ", "))
	}
	if in.Page < 0 || (in.Page > 0 && in.Part != "" && in.Part != "transcript") {
		return recordingOut{}, apperr.Invalidf("page must be a whole number from 1, and only with the transcript")
	}
	d, err := t.recs.Detail(ctx, uid, strings.TrimSpace(in.ID))
	if err != nil {
		return recordingOut{}, err
	}
	return recordingOf(readRecording(d), in.Part, max(in.Page, 1))
}

// recordingOf is the recording's answer: the part asked for, or all of them
// with the transcript's page.
func recordingOf(rec *engine.Recording, part string, page int) (recordingOut, error) {
	out := recordingOut{ID: rec.ID, Title: titleOf(rec), RecordedAt: stampOf(rec.RecordedAt), Speakers: rec.Speakers}
	if part == "" || part == "summary" {
		out.Summary = sectionsOf(rec.Summary)
	}
	if part == "" || part == "action_items" {
		out.ActionItems = tasksOf(rec.ActionItems)
	}
	if part == "" || part == "transcript" {
		tp := pageOf(rec.Segments, page)
		if page > max(tp.Pages, 1) {
			return recordingOut{}, apperr.Invalidf("page must be from 1 to %d: the transcript has %d lines, %d a page", max(tp.Pages, 1), len(rec.Segments), TranscriptPageLines)
		}
		out.Transcript = &tp
	}
	return out, nil
}

type askArgs struct {
	Question    string `json:"question" jsonschema:"the question"`
	RecordingID string `json:"recordingId,omitempty" jsonschema:"ask about this recording only; left out, across all recordings"`
}

type askOut struct {
	Answer    string          `json:"answer"`
	SessionID string          `json:"sessionId"`
	Sources   []engine.Source `json:"sources"`
}

func (t *tools) ask(ctx context.Context, uid string, in askArgs) (askOut, error) {
	who := chat.Access{UID: uid}
	var res chat.SendResult
	var err error
	if id := strings.TrimSpace(in.RecordingID); id != "" {
		res, err = t.chat.Send(ctx, who, chat.SendInput{RecordingID: id, Message: in.Question, Language: "en"})
	} else {
		res, err = t.chat.SendLibrary(ctx, who, chat.LibrarySendInput{Message: in.Question})
	}
	if err != nil {
		return askOut{}, err
	}
	msg := res.AssistantMessage
	out := askOut{Answer: msg.Content, SessionID: res.Session.ID, Sources: msg.Sources}
	if out.Sources == nil {
		out.Sources = []engine.Source{}
	}
	return out, nil
}

type shareArgs struct {
	RecordingID string   `json:"recordingId" jsonschema:"the recording to share"`
	ExpiresIn   *float64 `json:"expiresIn,omitempty" jsonschema:"seconds until the link expires, 60 to 31536000; left out, never"`
}

type shareOut struct {
	ID          string `json:"id"`
	URL         string `json:"url"`
	RecordingID string `json:"recordingId"`
	ExpiresAt   string `json:"expiresAt,omitempty"`
}

func (t *tools) share(ctx context.Context, uid string, in shareArgs) (shareOut, error) {
	var raw json.RawMessage
	if in.ExpiresIn != nil {
		raw, _ = json.Marshal(*in.ExpiresIn)
	}
	ttl, err := share.ExpiryOf(raw)
	if err != nil {
		return shareOut{}, err
	}
	link, err := t.links.Create(ctx, uid, strings.TrimSpace(in.RecordingID), ttl)
	if err != nil {
		return shareOut{}, err
	}
	out := shareOut{ID: link.ID, URL: link.URL, RecordingID: link.RecordingID}
	if link.ExpiresAt != nil {
		out.ExpiresAt = stampOf(*link.ExpiresAt)
	}
	return out, nil
}
