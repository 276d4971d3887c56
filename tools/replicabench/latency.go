package main

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/websocket"
)

// receipt is one event a socket got, and when.
type receipt struct {
	recording string
	at        time.Time
}

// listen opens a live-events socket on base as token's user and sends each
// recording.updated it receives to the returned channel.
func listen(base, origin, token string) (*websocket.Conn, <-chan receipt, error) {
	h := http.Header{"Origin": []string{origin}}
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(base, "http")+"/api/v1/events", h) //nolint:bodyclose // a websocket handshake answer needs no Close (gorilla/websocket)
	if err != nil {
		return nil, nil, err
	}
	if err := conn.WriteJSON(map[string]string{"type": "auth", "token": token}); err != nil {
		_ = conn.Close() // the write error is the one to report
		return nil, nil, err
	}
	var hello struct{ Type string }
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if err := conn.ReadJSON(&hello); err != nil || hello.Type != "hello" {
		_ = conn.Close() // the sign-in's failure is the one to report
		if err == nil {
			err = fmt.Errorf("first message %q", hello.Type)
		}
		return nil, nil, fmt.Errorf("socket on %s: no hello: %w", base, err)
	}
	_ = conn.SetReadDeadline(time.Time{})
	out := make(chan receipt, 1024)
	go func() {
		defer close(out)
		for {
			var m struct {
				Type, RecordingID string
			}
			if err := conn.ReadJSON(&m); err != nil {
				return
			}
			if m.Type == "recording.updated" {
				out <- receipt{m.RecordingID, time.Now()}
			}
		}
	}()
	return conn, out, nil
}

// awaitEvent waits for id's event on c, for at most 5 s.
func awaitEvent(c <-chan receipt, id string) (time.Time, bool) {
	timeout := time.After(5 * time.Second)
	for {
		select {
		case r, ok := <-c:
			if !ok {
				return time.Time{}, false
			}
			if r.recording == id {
				return r.at, true
			}
		case <-timeout:
			return time.Time{}, false
		}
	}
}

func runLatency(o options) error {
	tokens, err := tokensFor(o, 1)
	if err != nil {
		return err
	}
	token := tokens[0]
	first, last := o.urls[0], o.urls[len(o.urls)-1]
	const recordings = 10
	for i := range recordings {
		if err := upload(first, token, fmt.Sprintf("lat-%s-%d", runID, i)); err != nil {
			return err
		}
	}
	same, sameC, err := listen(first, o.origin, token)
	if err != nil {
		return err
	}
	defer func() { _ = same.Close() }() // the run is over
	other, otherC, err := listen(last, o.origin, token)
	if err != nil {
		return err
	}
	defer func() { _ = other.Close() }() // the run is over
	var write, onSame, onOther []time.Duration
	missed := 0
	for i := range o.edits {
		id := fmt.Sprintf("lat-%s-%d", runID, i%recordings)
		start := time.Now()
		if err := rename(first, token, id, fmt.Sprintf("Latency %d", i)); err != nil {
			return err
		}
		write = append(write, time.Since(start))
		for _, s := range []struct {
			c   <-chan receipt
			out *[]time.Duration
		}{{sameC, &onSame}, {otherC, &onOther}} {
			if at, ok := awaitEvent(s.c, id); ok {
				*s.out = append(*s.out, at.Sub(start))
			} else {
				missed++
				fmt.Printf("edit %d of %s: no event within 5 s\n", i, id)
			}
		}
	}
	fmt.Printf("| %s | write answered (PUT through replica 1) | %d | %s |\n", o.label, len(write), summary(write))
	fmt.Printf("| %s | event on a socket on the same replica | %d | %s |\n", o.label, len(onSame), summary(onSame))
	if len(o.urls) > 1 {
		fmt.Printf("| %s | event on a socket on replica %d | %d | %s |\n", o.label, len(o.urls), len(onOther), summary(onOther))
	}
	if missed > 0 {
		return fmt.Errorf("%d events not received within 5 s", missed)
	}
	return nil
}
