package relaysync

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/syncer"
)

// Pushes: pkg/syncer's engine keeps the rules (order, the stop after a
// RETRY, each key answered once, `current`); the relay applies each mutation
// it hands over as the upstream's REST call, Outside the ledger's
// transaction: an upstream that does not answer (no answer, 5xx, 429, 401,
// 408) makes it RETRY with nothing recorded; a 4xx is REJECTED with the
// upstream's message. When the push ends, the mirror is refreshed if
// anything was applied, so each answer's `current` and the next pull carry
// the upstream's state and the user's other tabs hear of the change at once.
//
// The upstream's call and the record of its key cannot be one transaction:
// when the upstream applied a mutation but its answer was lost (a timeout,
// or this relay died before recording it), the device sends it again. An
// edit absorbs that (a PUT sets the same value again, a create_folder whose
// name is taken answers the existing folder, a create_template's id sent
// again answers the template made the first time, a second delete is
// refused as not found), but a question is asked again: POST /api/v1/chat/message takes
// no key (ADR 5).

// Begin starts a push of uid's: one at a time per user, so a key is never
// sent to the upstream twice at once.
func (s *Service) Begin(ctx context.Context, uid string) syncer.Batch {
	u := s.user(uid)
	u.pushing.Lock()
	return &pushBatch{s: s, u: u, uid: uid, token: syncer.TokenFrom(ctx)}
}

// pushBatch is one push at the upstream, and what it changed there.
type pushBatch struct {
	s          *Service
	u          *userState
	uid, token string
	touched    []request
}

// Apply maps op onto the upstream's REST call. Folder ids a device made
// offline are replaced by the upstream's id of the folder it created.
func (b *pushBatch) Apply(op syncer.Op) (syncer.Application, error) {
	req, err := b.s.requestOf(b.uid, op)
	if err != nil {
		return syncer.Application{}, err
	}
	return syncer.Application{Outside: func(ctx context.Context) (syncer.Verdict, error) { return b.send(ctx, op.Mutation, req) }}, nil
}

// errNotTaken: the upstream did not answer for good; the device retries.
var errNotTaken = apperr.New(apperr.Unavailable, "UPSTREAM_UNAVAILABLE", "The provider did not take this change; it will be sent again")

func (b *pushBatch) send(ctx context.Context, m *syncv1.Mutation, req request) (syncer.Verdict, error) {
	a, err := b.s.call(ctx, b.token, req.method, req.path, req.body)
	if err == nil && (a.status >= 500 || a.status == http.StatusTooManyRequests || a.status == http.StatusUnauthorized || a.status == http.StatusRequestTimeout) {
		err = fmt.Errorf("relaysync: upstream answered %d to %s %s", a.status, req.method, pathOnly(req.path))
	}
	if err != nil {
		return syncer.Verdict{}, fmt.Errorf("%w: %w", errNotTaken, err)
	}
	b.s.budget.succeeded(b.uid) // the upstream answers again: end any back-off
	v, req := b.s.verdict(ctx, b.uid, b.token, m, req, a)
	if v.Outcome == syncv1.Outcome_OUTCOME_APPLIED {
		b.touched = append(b.touched, req)
	}
	return v, nil
}

// End drops the REST relay's cache of the user after edits the upstream
// took (pushes bypass it: a REST read after the push must not get an answer
// from before it, whether or not the mirror's refresh can run now), refreshes
// the mirror, fetches the speakers of recordings whose speakers were renamed,
// and lets the next push of the user begin.
func (b *pushBatch) End(ctx context.Context) bool {
	defer b.u.pushing.Unlock()
	if len(b.touched) == 0 {
		return false
	}
	if b.s.inval != nil {
		b.s.inval.InvalidateUser(b.uid)
	}
	if slices.ContainsFunc(b.touched, func(r request) bool { return r.kind == changelog.Template }) {
		b.s.templatesChanged(b.uid)
	}
	b.s.refreshLogged(ctx, b.uid, b.token, true)
	for _, req := range b.touched {
		if strings.HasSuffix(req.path, "/speakers") {
			b.s.fetchSpeakers(ctx, b.uid, b.token, req.id)
		}
	}
	return true
}

