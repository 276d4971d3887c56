package relaysync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/retry"
	"github.com/pocket-companion/pocket/pkg/templates"
)

var (
	// errBudget: the user's request budget is spent (or they back off).
	errBudget = errors.New("relaysync: upstream budget spent")
	// errUnauthorized: the upstream refused the token (expired or revoked).
	errUnauthorized = errors.New("relaysync: upstream refused the token")
)

// answer is one HTTP answer of the upstream.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// call sends one request with token, headers included when the client gives them.
func (s *Service) call(ctx context.Context, token, method, path string, body []byte) (answer, error) {
	if h, ok := s.up.(HeaderUpstream); ok {
		st, hdr, b, err := h.CallHeader(ctx, token, method, path, body)
		return answer{st, hdr, b}, err
	}
	st, b, err := s.up.Call(ctx, token, method, path, body)
	return answer{status: st, body: b}, err
}

// background is call for work nobody waits on: it spends uid's budget (one
// of paid's requests paid for up front, when there are any left), and a
// failure (no answer, 5xx, 429) backs the user off.
func (s *Service) background(ctx context.Context, uid, token, method, path string, paid *int) (answer, error) {
	switch {
	case paid != nil && *paid > 0:
		*paid--
	case !s.budget.take(uid, 1):
		return answer{}, errBudget
	}
	a, err := s.call(ctx, token, method, path, nil)
	switch {
	case err != nil:
		s.budget.failed(uid, 0)
		return a, err
	case a.status == http.StatusTooManyRequests:
		s.budget.failed(uid, retry.After(a.header.Get("Retry-After"), s.opts.Now()))
		return a, fmt.Errorf("relaysync: upstream said 429 to %s %s", method, pathOnly(path))
	case a.status >= 500:
		s.budget.failed(uid, 0)
		return a, fmt.Errorf("relaysync: upstream answered %d to %s %s", a.status, method, pathOnly(path))
	case a.status == http.StatusUnauthorized:
		return a, errUnauthorized
	case a.status >= 300:
		return a, fmt.Errorf("relaysync: upstream answered %d to %s %s", a.status, method, pathOnly(path))
	}
	s.budget.succeeded(uid)
	return a, nil
}

// pathOnly keeps queries (cursors) out of logs.
func pathOnly(p string) string { path, _, _ := strings.Cut(p, "?"); return path }

// listing is what one refresh read of the upstream. Deletions are only
// inferred from a complete list.
type listing struct {
	items         []json.RawMessage
	itemsComplete bool
	folders       []recordings.Folder
	foldersListed bool
	// templates are the user's own (built-ins are everyone's); only a
	// listing that read them removes any (a provider may have none).
	templates       []templates.Template
	templatesListed bool
	// templatesAnswered: the upstream answered the templates' listing
	// (with them, or that it has no such route).
	templatesAnswered bool
	pages             int
}

const dashboardQuery = "/api/v1/recordings/dashboard?limit=100&include_empty=true&sort_by=updated_at&sort_order=desc"

// maxPages bounds one listing (100,000 recordings).
const maxPages = 1000

// list reads the user's folders, templates (withTemplates) and every
// dashboard page, the first paid requests paid for. It stops where the budget ends; what it read
// is still returned, marked incomplete.
func (s *Service) list(ctx context.Context, uid, token string, paid int, withTemplates bool) (listing, error) {
	var l listing
	var err error
	if l.folders, err = s.listFolders(ctx, uid, token, &paid); err != nil {
		return l, err
	}
	l.foldersListed = true
	if withTemplates {
		if l.templates, l.templatesListed, err = s.listTemplates(ctx, uid, token, &paid); err != nil {
			return l, err
		}
		l.templatesAnswered = true
	}
	cursor := ""
	for range maxPages {
		path := dashboardQuery
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		a, err := s.background(ctx, uid, token, http.MethodGet, path, &paid)
		if err != nil {
			return l, err
		}
		l.pages++
		var page struct {
			Data       []json.RawMessage `json:"data"`
			NextCursor *string           `json:"nextCursor"`
		}
		if err := json.Unmarshal(a.body, &page); err != nil {
			return l, fmt.Errorf("relaysync: dashboard answer: %w", err)
		}
		l.items = append(l.items, page.Data...)
		if page.NextCursor == nil || *page.NextCursor == "" || len(page.Data) == 0 {
			l.itemsComplete = true
			return l, nil
		}
		cursor = *page.NextCursor
	}
	return l, nil
}

func (s *Service) listFolders(ctx context.Context, uid, token string, paid *int) ([]recordings.Folder, error) {
	a, err := s.background(ctx, uid, token, http.MethodGet, "/api/v1/folders", paid)
	if err != nil {
		return nil, err
	}
	var ans struct {
		Data []recordings.Folder `json:"data"`
	}
	if err := json.Unmarshal(a.body, &ans); err != nil {
		return nil, fmt.Errorf("relaysync: folders answer: %w", err)
	}
	return ans.Data, nil
}

// listTemplates reads the user's own templates. A provider without the
// route (404 or 405: templates are this server's addition to the spec's
// API) has none to mirror: listed is false then, and nothing is removed.
func (s *Service) listTemplates(ctx context.Context, uid, token string, paid *int) (own []templates.Template, listed bool, err error) {
	a, err := s.background(ctx, uid, token, http.MethodGet, "/api/v1/templates", paid)
	if a.status == http.StatusNotFound || a.status == http.StatusMethodNotAllowed {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	var ans struct {
		Data []templates.Template `json:"data"`
	}
	if err := json.Unmarshal(a.body, &ans); err != nil {
		return nil, false, fmt.Errorf("relaysync: templates answer: %w", err)
	}
	for _, t := range ans.Data {
		if !t.Builtin && safeID(t.ID) {
			own = append(own, t)
		}
	}
	return own, true, nil
}
