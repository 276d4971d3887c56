package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
)

// replica answers with its name, and on /ws echoes one message prefixed with it.
func replica(t *testing.T, name string) *httptest.Server {
	t.Helper()
	upgrader := websocket.Upgrader{}
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/ws" {
			w.Header().Set("X-Seen-Host", r.Host)
			_, _ = io.WriteString(w, name)
			return
		}
		conn, err := upgrader.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer conn.Close()
		_, msg, err := conn.ReadMessage()
		if err == nil {
			_ = conn.WriteMessage(websocket.TextMessage, []byte(name+":"+string(msg)))
		}
	}))
	t.Cleanup(s.Close)
	return s
}

func balancer(t *testing.T) *httptest.Server {
	t.Helper()
	b, err := New([]string{replica(t, "a").URL, replica(t, "b").URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := httptest.NewServer(b)
	t.Cleanup(s.Close)
	return s
}

func get(t *testing.T, url string, pin string) (body, servedBy, seenHost string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if pin != "" {
		req.AddCookie(&http.Cookie{Name: PinCookie, Value: pin})
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b), res.Header.Get(ReplicaHeader), res.Header.Get("X-Seen-Host")
}

func TestRequestsAlternateAndNameTheirReplica(t *testing.T) {
	lb := balancer(t)
	var got []string
	for range 4 {
		body, by, host := get(t, lb.URL+"/x", "")
		got = append(got, body+by)
		// The balancer's own address reaches the replica as the Host: Origin and redirect checks see it.
		if host != strings.TrimPrefix(lb.URL, "http://") {
			t.Errorf("replica saw Host %q, want the balancer's", host)
		}
	}
	if strings.Join(got, " ") != "a0 b1 a0 b1" {
		t.Errorf("served by %v, want a0 b1 a0 b1", got)
	}
}

func TestCookiePinsOneReplica(t *testing.T) {
	lb := balancer(t)
	for range 3 {
		if body, by, _ := get(t, lb.URL+"/x", "1"); body != "b" || by != "1" {
			t.Fatalf("pinned to 1, served by %q (header %q)", body, by)
		}
	}
	// A value naming no replica is ignored: round robin.
	if _, by, _ := get(t, lb.URL+"/x", "7"); by != "0" {
		t.Errorf("unknown pin served by %q, want the next in turn (0)", by)
	}
}

func TestWebSocketsPassThroughToThePinnedReplica(t *testing.T) {
	lb := balancer(t)
	for _, pin := range []string{"0", "1"} {
		header := http.Header{"Cookie": {PinCookie + "=" + pin}}
		conn, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(lb.URL, "http")+"/ws", header)
		if err != nil {
			t.Fatal(err)
		}
		if res.Header.Get(ReplicaHeader) != pin {
			t.Errorf("upgrade answered by %q, want %s", res.Header.Get(ReplicaHeader), pin)
		}
		if err := conn.WriteMessage(websocket.TextMessage, []byte("hi")); err != nil {
			t.Fatal(err)
		}
		_, msg, err := conn.ReadMessage()
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"0": "a:hi", "1": "b:hi"}[pin]
		if string(msg) != want {
			t.Errorf("echo %q, want %q", msg, want)
		}
		_ = conn.Close()
	}
}

func TestNoReplicaOrABadOneIsRefused(t *testing.T) {
	if _, err := New(nil, nil); err == nil {
		t.Error("no replica accepted")
	}
	if _, err := New([]string{"not a url"}, nil); err == nil {
		t.Error("a replica without a host accepted")
	}
}
