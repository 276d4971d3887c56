package natsbus_test

import (
	"testing"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/natsbus"
	"github.com/pocket-companion/pocket/tests/natstest"
)

// The added cost of a replicated Publish: the writer waits for the broker's
// confirmation (docs/benchmarks.md, "Event fan-out over NATS").
func BenchmarkPublish(b *testing.B) {
	e := events.Event{Type: events.RecordingUpdated, UserID: "0123456789abcdef0123456789ab", RecordingID: "rec-1", Seq: 1}
	b.Run("in-process", func(b *testing.B) {
		bus := events.NewBus()
		defer bus.Listen(func(events.Event) {})()
		for b.Loop() {
			bus.Publish(e)
		}
	})
	for _, parallel := range []bool{false, true} {
		name := "nats"
		if parallel {
			name = "nats-parallel"
		}
		b.Run(name, func(b *testing.B) {
			broker := natstest.Start(b)
			bus := events.NewBus()
			defer bus.Listen(func(events.Event) {})()
			f, err := natsbus.Attach(broker.Connect(b, "a"), bus)
			if err != nil {
				b.Fatal(err)
			}
			defer f.Detach()
			// Another replica receives everything, as in a deployment.
			other, err := natsbus.Attach(broker.Connect(b, "b"), events.NewBus())
			if err != nil {
				b.Fatal(err)
			}
			defer other.Detach()
			if parallel {
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						bus.Publish(e)
					}
				})
			} else {
				for b.Loop() {
					bus.Publish(e)
				}
			}
			if f.Stats().Failed.Load() != 0 {
				b.Fatalf("%d publishes failed", f.Stats().Failed.Load())
			}
		})
	}
}
