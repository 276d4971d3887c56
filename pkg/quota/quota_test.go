package quota

import (
	"testing"
	"time"
)

func TestCountAndSize_ReadLikeAPerson(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		got, want string
	}{
		{Count(7), "7"}, {Count(1000), "1,000"}, {Count(50000), "50,000"}, {Count(1234567), "1,234,567"},
		{Size(512), "512 bytes"}, {Size(50 << 30), "50 GiB"}, {Size(1536 << 10), "1.5 MiB"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestUntilTomorrow_IsTheNextUTCMidnight(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 3, 4, 22, 30, 0, 0, time.UTC)
	if got := UntilTomorrow(now); got != 90*time.Minute {
		t.Fatalf("UntilTomorrow = %v, want 1h30m", got)
	}
}
