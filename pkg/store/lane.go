package store

import (
	"context"
	"time"

	"golang.org/x/sync/semaphore"
)

// writeLane lets a write that lost a race re-run alone. Every write attempt
// holds one unit of the semaphore; a re-run holds all of them, so it waits
// for the attempts in flight, and later ones wait for it (the semaphore is
// FIFO). Without it, writers of one user, who all take the next number of
// the user's change log, kept re-running against each other until they gave
// up with 500s at a few hundred writes per second.
//
// The lane only lowers contention: Badger still detects every conflict. A
// wait is bounded (laneWait), after which the attempt runs without the lane,
// so a transaction that writes through another Update (a nested write) can
// stall for laneWait but never deadlock.
type writeLane struct {
	sem  *semaphore.Weighted
	wait time.Duration // laneWait; tests shorten it
}

const (
	laneUnits = 1 << 20 // more than there can be concurrent writers
	laneWait  = 2 * time.Second
)

func newWriteLane() *writeLane {
	return &writeLane{sem: semaphore.NewWeighted(laneUnits), wait: laneWait}
}

// enter admits an attempt, shared or alone, and returns the func that leaves
// and whether it was admitted as asked (false: the wait ran out, and the
// attempt runs beside the others).
func (l *writeLane) enter(alone bool) (leave func(), admitted bool) {
	units := int64(1)
	if alone {
		units = laneUnits
	}
	ctx, cancel := context.WithTimeout(context.Background(), l.wait)
	defer cancel()
	if l.sem.Acquire(ctx, units) != nil {
		return func() {}, false
	}
	return func() { l.sem.Release(units) }, true
}
