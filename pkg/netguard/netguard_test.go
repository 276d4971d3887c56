package netguard_test

import (
	"errors"
	"testing"

	"github.com/pocket-companion/pocket/pkg/netguard"
)

// The full table of ranges is pkg/push's TestCheckDialAddress_…, which
// goes through this guard; here, what webhooks rely on: any port, and
// every inside address refused.
func TestPublicOnly_RefusesInsideAddressesOnAnyPort(t *testing.T) {
	for address, public := range map[string]bool{
		"142.250.74.10:443": true, "142.250.74.10:8080": true, "[2a00:1450:4001:82a::200a]:9000": true,
		"127.0.0.1:8080": false, "10.1.2.3:443": false, "169.254.169.254:80": false, "[::1]:80": false,
		"[fd00::1]:443": false, "[::ffff:192.168.1.1]:80": false, "not an address": false,
	} {
		err := netguard.PublicOnly("tcp", address, nil)
		if (err == nil) != public || (err != nil && !errors.Is(err, netguard.ErrNotPublic)) {
			t.Errorf("%s: %v, want public=%v", address, err, public)
		}
	}
}
