package recordings

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

func TestFields_FlagBitsAreDistinctAndClearOfTheEntrysOwn(t *testing.T) {
	used := flagSummary | flagEmpty
	for _, f := range Fields {
		if f.Kind != FlagField {
			continue
		}
		if f.Bit == 0 || f.Bit&(f.Bit-1) != 0 || used&f.Bit != 0 {
			t.Fatalf("%s: bit %08b (taken %08b)", f.Name, f.Bit, used)
		}
		if f.Toggle[0] == "" || f.Toggle[1] == "" {
			t.Fatalf("%s: no toggle labels", f.Name)
		}
		used |= f.Bit
	}
}

func TestParsePatch_FlagFields(t *testing.T) {
	tests := []struct {
		name, body string
		want       map[string]string
		err        string
	}{
		{"star", `{"starred":true}`, map[string]string{"starred": "true"}, ""},
		{"unarchive", `{"archived":false}`, map[string]string{"archived": "false"}, ""},
		{"null is false", `{"starred":null}`, map[string]string{"starred": "false"}, ""},
		{"both with a title", `{"title":"T","starred":true,"archived":true}`, map[string]string{"title": `"T"`, "starred": "true", "archived": "true"}, ""},
		{"not a boolean", `{"starred":"yes"}`, nil, "starred must be true or false"},
		{"a number is not a boolean", `{"archived":1}`, nil, "archived must be true or false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParsePatch([]byte(tt.body))
			if tt.err != "" {
				wantKind(t, err, apperr.Invalid)
				if !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("message %q", err)
				}
				return
			}
			got := map[string]string{}
			for k, v := range p.Values {
				got[k] = string(v)
			}
			if err != nil || len(got) != len(tt.want) {
				t.Fatalf("got %v %v", got, err)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Fatalf("%s = %s, want %s", k, got[k], v)
				}
			}
		})
	}
}

func TestPatchWith_RefusesAFieldNoRecordingHas(t *testing.T) {
	_, err := Patch{}.With("pinned", true)
	if e, ok := apperr.As(err); !ok || e.Code != "UNKNOWN_FIELD" || !strings.Contains(e.Message, `"pinned"`) {
		t.Fatalf("err %v", err)
	}
}

func TestUpdate_FlagsSetTheItemAndFilterTheDashboardAndSearch(t *testing.T) {
	s, _, _ := newService(t)
	for i, id := range []string{"a", "b", "c"} {
		mustImport(t, s, "u1", rec(id, "Standup "+id, base.AddDate(0, 0, i), nil))
	}
	item, err := s.Update(ctx, "u1", "a", patchOf("starred", true))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	_ = json.Unmarshal(item, &got)
	if got["starred"] != true || got["title"] != "Standup a" {
		t.Fatalf("item %s", item)
	}
	if _, err := s.Update(ctx, "u1", "b", patchOf("archived", true, "starred", true)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, "u1", "b", patchOf("starred", false)); err != nil {
		t.Fatal(err)
	}
	pages := map[string]struct {
		flags map[string]bool
		want  []string
	}{
		"everything":       {nil, []string{"c", "b", "a"}},
		"starred":          {map[string]bool{"starred": true}, []string{"a"}},
		"archived":         {map[string]bool{"archived": true}, []string{"b"}},
		"not archived":     {map[string]bool{"archived": false}, []string{"c", "a"}},
		"starred, kept":    {map[string]bool{"starred": true, "archived": false}, []string{"a"}},
		"neither starred ": {map[string]bool{"starred": false}, []string{"c", "b"}},
	}
	for name, tt := range pages {
		t.Run(name, func(t *testing.T) {
			// Read twice: the second read is the first-page cache's, which must tell the filters apart.
			for range 2 {
				if got := itemIDs(t, mustPage(t, s, DashboardQuery{Flags: tt.flags}).Data); !slices.Equal(got, tt.want) {
					t.Fatalf("dashboard %v, want %v", got, tt.want)
				}
			}
			res, err := s.Search(ctx, "u1", SearchQuery{Q: "standup", Filter: Filter{Flags: tt.flags}})
			if err != nil {
				t.Fatal(err)
			}
			got := itemIDs(t, res.Data)
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Fatalf("search %v, want %v", got, want)
			}
		})
	}
}

func TestDashboard_RefusesAFilterOnAFieldThatIsNoFlag(t *testing.T) {
	s, _, _ := newService(t)
	_, err := s.Dashboard(ctx, "u1", DashboardQuery{Flags: map[string]bool{"title": true}})
	wantKind(t, err, apperr.Invalid)
}
