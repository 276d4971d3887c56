package chat

import "sync"

// keyedLock gives one lock per key (a chat session: one send at a time in
// it) and forgets a key once nobody holds or waits for its lock, so the map
// stays as small as the sends under way rather than growing with every
// session ever seen.
type keyedLock struct {
	mu    sync.Mutex
	locks map[string]*keyedEntry
}

type keyedEntry struct {
	mu    sync.Mutex
	users int // holders and waiters
}

// lock blocks until key's lock is held and returns its release.
func (k *keyedLock) lock(key string) (unlock func()) {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[string]*keyedEntry{}
	}
	e := k.locks[key]
	if e == nil {
		e = &keyedEntry{}
		k.locks[key] = e
	}
	e.users++
	k.mu.Unlock()

	e.mu.Lock()
	return func() {
		e.mu.Unlock()
		k.mu.Lock()
		if e.users--; e.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
}

// size is how many keys are remembered (for tests).
func (k *keyedLock) size() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.locks)
}
