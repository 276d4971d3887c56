// Command loadgen measures a server's throughput and latency on loopback: a fixed
// number of workers request a set of URLs in turn for a fixed time, then it
// prints requests per second and latency percentiles. It refuses addresses off
// this machine, and every run is bounded in time and in request count.
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	workers := flag.Int("c", 8, "concurrent workers")
	duration := flag.Duration("d", 10*time.Second, "how long to run")
	maxRequests := flag.Int64("n", 2_000_000, "stop after this many requests at the latest")
	token := flag.String("token", "", "bearer token sent with every request")
	label := flag.String("label", "", "name printed in the result line")
	rate := flag.Float64("rate", 0, "requests per second to send on a fixed schedule (0: each worker as fast as it can)")
	flag.Parse()
	urls := flag.Args()
	if len(urls) == 0 {
		fmt.Fprintln(os.Stderr, "usage: loadgen [-c N] [-d DUR] [-token T] [-label L] URL...")
		os.Exit(2)
	}
	for _, u := range urls {
		if err := mustBeLoopback(u); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	r := run(urls, *token, *workers, *duration, *maxRequests, *rate)
	fmt.Println(r.line(*label))
	if r.errors > 0 {
		os.Exit(1)
	}
}

func mustBeLoopback(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	ips, err := net.LookupIP(u.Hostname())
	if err != nil {
		return err
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return fmt.Errorf("loadgen: %s is not a loopback address", u.Host)
		}
	}
	return nil
}

type result struct {
	requests, errors int64
	elapsed          time.Duration
	latencies        []time.Duration
}

// run sends requests for d. With rate > 0, request i is due at start+i/rate
// whoever sends it, and its latency counts from when it was due: a slow
// answer that holds the workers back shows in the figures instead of
// quietly lowering the rate (coordinated omission).
func run(urls []string, token string, workers int, d time.Duration, max int64, rate float64) result {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 30 * time.Second}
	deadline := time.Now().Add(d)
	var count, errs atomic.Int64
	lat := make([][]time.Duration, workers)
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; time.Now().Before(deadline); i++ {
				n := count.Add(1)
				if n > max {
					return
				}
				t0 := time.Now()
				if rate > 0 {
					i = int(n - 1)
					t0 = start.Add(time.Duration(float64(n-1) / rate * float64(time.Second)))
					if t0.After(deadline) {
						return
					}
					time.Sleep(time.Until(t0))
				}
				if !fetch(client, urls[i%len(urls)], token) {
					errs.Add(1)
				}
				lat[w] = append(lat[w], time.Since(t0))
			}
		}(w)
	}
	wg.Wait()
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	slices.Sort(all)
	return result{requests: int64(len(all)), errors: errs.Load(), elapsed: time.Since(start), latencies: all}
}

func fetch(c *http.Client, u, token string) bool {
	req, _ := http.NewRequest("GET", u, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(req)
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close() // drained above
	return resp.StatusCode == 200
}

func (r result) pct(p float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[int(float64(len(r.latencies)-1)*p)]
}

func (r result) line(label string) string {
	rps := float64(r.requests) / r.elapsed.Seconds()
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d.Microseconds())/1000) }
	return strings.Join([]string{
		fmt.Sprintf("%-28s", label), fmt.Sprintf("req/s %8.0f", rps),
		"p50 " + ms(r.pct(.50)) + " ms", "p99 " + ms(r.pct(.99)) + " ms",
		fmt.Sprintf("n %d", r.requests), fmt.Sprintf("errors %d", r.errors),
	}, "  ")
}
