package main

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// summary is what the client reports for a set of receipts.
type summary struct {
	Received int64         `json:"received"`
	Expected int64         `json:"expected"`
	P50      time.Duration `json:"p50"`
	P99      time.Duration `json:"p99"`
	Max      time.Duration `json:"max"`
}

// summarise sorts ds in place and takes its percentiles; expected is how many
// there should have been (missing receipts are counted, not guessed).
func summarise(ds []time.Duration, expected int64) summary {
	slices.Sort(ds)
	s := summary{Received: int64(len(ds)), Expected: expected}
	if len(ds) > 0 {
		s.P50, s.P99, s.Max = percentile(ds, 50), percentile(ds, 99), ds[len(ds)-1]
	}
	return s
}

// percentile is the nearest-rank percentile of sorted: the smallest value
// with at least p percent of the values at or below it.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(p/100*float64(len(sorted)) + 0.999999999)
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// memory is the server process's footprint at one moment.
type memory struct {
	heap, stack uint64 // Go heap in use; goroutine stacks
	rss         uint64 // resident set, from /proc/self/status
	goroutines  int
}

// measure collects garbage and returns freed pages to the OS first, so two
// measurements differ by what is live, not by what is waiting to be freed.
func measure() memory {
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return memory{heap: ms.HeapInuse, stack: ms.StackInuse, rss: vmRSS(), goroutines: runtime.NumGoroutine()}
}

// perConn is (after-before)/n, or 0 when memory shrank (noise at small n).
func perConn(after, before uint64, n int) uint64 {
	if n <= 0 || after < before {
		return 0
	}
	return (after - before) / uint64(n)
}

func vmRSS() uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer func() { _ = f.Close() }() // read only
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// raiseFileLimit lifts the open-file limit to its hard limit (Go does this at
// start too; this also reports what it got via the returned value).
func raiseFileLimit() uint64 {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) != nil {
		return 0
	}
	l.Cur = l.Max
	_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	_ = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l)
	return l.Cur
}
