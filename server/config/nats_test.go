package config

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestLoad_NATSIsOffByDefault(t *testing.T) {
	c, err := Load("t", nil, envOf(nil), io.Discard)
	if err != nil || c.NATSEnabled() {
		t.Fatalf("default: NATS enabled=%v, %v", c.NATSEnabled(), err)
	}
}

func TestLoad_NATSNeedsOneVAPIDPairForEveryReplica(t *testing.T) {
	_, err := Load("t", nil, envOf(map[string]string{"POCKET_NATS_URL": "nats://nats:4222"}), io.Discard)
	if !errors.Is(err, ErrNATSNeedsVAPIDKeys) || !strings.Contains(err.Error(), "POCKET_VAPID_PUBLIC_KEY") {
		t.Fatalf("NATS with generated VAPID keys: %v", err)
	}
	c, err := Load("t", nil, envOf(map[string]string{
		"POCKET_NATS_URL":          "nats://pocket:hunter2@nats-1:4222, nats://nats-2:4222",
		"POCKET_VAPID_PUBLIC_KEY":  testVAPIDPublic,
		"POCKET_VAPID_PRIVATE_KEY": testVAPIDPrivate,
	}), io.Discard)
	if err != nil || !c.NATSEnabled() {
		t.Fatalf("NATS with given keys: %v", err)
	}
	if printed := c.Redacted()["POCKET_NATS_URL"]; strings.Contains(printed, "hunter2") || !strings.Contains(printed, "nats-2:4222") {
		t.Fatalf("printed as %q", printed)
	}
}

func TestLoad_NATSURLMustNameANATSServer(t *testing.T) {
	for _, bad := range []string{"nats-1:4222", "http://u:hunter2@nats:4222", "nats://", "nats://a:4222,redis://b"} {
		env := envOf(map[string]string{"POCKET_NATS_URL": bad, "POCKET_VAPID_PUBLIC_KEY": testVAPIDPublic, "POCKET_VAPID_PRIVATE_KEY": testVAPIDPrivate})
		if _, err := Load("t", nil, env, io.Discard); err == nil || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%q: %v (want an error that does not repeat the URL, which may hold a password)", bad, err)
		}
	}
}
