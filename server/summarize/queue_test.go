package summarize

import "testing"

func TestQueue_FIFOWithoutDuplicatesAndBounded(t *testing.T) {
	q := newQueue(2)
	a, b, c := job{uid: "u", id: "a"}, job{uid: "u", id: "b"}, job{uid: "u", id: "c"}
	for _, j := range []job{a, a, b} { // a twice: the duplicate is accepted, not queued again
		if !q.push(j) {
			t.Fatalf("push %v refused", j)
		}
	}
	if q.size() != 2 {
		t.Fatalf("a duplicate must not queue twice: %d", q.size())
	}
	if q.push(c) {
		t.Fatal("a full queue must refuse")
	}
	got, _ := q.pop()
	if got != a {
		t.Fatalf("pop %v", got)
	}
	if !q.push(a) || q.size() != 1 {
		t.Fatal("a job being worked on is not queued again")
	}
	q.done(a)
	if !q.push(a) || q.size() != 2 {
		t.Fatal("after done, the recording may be queued again")
	}
	select {
	case <-q.wake:
	default:
		t.Fatal("pushing must wake a worker")
	}
}
