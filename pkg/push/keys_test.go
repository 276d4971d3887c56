package push_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/push"
)

func TestLoadOrCreateKeys_GeneratesOnceAndKeepsThem(t *testing.T) {
	dir := t.TempDir()
	first, err := push.LoadOrCreateKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	again, err := push.LoadOrCreateKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	if first != again || len(first.Public) != 87 {
		t.Fatalf("keys %v then %v", first.Public, again.Public)
	}
	info, err := os.Stat(filepath.Join(dir, "keys", "vapid.json"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, mode %v", err, info.Mode())
	}
	other, _ := push.LoadOrCreateKeys(t.TempDir())
	if other == first {
		t.Fatal("two data directories got the same keys")
	}
}

func TestLoadOrCreateKeys_RefusesADamagedFile(t *testing.T) {
	dir := t.TempDir()
	_ = os.MkdirAll(filepath.Join(dir, "keys"), 0o700)
	_ = os.WriteFile(filepath.Join(dir, "keys", "vapid.json"), []byte(`{"publicKey":"x","privateKey":"y"}`), 0o600)
	if _, err := push.LoadOrCreateKeys(dir); err == nil || !strings.Contains(err.Error(), "vapid.json") {
		t.Fatalf("error %v", err)
	}
}

func TestParseKeys(t *testing.T) {
	a, _ := push.LoadOrCreateKeys(t.TempDir())
	b, _ := push.LoadOrCreateKeys(t.TempDir())
	if k, err := push.ParseKeys(a.Public+"=", a.Private+"="); err != nil || k != a {
		t.Fatalf("padded keys: %v %v", k, err)
	}
	for name, pair := range map[string][2]string{
		"mismatched":    {a.Public, b.Private},
		"public short":  {a.Public[:40], a.Private},
		"private empty": {a.Public, ""},
		"not base64":    {"***", a.Private},
	} {
		if _, err := push.ParseKeys(pair[0], pair[1]); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func TestCheckSubject(t *testing.T) {
	for subject, ok := range map[string]bool{
		"mailto:ops@pocket.example": true, "https://pocket.example": true,
		"ops@pocket.example": false, "http://pocket.example": false, "mailto:": false, "": false,
	} {
		if err := push.CheckSubject(subject); (err == nil) != ok {
			t.Errorf("%q: error %v", subject, err)
		}
	}
}
