package syncer

import (
	"sync"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/pocket-companion/pocket/pkg/fixturegen"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

var (
	benchOnce sync.Once
	benchSync *Service
	benchRecs *recordings.Service
)

// benchLibrary imports 10,000 generated recordings (realistic transcripts,
// summaries and mind maps, as `pocket fixtures gen` makes them) once.
func benchLibrary(b *testing.B) *Service {
	benchOnce.Do(func() {
		db, err := store.Open(store.Options{InMemory: true})
		if err != nil {
			b.Fatal(err)
		}
		recs := recordings.NewService(db, nil, nil)
		benchRecs = recs
		for _, raw := range fixturegen.Generate(10000, 1) {
			if _, err := recs.Import(ctx, "bench", raw); err != nil {
				b.Fatal(err)
			}
		}
		benchSync = NewService(db, recs, nil, nil, nil, nil)
	})
	return benchSync
}

// BenchmarkPull_WholeLibrary is a new device pulling 10,000 recordings from
// an empty cursor, in pages of the default and the largest size; it reports
// the protobuf bytes a device receives.
func BenchmarkPull_WholeLibrary(b *testing.B) {
	s := benchLibrary(b)
	for _, bc := range []struct {
		name  string
		limit int
	}{{"default_pages", DefaultPullLimit}, {"max_pages", MaxPullLimit}} {
		b.Run(bc.name, func(b *testing.B) {
			var bytes, changes int
			for b.Loop() {
				bytes, changes = 0, 0
				cursor := ""
				for {
					res, err := s.Pull(ctx, "bench", cursor, bc.limit)
					if err != nil {
						b.Fatal(err)
					}
					bytes += proto.Size(res)
					changes += len(res.Changes)
					if !res.HasMore {
						break
					}
					cursor = res.Cursor
				}
			}
			b.ReportMetric(float64(bytes), "wire-bytes/pull")
			b.ReportMetric(float64(changes), "changes/pull")
		})
	}
}

// BenchmarkDashboard_WholeLibrary is the same-run baseline: the REST
// dashboard's pages of 100 walked cursor by cursor over the same library,
// which is how a device filled itself before sync.
func BenchmarkDashboard_WholeLibrary(b *testing.B) {
	benchLibrary(b)
	var bytes, items int
	for b.Loop() {
		bytes, items = 0, 0
		q := recordings.DashboardQuery{Limit: 100, IncludeEmpty: true}
		for {
			page, err := benchRecs.Dashboard(ctx, "bench", q)
			if err != nil {
				b.Fatal(err)
			}
			for _, it := range page.Data {
				bytes += len(it)
			}
			items += len(page.Data)
			if page.NextCursor == "" {
				break
			}
			q.Cursor = page.NextCursor
		}
	}
	b.ReportMetric(float64(bytes), "item-bytes/walk")
	b.ReportMetric(float64(items), "items/walk")
}
