package config

import (
	"fmt"
	"strings"
	"time"
)

// SharePasswords are the POCKET_SHARE_PASSWORD_* settings as given; Load
// parses them into Attempts and Window.
type SharePasswords struct {
	attempts, window string
	// Attempts wrong passwords are answered per link, and per client
	// address, within Window; the next is refused until the window refills.
	Attempts int
	Window   time.Duration
}

func (c *Config) sharePasswordSettings() []setting {
	p := &c.SharePasswords
	return []setting{
		{"POCKET_SHARE_PASSWORD_ATTEMPTS", "5", "wrong passwords a protected share link takes, and one client address makes, within POCKET_SHARE_PASSWORD_WINDOW before the next is refused (429)", false, &p.attempts},
		{"POCKET_SHARE_PASSWORD_WINDOW", "15m", "the window of POCKET_SHARE_PASSWORD_ATTEMPTS: after it is spent, one more try every window/attempts", false, &p.window},
	}
}

func (c *Config) finishSharePasswords() error {
	p := &c.SharePasswords
	n, err := wholeNumber("POCKET_SHARE_PASSWORD_ATTEMPTS", p.attempts, 1)
	if err != nil {
		return err
	}
	d, err := time.ParseDuration(strings.TrimSpace(p.window))
	if err != nil || d < time.Second || d > 24*time.Hour {
		return fmt.Errorf("config: POCKET_SHARE_PASSWORD_WINDOW %q must be a duration from 1s to 24h", p.window)
	}
	p.Attempts, p.Window = n, d
	return nil
}
