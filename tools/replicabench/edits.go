package main

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// runEdits: o.workers workers, worker w as user w%users through replica
// w%replicas, each renaming a recording of its own as fast as it is answered.
func runEdits(o options) error {
	tokens, err := tokensFor(o, o.users)
	if err != nil {
		return err
	}
	for w := range o.workers {
		if err := upload(o.urls[w%len(o.urls)], tokens[w%o.users], fmt.Sprintf("edit-%s-%d", runID, w)); err != nil {
			return err
		}
	}
	lat := make([][]time.Duration, o.workers)
	var errs atomic.Int64
	var firstErr sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(o.duration)
	for w := range o.workers {
		wg.Go(func() {
			base, token, id := o.urls[w%len(o.urls)], tokens[w%o.users], fmt.Sprintf("edit-%s-%d", runID, w)
			for i := 0; time.Now().Before(deadline); i++ {
				t0 := time.Now()
				if err := rename(base, token, id, fmt.Sprintf("Edit %d", i)); err != nil {
					errs.Add(1)
					firstErr.Do(func() { fmt.Printf("first error: %v\n", err) })
					continue
				}
				lat[w] = append(lat[w], time.Since(t0))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	fmt.Printf("| %s | %d | %d | %d | %.0f | %s | %d |\n", o.label, len(o.urls), o.workers, o.users,
		float64(len(all))/elapsed.Seconds(), summary(all), errs.Load())
	return nil
}

// summary is "p50 | p99 | max" in milliseconds.
func summary(ds []time.Duration) string {
	if len(ds) == 0 {
		return "– | – | –"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d.Microseconds())/1000) }
	at := func(p float64) time.Duration { return s[int(float64(len(s)-1)*p)] }
	return ms(at(.5)) + " | " + ms(at(.99)) + " | " + ms(s[len(s)-1])
}
