package summarize

import "sync"

// job is one recording to summarise: its first summary, or with version set
// a summary version asked for (versions.go).
type job struct{ uid, id, version string }

// queue is a bounded FIFO without duplicates: a recording uploaded twice
// while waiting is summarised once. When full, new jobs are dropped (and
// logged by the caller); the scan on the next start finds them again.
type queue struct {
	mu      sync.Mutex
	max     int
	pending map[job]bool
	order   []job
	wake    chan struct{}
}

func newQueue(max int) *queue {
	return &queue{max: max, pending: map[job]bool{}, wake: make(chan struct{}, 1)}
}

// push adds j; it reports false when the queue is full. A job already
// waiting counts as added.
func (q *queue) push(j job) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.pending[j] {
		return true
	}
	if len(q.order) >= q.max {
		return false
	}
	q.pending[j] = true
	q.order = append(q.order, j)
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return true
}

// pop takes the oldest job, if any. The job stays marked pending until done
// is called, so the same recording is not queued again while it is worked on.
func (q *queue) pop() (job, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.order) == 0 {
		return job{}, false
	}
	j := q.order[0]
	q.order = q.order[1:]
	if len(q.order) > 0 {
		select { // let another worker pick up the rest
		case q.wake <- struct{}{}:
		default:
		}
	}
	return j, true
}

func (q *queue) done(j job) {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.pending, j)
}

// size is how many jobs wait.
func (q *queue) size() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.order)
}
