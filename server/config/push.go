package config

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/pocket-companion/pocket/pkg/push"
)

// finishPush validates the Web Push settings and fills in the subject.
func (c *Config) finishPush() error {
	p := &c.Push
	if (p.VAPIDPublicKey == "") != (p.VAPIDPrivateKey == "") {
		return errors.New("config: POCKET_VAPID_PUBLIC_KEY and POCKET_VAPID_PRIVATE_KEY must be set together, or neither to use a key pair generated into the data directory")
	}
	if p.VAPIDPublicKey != "" {
		keys, err := push.ParseKeys(p.VAPIDPublicKey, p.VAPIDPrivateKey)
		if err != nil {
			return fmt.Errorf("config: POCKET_VAPID_PUBLIC_KEY/POCKET_VAPID_PRIVATE_KEY: %w", err)
		}
		p.VAPIDPublicKey, p.VAPIDPrivateKey = keys.Public, keys.Private
	}
	if p.VAPIDSubject == "" {
		p.VAPIDSubject = c.defaultVAPIDSubject()
	}
	if err := push.CheckSubject(p.VAPIDSubject); err != nil {
		return fmt.Errorf("config: POCKET_VAPID_SUBJECT: %w", err)
	}
	switch p.AllowLoopback {
	case "", "0", "1":
	default:
		return fmt.Errorf("config: POCKET_PUSH_ALLOW_LOOPBACK %q must be 1 or unset", p.AllowLoopback)
	}
	return p.parseHosts()
}

// parseHosts reads POCKET_PUSH_HOSTS: a list that names no host would refuse
// every device, so it is an error, as is an address (the server never sends
// to one).
func (p *Push) parseHosts() error {
	p.hosts = nil
	for _, h := range strings.Split(p.Hosts, ",") {
		h = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(h)), ".")
		if h == "" {
			continue
		}
		if err := push.CheckHostPattern(h); err != nil {
			return fmt.Errorf("config: POCKET_PUSH_HOSTS: %w", err)
		}
		p.hosts = append(p.hosts, h)
	}
	if len(p.hosts) == 0 {
		return errors.New("config: POCKET_PUSH_HOSTS must name at least one push service's host")
	}
	return nil
}

// defaultVAPIDSubject is how a push service's operator can reach whoever runs
// this server: its https site when it has one, otherwise its mail sender.
func (c *Config) defaultVAPIDSubject() string {
	if strings.HasPrefix(c.PublicURL, "https://") {
		return c.PublicURL
	}
	if a, err := mail.ParseAddress(c.MailFrom); err == nil {
		return "mailto:" + a.Address
	}
	return "mailto:no-reply@localhost"
}
