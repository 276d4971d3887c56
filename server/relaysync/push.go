package relaysync

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/syncer"
)

// Push applies a device's queued mutations at the upstream, in order, each
// at most once per idempotency key (pkg/syncer's ledger, as the embedded
// Push): a replayed key answers its stored result without a call; an
// upstream that does not answer (no answer, 5xx, 429) makes it RETRY with
// nothing recorded; a 4xx is REJECTED with the upstream's message. After
// the applied ones the mirror is refreshed, so each answer's `current` and
// the next pull carry the upstream's state, and the user's other tabs hear
// of the change at once.
func (s *Service) Push(ctx context.Context, uid, token string, muts []*syncv1.Mutation) (*syncv1.PushResponse, error) {
	u := s.user(uid)
	u.pushing.Lock() // one push of a user at a time: a key is never sent twice at once
	defer u.pushing.Unlock()
	var touched []request
	targets := map[int]request{} // result index -> what it touched
	n := 0                       // PushEach calls apply for a prefix of muts, in order
	res, err := s.ledger.PushEach(ctx, uid, muts, func(ctx context.Context, m *syncv1.Mutation) *syncv1.MutationResult {
		r, req := s.pushOne(ctx, uid, token, m)
		if r.GetOutcome() == syncv1.Outcome_OUTCOME_APPLIED && !r.GetReplayed() {
			touched = append(touched, req)
			targets[n] = req
		}
		n++
		return r
	})
	if err != nil || len(touched) == 0 {
		return res, err
	}
	s.refreshLogged(ctx, uid, token, true) // pushes bypass the REST relay and its cache
	for _, req := range touched {
		if strings.HasSuffix(req.path, "/speakers") {
			s.fetchSpeakers(ctx, uid, token, req.id)
		}
	}
	s.freshen(uid, res, targets)
	return res, nil
}

// freshen re-reads the `current` of each applied mutation after the refresh.
func (s *Service) freshen(uid string, res *syncv1.PushResponse, targets map[int]request) {
	for i, req := range targets {
		if req.id == "" || i >= len(res.GetResults()) {
			continue
		}
		if c, err := s.ledger.Current(uid, req.kind, req.id); err == nil && c != nil {
			res.Results[i].Current = c
		}
	}
}

func (s *Service) pushOne(ctx context.Context, uid, token string, m *syncv1.Mutation) (*syncv1.MutationResult, request) {
	key := m.GetIdempotencyKey()
	if err := syncer.Check(m); err != nil {
		return syncer.Rejected(key, err), request{}
	}
	if res, found, err := s.ledger.Replay(uid, m); err != nil || found {
		if err != nil {
			s.log.Error("relaysync: reading a change's key failed; the device will retry", "err", err)
			return syncer.RetryLater(key), request{}
		}
		return res, request{}
	}
	req, err := s.requestOf(uid, m)
	if err != nil {
		return syncer.Rejected(key, err), request{}
	}
	a, err := s.call(ctx, token, req.method, req.path, req.body)
	if err != nil || a.status >= 500 || a.status == http.StatusTooManyRequests || a.status == http.StatusUnauthorized || a.status == http.StatusRequestTimeout {
		s.log.Info("relaysync: the upstream did not take a change; the device will retry", "status", a.status, "err", err)
		return syncer.RetryLater(key), request{}
	}
	s.budget.succeeded(uid) // the upstream answers again: end any back-off
	v, req := s.verdict(ctx, uid, token, m, req, a)
	res, err := s.ledger.Record(uid, m, v)
	if err != nil {
		// Applied upstream but not remembered: answer it all the same (a
		// resend would re-apply an edit that is the same again, or be refused).
		s.log.Error("relaysync: recording a change's key failed", "err", err)
		return &syncv1.MutationResult{IdempotencyKey: key, Outcome: v.Outcome, ErrorCode: v.Code, ErrorMessage: v.Message, AnswerJson: string(v.Answer)}, req
	}
	return res, req
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
				return syncer.Verdict{Outcome: syncv1.Outcome_OUTCOME_APPLIED, Kind: changelog.Folder, ID: f}, req
			}
		}
		return refusal(req, a.status, env), req
	}
	v := syncer.Verdict{Outcome: syncv1.Outcome_OUTCOME_APPLIED, Kind: req.kind, ID: req.id}
	switch m.GetOp().(type) {
	case *syncv1.Mutation_CreateFolder:
		var f struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(env.Data, &f) == nil && safeID(f.ID) {
			_ = s.alias(uid, req.id, f.ID)
			v.ID, req.id = f.ID, f.ID
		}
	case *syncv1.Mutation_AskQuestion:
		v.Answer = env.Data
	}
	return v, req
}

// refusal is a 4xx as the device shows it: the upstream's code and message,
// or, for a route this provider lacks, that it cannot.
func refusal(req request, status int, env envelope) syncer.Verdict {
	v := syncer.Verdict{Outcome: syncv1.Outcome_OUTCOME_REJECTED, Kind: req.kind, ID: req.id, Code: env.Code, Message: env.Message}
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
