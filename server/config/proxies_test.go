package config

import (
	"io"
	"net/netip"
	"slices"
	"testing"
)

func TestLoad_TrustedProxiesAreOffByDefaultAndParsed(t *testing.T) {
	c, err := Load("t", nil, envOf(nil), io.Discard)
	if err != nil || len(c.TrustedProxies) != 0 {
		t.Fatalf("default = %v, %v", c.TrustedProxies, err)
	}
	c, err = Load("t", nil, envOf(map[string]string{"POCKET_TRUSTED_PROXIES": " 172.16.0.0/12, 10.1.2.3 ,fd00::/8,192.168.1.7/24"}), io.Discard)
	want := []netip.Prefix{
		netip.MustParsePrefix("172.16.0.0/12"), netip.MustParsePrefix("10.1.2.3/32"),
		netip.MustParsePrefix("fd00::/8"), netip.MustParsePrefix("192.168.1.0/24"),
	}
	if err != nil || !slices.Equal(c.TrustedProxies, want) {
		t.Fatalf("parsed = %v, %v", c.TrustedProxies, err)
	}
	for _, bad := range []string{"proxy.local", "10.0.0.0/33", "10.0.0.0/8;"} {
		if _, err := Load("t", nil, envOf(map[string]string{"POCKET_TRUSTED_PROXIES": bad}), io.Discard); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
