package events

import (
	"sync"
	"testing"
	"time"
)

// receive takes what is buffered in s without waiting for more.
func receive(s *Subscription) []Event {
	var got []Event
	for {
		select {
		case e, ok := <-s.C:
			if !ok {
				return got
			}
			got = append(got, e)
		default:
			return got
		}
	}
}

func TestPublish_FansOutToEverySubscriber(t *testing.T) {
	bus := NewBus()
	subs := []*Subscription{bus.Subscribe(4), bus.Subscribe(4), bus.Subscribe(4)}
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	bus.Publish(Event{Type: RecordingCreated, UserID: "u1", RecordingID: "r1", At: at})
	bus.Publish(Event{Type: SummaryReady, UserID: "u1", RecordingID: "r1"})

	for i, s := range subs {
		got := receive(s)
		if len(got) != 2 || got[0].Type != RecordingCreated || got[1].Type != SummaryReady {
			t.Fatalf("subscriber %d got %+v", i, got)
		}
		if !got[0].At.Equal(at) {
			t.Errorf("subscriber %d: a given time must be kept, got %v", i, got[0].At)
		}
		if got[1].At.IsZero() || got[1].At.Location() != time.UTC {
			t.Errorf("subscriber %d: a missing time is stamped now in UTC, got %v", i, got[1].At)
		}
		if s.Dropped() != 0 {
			t.Errorf("subscriber %d dropped %d", i, s.Dropped())
		}
	}
}

func TestPublish_AFullSubscriberDropsAndNobodyWaits(t *testing.T) {
	bus := NewBus()
	slow := bus.Subscribe(1)
	deaf := bus.Subscribe(0) // unbuffered and never read
	roomy := bus.Subscribe(10)

	published := make(chan struct{})
	go func() {
		for i := 0; i < 5; i++ {
			bus.Publish(Event{Type: RecordingUpdated, RecordingID: string(rune('a' + i))})
		}
		close(published)
	}()
	select {
	case <-published:
	case <-time.After(5 * time.Second):
		t.Fatal("Publish blocked on a subscriber that does not read")
	}

	if n := len(receive(roomy)); n != 5 || roomy.Dropped() != 0 {
		t.Errorf("a subscriber with room got %d and dropped %d", n, roomy.Dropped())
	}
	if got := receive(slow); len(got) != 1 || got[0].RecordingID != "a" || slow.Dropped() != 4 {
		t.Errorf("a one-slot subscriber got %+v and dropped %d; want the first event and 4 dropped", got, slow.Dropped())
	}
	if deaf.Dropped() != 5 {
		t.Errorf("an unbuffered subscriber that never reads dropped %d, want 5", deaf.Dropped())
	}
}

func TestClose_StopsDeliveryClosesTheChannelAndIsIdempotent(t *testing.T) {
	bus := NewBus()
	gone := bus.Subscribe(4)
	staying := bus.Subscribe(4)
	bus.Publish(Event{Type: ChatMessage})
	gone.Close()
	gone.Close()
	bus.Publish(Event{Type: RecordingDeleted})

	// What was buffered before Close is still read, then the channel ends.
	got := receive(gone)
	if len(got) != 1 || got[0].Type != ChatMessage {
		t.Fatalf("closed subscriber got %+v", got)
	}
	if _, open := <-gone.C; open {
		t.Fatal("the channel of a closed subscription stays open")
	}
	if gone.Dropped() != 0 {
		t.Errorf("events after Close count as dropped: %d", gone.Dropped())
	}
	if n := len(receive(staying)); n != 2 {
		t.Errorf("the other subscriber got %d events, want 2", n)
	}
}

// TestBus_ConcurrentPublishSubscribeAndClose is for `go test -race`: a send on
// a channel Close has closed would panic, and unguarded map access would race.
func TestBus_ConcurrentPublishSubscribeAndClose(t *testing.T) {
	bus := NewBus()
	var wg sync.WaitGroup
	for p := 0; p < 4; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				bus.Publish(Event{Type: RecordingUpdated, UserID: "u1"})
			}
		}()
	}
	for s := 0; s < 8; s++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				sub := bus.Subscribe(i % 3)
				receive(sub)
				sub.Close()
				wg.Add(1)
				go func() { defer wg.Done(); sub.Close() }() // a second Close from elsewhere is harmless
				for range sub.C {
				}
			}
		}()
	}
	wg.Wait()
	bus.mu.RLock()
	defer bus.mu.RUnlock()
	if n := len(bus.subs); n != 0 {
		t.Fatalf("%d subscriptions are still registered after every one was closed", n)
	}
}

// fanoutRecorder is another replica's side of a fan-out, as far as the bus sees it.
type fanoutRecorder struct{ sent []Event }

func (f *fanoutRecorder) Publish(e Event) { f.sent = append(f.sent, e) }

func TestFanout_GetsWhatIsPublishedHereAndNothingDeliveredFromElsewhere(t *testing.T) {
	bus := NewBus()
	var heard []Event
	defer bus.Listen(func(e Event) { heard = append(heard, e) })()
	out := &fanoutRecorder{}
	restore := bus.SetFanout(out)

	bus.Publish(Event{Type: RecordingCreated, UserID: "u1", RecordingID: "r1", Seq: 5})
	bus.DeliverRemote(Event{Type: RecordingUpdated, UserID: "u1", RecordingID: "r2", Seq: 9})
	if len(out.sent) != 1 || out.sent[0].RecordingID != "r1" || out.sent[0].At.IsZero() {
		t.Fatalf("fanned out %+v, want the local event only, stamped", out.sent)
	}
	if len(heard) != 2 || heard[0].Remote || heard[0].Seq != 5 || !heard[1].Remote || heard[1].Seq != 0 {
		t.Fatalf("listener heard %+v: want the local event with its Seq, then the remote one marked and without Seq", heard)
	}
	restore()
	bus.Publish(Event{Type: RecordingDeleted, UserID: "u1"})
	if len(out.sent) != 1 {
		t.Fatal("a restored bus still fans out")
	}
}
