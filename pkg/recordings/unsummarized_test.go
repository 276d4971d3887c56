package recordings

import (
	"sort"
	"testing"
	"time"
)

func TestUnsummarized_ListsEveryUsersRecordingsWithoutSummary(t *testing.T) {
	svc, _, _ := newService(t)
	at := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	mustImport(t, svc, "alice", rec("a1", "No summary", at, map[string]any{"_transcript": "hello there"}))
	mustImport(t, svc, "alice", rec("a2", "Summarised", at, map[string]any{"_summary": "## A\nb", "_transcript": "x"}))
	mustImport(t, svc, "bob", rec("b1", "Bob's", at, map[string]any{"_transcript": "hi"}))
	mustImport(t, svc, "bob", rec("b2", "Deleted", at, map[string]any{"_transcript": "bye"}))
	if err := svc.Delete(ctx, "bob", "b2", false); err != nil {
		t.Fatal(err)
	}
	var got []string
	if err := svc.Unsummarized(ctx, func(uid, id string) bool { got = append(got, uid+"/"+id); return true }); err != nil {
		t.Fatal(err)
	}
	sort.Strings(got)
	if len(got) != 2 || got[0] != "alice/a1" || got[1] != "bob/b1" {
		t.Fatalf("got %v", got)
	}
	n := 0
	_ = svc.Unsummarized(ctx, func(string, string) bool { n++; return false })
	if n != 1 {
		t.Fatalf("fn returning false must stop the scan, called %d times", n)
	}
}
