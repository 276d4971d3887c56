// Package ids makes the identifiers the server mints for stored things.
package ids

import (
	"crypto/rand"
	"fmt"
)

// UUID returns a random UUID (version 4), the id shape devices use for
// recordings, so ids the server mints look like theirs.
func UUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read does not fail on supported platforms
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
