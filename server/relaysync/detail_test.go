package relaysync_test

import (
	"errors"
	"github.com/pocket-companion/pocket/server/relaysync"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/push"
)

// A summary.ready notice in relay mode reads the mirror: the recording's
// title and its summary's first line, as the embedded server's notice has.
func TestDetail_FeedsTheWebPushNoticeFromTheMirror(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice, bob := e.signIn("alice@example.com"), e.signIn("bob@example.com")
	ids := e.uploadFixtures(alice, 1)
	e.pullAll(alice, "")

	d, err := e.svc.Detail(ctx, alice.uid, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	var detail struct {
		Data struct {
			Recording struct{ Title string } `json:"recording"`
		} `json:"data"`
	}
	alice.rest.MustOK("GET", "/api/v1/recordings/"+ids[0], nil, &detail)
	p := push.PayloadFor(d)
	if p.Title != detail.Data.Recording.Title || p.Body == "" || strings.HasPrefix(p.Body, "#") {
		t.Fatalf("notice %+v for %q", p, detail.Data.Recording.Title)
	}
	if _, err := e.svc.Detail(ctx, bob.uid, ids[0]); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("bob read alice's recording from the mirror: %v", err)
	}
}
