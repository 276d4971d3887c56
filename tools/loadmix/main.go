// Command loadmix sends a steady mix of reads and writes to a pocket server on
// loopback, on a fixed schedule (request i is due at start+i/rate; latency
// counts from then), and prints the achieved rate and p50/p99 and errors per
// kind: dashboard, detail, search, upload, edit (PUT), sync Pull. Before and
// after it prints the server's goroutines and resident memory from /metrics
// (loopback may read it). It refuses addresses off this machine.
package main

import (
	"bytes"
	"encoding/json"
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

// kind is one sort of request and its share of the mix (weights sum to 100).
type kind struct {
	name   string
	weight int
	build  func(l *load, n int64) *http.Request
}

type load struct {
	base, token string
	ids         []string // recordings to read and edit
	cursor      string   // a sync cursor near the log's end: a device polling
	run         string   // makes this run's upload ids unique
}

var kinds = []kind{
	{"dashboard", 30, func(l *load, n int64) *http.Request {
		return l.get("/api/v1/recordings/dashboard")
	}},
	{"detail", 20, func(l *load, n int64) *http.Request {
		return l.get("/api/v1/recordings/" + l.ids[n%int64(len(l.ids))] + "?include=all")
	}},
	{"search", 10, func(l *load, n int64) *http.Request {
		return l.get("/api/v1/recordings/search?q=" + []string{"budget", "launch", "meeting", "review"}[n%4])
	}},
	{"upload", 15, func(l *load, n int64) *http.Request {
		id := fmt.Sprintf("load-%s-%d", l.run, n)
		return l.send("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{
			"id": id, "title": "Load " + id, "recordingAt": "2026-11-01T10:00:00Z", "duration": 60}})
	}},
	{"edit", 10, func(l *load, n int64) *http.Request {
		return l.send("PUT", "/api/v1/recordings/"+l.ids[n%int64(len(l.ids))], map[string]string{"title": fmt.Sprintf("Edited %d", n)})
	}},
	{"sync pull", 15, func(l *load, n int64) *http.Request {
		return l.send("POST", "/pocket.sync.v1.SyncService/Pull", map[string]any{"cursor": l.cursor, "limit": 100})
	}},
}

func main() {
	base := flag.String("base", "", "server origin, e.g. http://127.0.0.1:8080")
	token := flag.String("token", "", "ID token of the user whose library is read and written")
	rate := flag.Float64("rate", 1000, "requests per second, all kinds together")
	d := flag.Duration("d", 60*time.Second, "how long to run")
	workers := flag.Int("c", 64, "concurrent senders")
	flag.Parse()
	if err := mustBeLoopback(*base); err != nil || *token == "" {
		fmt.Fprintln(os.Stderr, "usage: loadmix -base http://127.0.0.1:PORT -token T [-rate R] [-d DUR]", err)
		os.Exit(2)
	}
	l := &load{base: *base, token: *token, run: fmt.Sprint(time.Now().UnixNano())}
	if err := l.prepare(); err != nil {
		fmt.Fprintln(os.Stderr, "loadmix:", err)
		os.Exit(1)
	}
	fmt.Println("before:", l.vitals())
	res := l.drive(*rate, *d, *workers)
	fmt.Println(res.report())
	fmt.Println("after: ", l.vitals())
	if res.errors() > 0 {
		os.Exit(1)
	}
}

func mustBeLoopback(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("loadmix: %q is not a URL", raw)
	}
	ips, err := net.LookupIP(u.Hostname())
	if err != nil {
		return err
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return fmt.Errorf("loadmix: %s is not a loopback address", u.Host)
		}
	}
	return nil
}

func (l *load) get(path string) *http.Request {
	req, _ := http.NewRequest("GET", l.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+l.token)
	return req
}

func (l *load) send(method, path string, body any) *http.Request {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, l.base+path, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+l.token)
	req.Header.Set("Content-Type", "application/json")
	return req
}

