package config

import (
	"fmt"
	"net/netip"
	"strings"
)

// finishTrustedProxies parses the comma-separated CIDRs; a bare address is
// taken as its own /32 or /128.
func (c *Config) finishTrustedProxies() error {
	c.TrustedProxies = nil
	for _, item := range strings.Split(c.trustedProxiesRaw, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		p, err := parseProxy(item)
		if err != nil {
			return fmt.Errorf("config: POCKET_TRUSTED_PROXIES: %q is not a CIDR such as 172.16.0.0/12 or an address", item)
		}
		c.TrustedProxies = append(c.TrustedProxies, p)
	}
	return nil
}

func parseProxy(s string) (netip.Prefix, error) {
	if p, err := netip.ParsePrefix(s); err == nil {
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}
