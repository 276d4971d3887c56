package push

import (
	"context"
	"fmt"
	"sync"
)

// job is one notice held on this replica and what to do once it was handled
// (acknowledge it to the queue); done is nil in process.
type job struct {
	notice
	done func(error)
}

// lanes hold notices by user: each user's are handled one after another in
// that user's lane, and at most `slots` users' notices are handled at once.
// One user's slow endpoints therefore hold one slot, never every worker, and
// another user's notice starts as soon as any slot is free.
type lanes struct {
	perUser int // a user's notices held at once; more are refused
	total   int // all users' notices held at once; more are refused
	slots   chan struct{}
	started chan struct{} // closed by open: nothing is handled before
	ctx     context.Context
	handle  func(notice) error
	wg      sync.WaitGroup

	mu      sync.Mutex
	waiting map[string][]job // by user; the head is being handled
	held    int
}

func newLanes(ctx context.Context, slots, perUser, total int, handle func(notice) error) *lanes {
	return &lanes{perUser: perUser, total: total, slots: make(chan struct{}, slots),
		started: make(chan struct{}), ctx: ctx, handle: handle, waiting: map[string][]job{}}
}

// open starts handling.
func (l *lanes) open() { close(l.started) }

// wait returns once every lane is empty (after the context ends, the jobs
// left are each done with its error).
func (l *lanes) wait() { l.wg.Wait() }

// refusal says why add did not take a job.
type refusal string

const (
	accepted     refusal = ""
	userIsFull   refusal = "this user's notices waiting are at their limit"
	lanesAreFull refusal = "the notices waiting are at their limit"
)

// add queues j behind its user's earlier notices. It never blocks.
func (l *lanes) add(j job) refusal {
	l.mu.Lock()
	defer l.mu.Unlock()
	queue := l.waiting[j.uid]
	switch {
	case len(queue) >= l.perUser:
		return userIsFull
	case l.held >= l.total:
		return lanesAreFull
	}
	l.waiting[j.uid] = append(queue, j)
	l.held++
	if len(queue) == 0 {
		l.wg.Add(1)
		go l.serve(j.uid)
	}
	return accepted
}

// serve handles uid's notices in order until none are left.
func (l *lanes) serve(uid string) {
	defer l.wg.Done()
	for {
		l.mu.Lock()
		j := l.waiting[uid][0]
		l.mu.Unlock()
		err := l.inSlot(j.notice)
		more := l.pop(uid)
		if j.done != nil {
			j.done(err) // after pop: room is made before the queue is told
		}
		if !more {
			return
		}
	}
}

// errHandedBack is the error of the jobs handBack took out of their lanes.
var errHandedBack = fmt.Errorf("push: handed back by a stopping replica: %w", context.Canceled)

// handBack takes every job that has not started out of its lane and tells
// it errHandedBack: a stopping replica gives its waiting notices back to the
// queue at once instead of sending them first.
func (l *lanes) handBack() {
	var back []job
	l.mu.Lock()
	for uid, queue := range l.waiting {
		back = append(back, queue[1:]...)
		l.waiting[uid] = queue[:1]
		l.held -= len(queue) - 1
	}
	l.mu.Unlock()
	for _, j := range back {
		if j.done != nil {
			j.done(errHandedBack)
		}
	}
}

// pop removes uid's head job and reports whether more are waiting.
func (l *lanes) pop(uid string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.held--
	rest := l.waiting[uid][1:]
	if len(rest) == 0 {
		delete(l.waiting, uid)
		return false
	}
	l.waiting[uid] = rest
	return true
}

// inSlot handles n once a slot is free; the slot is given back between a
// user's notices so users waiting for one take turns.
func (l *lanes) inSlot(n notice) error {
	select {
	case <-l.started:
	case <-l.ctx.Done():
		return l.ctx.Err()
	}
	select {
	case l.slots <- struct{}{}:
	case <-l.ctx.Done():
		return l.ctx.Err()
	}
	defer func() { <-l.slots }()
	if err := l.ctx.Err(); err != nil {
		return err
	}
	return l.handle(n)
}
