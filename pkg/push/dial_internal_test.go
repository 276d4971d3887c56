package push

import (
	"errors"
	"testing"
)

func TestCheckDialAddress_RefusesWhatIsNotThePublicInternet(t *testing.T) {
	strict, lenient := EndpointPolicy{}, EndpointPolicy{AllowLoopback: true}
	cases := []struct {
		address       string
		strict, tests bool // allowed without, and with, AllowLoopback
	}{
		{"142.250.74.10:443", true, true},
		{"[2a00:1450:4001:82a::200a]:443", true, true},
		{"142.250.74.10:8443", false, false},
		{"127.0.0.1:443", false, true},
		{"127.0.0.1:9500", false, true},
		{"[::1]:443", false, true},
		{"[::ffff:127.0.0.1]:443", false, true},
		{"10.0.0.1:443", false, false},
		{"172.16.5.4:443", false, false},
		{"192.168.1.1:443", false, false},
		{"169.254.169.254:443", false, false},
		{"100.64.0.1:443", false, false},
		{"0.0.0.0:443", false, false},
		{"224.0.0.1:443", false, false},
		{"255.255.255.255:443", false, false},
		{"198.18.0.1:443", false, false},
		{"[::ffff:10.0.0.1]:443", false, false},
		{"[::ffff:169.254.169.254]:443", false, false},
		{"[fe80::1]:443", false, false},
		{"[fd00::1]:443", false, false},
		{"[ff02::1]:443", false, false},
		{"[::]:443", false, false},
		{"[64:ff9b::a00:1]:443", false, false},      // NAT64 of 10.0.0.1
		{"[2002:a00:1::1]:443", false, false},       // 6to4 of 10.0.0.1
		{"[2001:db8::1]:443", false, false},         // documentation
		{"[2001:0:4136:e378::1]:443", false, false}, // Teredo
	}
	for _, c := range cases {
		for _, p := range []struct {
			policy EndpointPolicy
			want   bool
		}{{strict, c.strict}, {lenient, c.tests}} {
			err := p.policy.checkDialAddress("tcp", c.address, nil)
			if (err == nil) != p.want || (err != nil && !errors.Is(err, ErrEndpointNotAllowed)) {
				t.Errorf("%s (AllowLoopback %v): error %v, want allowed=%v", c.address, p.policy.AllowLoopback, err, p.want)
			}
		}
	}
}

func TestEndpointPolicy_HostPatterns(t *testing.T) {
	p := EndpointPolicy{}
	for host, want := range map[string]bool{
		"fcm.googleapis.com": true, "FCM.googleapis.com.": true, "updates.push.services.mozilla.com": true,
		"wns2-par02p.notify.windows.com": true, "notify.windows.com": false, "web.push.apple.com": true,
		"api.push.apple.com": true, "push.apple.com": false, "evilpush.apple.com": false,
		"fcm.googleapis.com.evil.example": false, "googleapis.com": false, "localhost": false,
	} {
		if got := p.allowsHost(host); got != want {
			t.Errorf("allowsHost(%q) = %v, want %v", host, got, want)
		}
	}
}
