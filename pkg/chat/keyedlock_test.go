package chat

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

func TestKeyedLock_OneHolderPerKeyAndNothingKeptAfterwards(t *testing.T) {
	var k keyedLock
	var inside [4]atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 400; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			key := i % 4
			unlock := k.lock(fmt.Sprint(key))
			if n := inside[key].Add(1); n != 1 {
				t.Errorf("key %d held by %d at once", key, n)
			}
			inside[key].Add(-1)
			unlock()
		}(i)
	}
	wg.Wait()
	for i := 0; i < 1000; i++ {
		k.lock(fmt.Sprintf("session-%d", i))()
	}
	if n := k.size(); n != 0 {
		t.Fatalf("%d keys kept after every lock was released", n)
	}
}