// envelope is the upstream's answer shape, success or error.
type envelope struct {
	Data    json.RawMessage `json:"data"`
	Message string          `json:"message"`
	Code    string          `json:"code"`
}

// verdict reads what the upstream's answer a means for m.
func (s *Service) verdict(ctx context.Context, uid, token string, m *syncv1.Mutation, req request, a answer) (syncer.Verdict, request) {
	var env envelope
	_ = json.Unmarshal(a.body, &env)
	if a.status >= 400 {
		if _, ok := m.GetOp().(*syncv1.Mutation_CreateFolder); ok && a.status == http.StatusConflict {
			if f, found := s.folderNamed(ctx, uid, token, m.GetCreateFolder()); found {
				_ = s.alias(uid, req.id, f)
				req.id = f
				return syncer.Verdict{Outcome: syncv1.Outcome_OUTCOME_APPLIED, Target: syncer.Target{Kind: changelog.Folder, ID: f}}, req
			}
		}
		return refusal(req, a.status, env), req
	}
	v := syncer.Verdict{Outcome: syncv1.Outcome_OUTCOME_APPLIED, Target: req.target()}
	switch m.GetOp().(type) {
	case *syncv1.Mutation_CreateFolder:
		var f struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(env.Data, &f) == nil && safeID(f.ID) {
			_ = s.alias(uid, req.id, f.ID)
			v.Target.ID, req.id = f.ID, f.ID
		}
	case *syncv1.Mutation_AskQuestion:
		v.Answer = env.Data
	}
	return v, req
}

// refusal is a 4xx as the device shows it: the upstream's code and message,
// or, for a route this provider lacks, that it cannot.
func refusal(req request, status int, env envelope) syncer.Verdict {
	v := syncer.Verdict{Outcome: syncv1.Outcome_OUTCOME_REJECTED, Target: req.target(), Code: env.Code, Message: env.Message}
	if req.beyond && (status == http.StatusMethodNotAllowed || (status == http.StatusNotFound && env.Code == "")) {
		v.Code, v.Message = "UNSUPPORTED", "The provider this server relays to cannot "+req.what
	}
	if v.Code == "" {
		v.Code = codeOf(status)
	}
	if v.Message == "" {
		v.Message = fmt.Sprintf("The provider refused this change (status %d)", status)
	}
	return v
}

func codeOf(status int) string {
	switch status {
	case http.StatusNotFound:
		return "NOT_FOUND"
	case http.StatusConflict:
		return "CONFLICT"
	case http.StatusForbidden:
		return "PERMISSION_DENIED"
	case http.StatusRequestEntityTooLarge:
		return "BODY_TOO_LARGE"
	}
	return "INVALID_ARGUMENT"
}

// folderNamed finds the upstream's folder a create_folder collided with, as
// the embedded Push answers "a name already used under the parent".
func (s *Service) folderNamed(ctx context.Context, uid, token string, c *syncv1.CreateFolder) (string, bool) {
	a, err := s.call(ctx, token, http.MethodGet, "/api/v1/folders", nil)
	if err != nil || a.status != http.StatusOK {
		return "", false
	}
	var ans struct {
		Data []struct {
			ID       string  `json:"id"`
			Name     string  `json:"name"`
			ParentID *string `json:"parent_id"`
		} `json:"data"`
	}
	if json.Unmarshal(a.body, &ans) != nil {
		return "", false
	}
	parent := s.resolveFolder(uid, c.GetParentId())
	for _, f := range ans.Data {
		p := ""
		if f.ParentID != nil {
			p = *f.ParentID
		}
		if strings.EqualFold(f.Name, strings.TrimSpace(c.GetName())) && p == parent && safeID(f.ID) {
			return f.ID, true
		}
	}
	return "", false
}
