package pushtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Message is one push the service accepted: the decrypted payload and the
// VAPID claims that came with it.
type Message struct {
	Device  *Device
	Payload []byte
	Header  http.Header
	Claims  jwt.MapClaims
}

// Reply is a scripted answer of the service to one request.
type Reply struct {
	Status     int    `json:"status"`
	RetryAfter string `json:"retryAfter"`
	Location   string `json:"location"`
}

// Service is the push service. It rejects (400) and records as a failure any
// request whose VAPID token or encryption is wrong.
type Service struct {
	// URL is where the service is reached; Start sets it.
	URL       string
	publicKey string // the server's VAPID key it must sign with
	subject   string

	mu       sync.Mutex
	devices  map[string]*Device
	replies  map[string][]Reply
	messages []Message
	failures []string
	requests map[string]int
	arrived  chan struct{}
}

// New is a push service expecting tokens signed by vapidPublicKey with sub =
// subject. An empty vapidPublicKey trusts the key the request names (it still
// checks the signature with it); an empty subject accepts any.
func New(vapidPublicKey, subject string) *Service {
	return &Service{publicKey: vapidPublicKey, subject: subject, devices: map[string]*Device{},
		replies: map[string][]Reply{}, requests: map[string]int{}, arrived: make(chan struct{}, 1024)}
}

// Start runs New's service on a loopback port until the test ends.
func Start(t testing.TB, vapidPublicKey, subject string) *Service {
	s := New(vapidPublicKey, subject)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// NewDevice subscribes a new device at /push/<name>.
func (s *Service) NewDevice(name string) *Device {
	d := NewDevice(s.URL + "/push/" + name)
	s.mu.Lock()
	s.devices["/push/"+name] = d
	s.mu.Unlock()
	return d
}

// Script sets the answers to the device's next requests; after them, 201.
func (s *Service) Script(d *Device, replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.replies[pathOf(d.Endpoint)] = replies
}

func pathOf(endpoint string) string {
	_, rest, _ := strings.Cut(endpoint, "/push/")
	return "/push/" + rest
}

// ServeHTTP answers pushes addressed to /push/<device>.
func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.signal()
	s.requests[r.URL.Path]++
	d := s.devices[r.URL.Path]
	if d == nil {
		http.NotFound(w, r)
		return
	}
	if next := s.replies[r.URL.Path]; len(next) > 0 {
		s.replies[r.URL.Path] = next[1:]
		if next[0].RetryAfter != "" {
			w.Header().Set("Retry-After", next[0].RetryAfter)
		}
		if next[0].Location != "" {
			w.Header().Set("Location", next[0].Location)
		}
		w.WriteHeader(next[0].Status)
		return
	}
	msg, err := s.check(r, d, body)
	if err != nil {
		s.failures = append(s.failures, err.Error())
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.messages = append(s.messages, msg)
	w.WriteHeader(http.StatusCreated)
}

func (s *Service) check(r *http.Request, d *Device, body []byte) (Message, error) {
	if r.Method != http.MethodPost || r.Header.Get("Content-Encoding") != "aes128gcm" {
		return Message{}, fmt.Errorf("want POST with Content-Encoding aes128gcm, got %s %q", r.Method, r.Header.Get("Content-Encoding"))
	}
	if ttl, err := strconv.Atoi(r.Header.Get("TTL")); err != nil || ttl <= 0 {
		return Message{}, fmt.Errorf("TTL header %q is not a positive number", r.Header.Get("TTL"))
	}
	claims, err := s.verifyVAPID(r.Header.Get("Authorization"), d.Endpoint)
	if err != nil {
		return Message{}, fmt.Errorf("vapid: %w", err)
	}
	plain, err := d.Decrypt(body)
	if err != nil {
		return Message{}, err
	}
	return Message{Device: d, Payload: plain, Header: r.Header.Clone(), Claims: claims}, nil
}

// verifyVAPID checks `vapid t=<JWT>, k=<key>` (RFC 8292 §3): the key is the
// server's, the token is ES256-signed by it, its audience is the endpoint's
// origin, it expires in the future but within 24 hours, and sub is the contact.
func (s *Service) verifyVAPID(header, endpoint string) (jwt.MapClaims, error) {
	params, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return nil, fmt.Errorf("authorization %q is not the vapid scheme", header)
	}
	var token, key string
	for _, p := range strings.Split(params, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(p), "=")
		switch name {
		case "t":
			token = value
		case "k":
			key = value
		}
	}
	if s.publicKey != "" && key != s.publicKey {
		return nil, fmt.Errorf("k=%q is not the server's public key %q", key, s.publicKey)
	}
	raw, err := base64.RawURLEncoding.DecodeString(key)
	if err != nil {
		return nil, err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return nil, err
	}
	claims := jwt.MapClaims{}
	_, err = jwt.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return pub, nil },
		jwt.WithValidMethods([]string{"ES256"}), jwt.WithExpirationRequired(), jwt.WithAudience(origin(endpoint)))
	if err != nil {
		return nil, err
	}
	exp, _ := claims.GetExpirationTime()
	if exp.After(time.Now().Add(24 * time.Hour)) {
		return nil, fmt.Errorf("exp %v is more than 24 hours ahead", exp)
	}
	if sub, _ := claims.GetSubject(); sub == "" || (s.subject != "" && sub != s.subject) {
		return nil, fmt.Errorf("sub = %q, want %q", sub, s.subject)
	}
	return claims, nil
}

func origin(endpoint string) string {
	scheme, rest, _ := strings.Cut(endpoint, "://")
	host, _, _ := strings.Cut(rest, "/")
	return scheme + "://" + host
}

// Device returns the device created under name, or nil.
func (s *Service) Device(name string) *Device {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.devices["/push/"+name]
}

// Messages are the pushes accepted so far.
func (s *Service) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// Failures are the requests rejected for a bad token or encryption.
func (s *Service) Failures() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.failures...)
}

// Requests counts the requests addressed to the device, answered in any way.
func (s *Service) Requests(d *Device) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[pathOf(d.Endpoint)]
}

// WaitMessages waits until n pushes were accepted, or fails the test.
func (s *Service) WaitMessages(t testing.TB, n int) []Message {
	t.Helper()
	return s.wait(t, func() bool { return len(s.Messages()) >= n }, fmt.Sprintf("%d accepted pushes", n))
}

// WaitRequests waits until the device received n requests, or fails the test.
func (s *Service) WaitRequests(t testing.TB, d *Device, n int) {
	t.Helper()
	s.wait(t, func() bool { return s.Requests(d) >= n }, fmt.Sprintf("%d requests to %s", n, d.Endpoint))
}

func (s *Service) wait(t testing.TB, done func() bool, what string) []Message {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for !done() {
		select {
		case <-s.arrived:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatalf("pushtest: waited 10 s for %s; failures: %v", what, s.Failures())
		}
	}
	return s.Messages()
}

// signal wakes a waiter; waiters also poll, so a full channel loses nothing.
func (s *Service) signal() {
	select {
	case s.arrived <- struct{}{}:
	default:
	}
}
