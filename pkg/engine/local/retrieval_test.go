package local

import (
	"fmt"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/tests/enginetest"
)

// retrievalCases are questions whose answers are known transcript segments
// (indexes as the app lists segments, blank ones skipped). Several come from
// fixtures/README.md; the rest were written by reading the transcripts. Where
// an answer is said across two lines, either counts.
var retrievalCases = []struct {
	file     string
	question string
	want     []int
}{
	{"01", "What is the new 3.4 release date?", []int{8}},
	{"01", "How much did checklist completion improve?", []int{13}},
	{"01", "How many open support tickets are there?", []int{21}},
	{"01", "Why was the checklist weaker on mobile?", []int{16}},
	{"01", "When is the decision meeting for the backend role?", []int{27}},
	{"01", "How full is the staging disk?", []int{30}},
	{"02", "How many times was Leo paged while on call?", []int{1}},
	{"02", "When do the GopherCon early bird tickets end?", []int{15}},
	{"03", "How did Nadia handle sync conflicts?", []int{7, 8}},
	{"03", "How much did support tickets drop after the merge banner?", []int{11}},
	{"05", "What does 80 seats cost per year?", []int{13}},
	{"05", "Why were recurring invoices sent with an old exchange rate?", []int{3}},
	{"05", "When will the renewal proposal arrive?", []int{21}},
	{"05", "What was offered on the renewal if they sign early?", []int{15}},
	{"07", "When is the second midterm and where?", []int{5}},
	{"07", "What is the elasticity in the coffee example with the midpoint method?", []int{45}},
	{"07", "When is problem set four due?", []int{3}},
	{"07", "Where are office hours this week?", []int{6}},
	{"07", "When is the extra review session for the midterm?", []int{272}},
	{"09", "How far may I run for the next three weeks?", []int{15}},
	{"09", "How much ibuprofen can I take?", []int{21}},
	{"09", "When is the follow-up appointment?", []int{27}},
	{"09", "Do I need an MRI?", []int{13}},
	{"12", "How much over plan was cloud in October?", []int{8}},
	{"12", "Which cities will pilot the coworking partnership?", []int{27, 28}},
	{"12", "How much is the learning budget per person?", []int{41}},
	{"12", "What is the new salary band for the backend hire?", []int{30, 39}},
	{"13", "How many story points of capacity do we have this sprint?", []int{2, 3}},
	{"13", "What gets dropped first if something slips?", []int{25}},
	{"22", "What is the next book?", []int{33}},
	{"22", "Who voted for society as the real monster?", []int{24, 25}},
}

func TestRetrieval_HitRateOnFixtures(t *testing.T) {
	for _, variant := range []struct {
		name    string
		prepare func(*engine.Recording) *engine.Recording
		floor   float64
	}{
		{"with stored summary and action items", func(r *engine.Recording) *engine.Recording { return r }, 0.7},
		{"transcript only", enginetest.WithoutSummary, 0.7},
	} {
		t.Run(variant.name, func(t *testing.T) {
			hits, top3 := 0, 0
			for _, c := range retrievalCases {
				ix := newIndex(variant.prepare(enginetest.Fixture(t, c.file)))
				ranked := ix.rank(analyse(c.question))
				got := -1
				if len(ranked) > 0 {
					got = ranked[0].seg
				}
				ok := containsInt(c.want, got)
				for _, h := range ranked[:min(3, len(ranked))] {
					if containsInt(c.want, h.seg) {
						top3++
						break
					}
				}
				if ok {
					hits++
				} else {
					t.Logf("miss %s %q: top %d, want %v%s", c.file, c.question, got, c.want, rankOf(ranked, c.want))
				}
			}
			rate := float64(hits) / float64(len(retrievalCases))
			t.Logf("hit@1 = %d/%d = %.2f, hit@3 = %d/%d", hits, len(retrievalCases), rate, top3, len(retrievalCases))
			if rate < variant.floor {
				t.Fatalf("hit@1 %.2f below %.2f", rate, variant.floor)
			}
		})
	}
}

func rankOf(ranked []hit, want []int) string {
	for i, h := range ranked {
		if containsInt(want, h.seg) {
			return fmt.Sprintf(" (expected at rank %d)", i+1)
		}
	}
	return " (expected not ranked)"
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}