// prepare picks 100 recordings to read and edit and a cursor at the log's end.
func (l *load) prepare() error {
	var page struct{ Data []struct{ ID string } }
	if err := l.call(l.get("/api/v1/recordings/dashboard?limit=100"), &page); err != nil {
		return err
	}
	for _, r := range page.Data {
		l.ids = append(l.ids, r.ID)
	}
	if len(l.ids) == 0 {
		return fmt.Errorf("the library is empty: import one first")
	}
	for i := 0; i < 1000; i++ {
		var p struct {
			Cursor  string
			HasMore bool
		}
		if err := l.call(l.send("POST", "/pocket.sync.v1.SyncService/Pull", map[string]any{"cursor": l.cursor, "limit": 1000}), &p); err != nil {
			return err
		}
		l.cursor = p.Cursor
		if !p.HasMore {
			return nil
		}
	}
	return nil
}

func (l *load) call(req *http.Request, out any) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return fmt.Errorf("%s %s: %d %s", req.Method, req.URL.Path, resp.StatusCode, raw)
	}
	return json.Unmarshal(raw, out)
}

// vitals reads the server's goroutines and resident memory from /metrics.
func (l *load) vitals() string {
	resp, err := http.Get(l.base + "/metrics")
	if err != nil {
		return err.Error()
	}
	defer func() { _ = resp.Body.Close() }()
	raw, _ := io.ReadAll(resp.Body)
	var goroutines, rss float64
	for _, line := range strings.Split(string(raw), "\n") {
		_, _ = fmt.Sscanf(line, "go_goroutines %g", &goroutines)
		_, _ = fmt.Sscanf(line, "process_resident_memory_bytes %g", &rss)
	}
	return fmt.Sprintf("goroutines %.0f, RSS %.1f MB", goroutines, rss/(1<<20))
}

type sample struct {
	kind   int
	lat    time.Duration
	ok     bool
	status int // 0: no answer
}

type result struct {
	elapsed time.Duration
	samples []sample
}

// drive sends the mix: request n is due at start+n/rate and is of the kind
// its slot falls in, so every kind keeps its share at any moment.
func (l *load) drive(rate float64, d time.Duration, workers int) result {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 30 * time.Second}
	slots := make([]int, 0, 100)
	for k, kd := range kinds {
		for i := 0; i < kd.weight; i++ {
			slots = append(slots, k)
		}
	}
	var next atomic.Int64
	per := make([][]sample, workers)
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				n := next.Add(1) - 1
				due := start.Add(time.Duration(float64(n) / rate * float64(time.Second)))
				if due.After(deadline) {
					return
				}
				time.Sleep(time.Until(due))
				k := slots[(n*37)%int64(len(slots))] // spread kinds over the slots
				status := fetch(client, kinds[k].build(l, n))
				per[w] = append(per[w], sample{kind: k, lat: time.Since(due), ok: status/100 == 2, status: status})
			}
		}(w)
	}
	wg.Wait()
	var all []sample
	for _, s := range per {
		all = append(all, s...)
	}
	return result{elapsed: time.Since(start), samples: all}
}

// fetch sends req and returns the answer's status (0 when none came).
func fetch(c *http.Client, req *http.Request) int {
	resp, err := c.Do(req)
	if err != nil {
		return 0
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close() // drained above
	return resp.StatusCode
}

func (r result) errors() int {
	n := 0
	for _, s := range r.samples {
		if !s.ok {
			n++
		}
	}
	return n
}

func (r result) report() string {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }
	var b strings.Builder
	fmt.Fprintf(&b, "achieved %.0f req/s over %.1f s, %d requests, %d errors\n", float64(len(r.samples))/r.elapsed.Seconds(), r.elapsed.Seconds(), len(r.samples), r.errors())
	for k, kd := range kinds {
		var lat []time.Duration
		errs, statuses := 0, map[int]int{}
		for _, s := range r.samples {
			if s.kind == k {
				lat = append(lat, s.lat)
				if !s.ok {
					errs++
					statuses[s.status]++
				}
			}
		}
		if len(lat) == 0 {
			continue
		}
		slices.Sort(lat)
		pct := func(p float64) time.Duration { return lat[int(float64(len(lat)-1)*p)] }
		fmt.Fprintf(&b, "  %-10s n %6d  p50 %9s  p99 %9s  errors %d", kd.name, len(lat), ms(pct(.5)), ms(pct(.99)), errs)
		if errs > 0 {
			fmt.Fprintf(&b, " (status: count %v)", statuses)
		}
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n")
}
