package recordings

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// While one goroutine pages, another inserts recordings whose places fall
// before, inside and after the pages already read, and edits existing ones.
// Keyset paging must list every recording that existed at the start exactly
// once and never repeat any item.
func TestDashboard_PagingIsStableUnderConcurrentWrites(t *testing.T) {
	for _, f := range []SortField{SortRecordingAt, SortTitle, SortDuration} {
		t.Run(string(f), func(t *testing.T) {
			s, _, _ := newService(t)
			lib := library(150)
			seedLibrary(t, s, "u1", lib)

			var wg sync.WaitGroup
			stop := make(chan struct{})
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(1, 2))
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					at := base.Add(time.Duration(rng.IntN(300)-75) * time.Hour)
					mustImport(t, s, "u1", rec(fmt.Sprintf("new%04d", i), fmt.Sprintf("Title %c", 'A'+rune(rng.IntN(26))), at,
						map[string]any{"duration": rng.IntN(20)}))
					title := "Renamed"
					if _, err := s.Update(ctx, "u1", lib[rng.IntN(len(lib))].id, patchOf("description", title)); err != nil {
						t.Error(err)
						return
					}
				}
			}()

			seen := map[string]int{}
			q := DashboardQuery{Limit: 7, SortBy: f, IncludeEmpty: true}
			for {
				p, err := s.Dashboard(ctx, "u1", q)
				if err != nil {
					t.Fatal(err)
				}
				for _, id := range itemIDs(t, p.Data) {
					seen[id]++
				}
				if p.NextCursor == "" {
					break
				}
				q.Cursor = p.NextCursor
				time.Sleep(time.Millisecond) // let the writer interleave
			}
			close(stop)
			wg.Wait()

			for id, n := range seen {
				if n != 1 {
					t.Errorf("%s listed %d times", id, n)
				}
			}
			for _, sp := range lib {
				if seen[sp.id] != 1 {
					t.Errorf("%s (present from the start) listed %d times", sp.id, seen[sp.id])
				}
			}
		})
	}
}
