package ids

import (
	"regexp"
	"testing"
)

func TestUUIDIsVersion4AndUnique(t *testing.T) {
	shape := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id := UUID()
		if !shape.MatchString(id) {
			t.Fatalf("UUID() = %q, not a version 4 UUID", id)
		}
		if seen[id] {
			t.Fatalf("UUID() repeated %q", id)
		}
		seen[id] = true
	}
}
