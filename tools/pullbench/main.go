// Command pullbench times a device with nothing yet pulling a whole library
// from `pocket serve` on loopback: SyncService.Pull from an empty cursor,
// page after page, with the generated Connect client (binary protobuf and
// JSON, gzip as the client offers by default and without it, default and
// largest pages), next to the REST dashboard paged cursor by cursor. It
// counts response body bytes as they came over the wire and prints a markdown
// table. Every variant runs once per round, rounds interleaved, so the
// variants share the machine's load.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"
)

// variant is one way of fetching the library.
type variant struct {
	name, encoding string
	limit          int
	fetch          func(ctx context.Context, limit int) (tally, error)
	hc             *countingClient
}

// tally is what one full fetch moved.
type tally struct {
	pages, recordings, other int
}

func main() {
	base := flag.String("url", "", "server base URL (loopback only)")
	token := flag.String("token", "", "ID token of the library's owner")
	rounds := flag.Int("rounds", 3, "times each variant fetches the whole library")
	flag.Parse()
	if u, err := url.Parse(*base); err != nil || !loopback(u.Hostname()) || *token == "" || *rounds < 1 {
		fmt.Fprintln(os.Stderr, "usage: pullbench -url http://127.0.0.1:PORT -token ID_TOKEN [-rounds N]")
		os.Exit(2)
	}
	vs := variants(*base, *token)
	times := make([][]time.Duration, len(vs))
	results := make([]tally, len(vs))
	bytes := make([]int64, len(vs))
	for range *rounds {
		for i, v := range vs {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			v.hc.reset()
			start := time.Now()
			t, err := v.fetch(ctx, v.limit)
			elapsed := time.Since(start)
			cancel()
			if err != nil {
				fmt.Fprintf(os.Stderr, "pullbench: %s: %v\n", v.name, err)
				os.Exit(1)
			}
			times[i] = append(times[i], elapsed)
			results[i], bytes[i] = t, v.hc.bytes()
			vs[i].encoding = v.hc.encodings()
		}
	}
	fmt.Println("| what | page size | response encoding | pages | recordings | time median (min–max) | response bytes | bytes/recording |")
	fmt.Println("|---|---:|---|---:|---:|---:|---:|---:|")
	for i, v := range vs {
		fmt.Println(row(v, results[i], times[i], bytes[i]))
	}
}

func row(v variant, t tally, ts []time.Duration, b int64) string {
	slices.Sort(ts)
	ms := func(d time.Duration) string { return fmt.Sprintf("%.0f", float64(d.Microseconds())/1000) }
	per := "–"
	if t.recordings > 0 {
		per = fmt.Sprintf("%.0f", float64(b)/float64(t.recordings))
	}
	return "| " + strings.Join([]string{
		v.name, fmt.Sprint(v.limit), v.encoding, fmt.Sprint(t.pages), fmt.Sprint(t.recordings),
		fmt.Sprintf("%s ms (%s–%s)", ms(median(ts)), ms(ts[0]), ms(ts[len(ts)-1])),
		fmt.Sprintf("%.2f MB", float64(b)/1e6), per,
	}, " | ") + " |"
}

// median of sorted durations (the lower middle for an even count).
func median(sorted []time.Duration) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[(len(sorted)-1)/2]
}

func loopback(host string) bool {
	ips, err := net.LookupIP(host)
	if err != nil || len(ips) == 0 {
		return false
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return false
		}
	}
	return true
}

func newTransport() *http.Transport {
	// No transparent gzip: the clients below decide what they accept, and
	// the counted bytes are the ones that crossed the socket.
	return &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 2}
}
