package config

import (
	"fmt"
	"strings"
	"time"
)

// SharePasswords are the POCKET_SHARE_PASSWORD_* settings as given; Load
// parses them into Attempts and Window.
type SharePasswords struct {
	attempts, clientAttempts, window string
	// Attempts wrong passwords are answered per link, and ClientAttempts per
	// client address (across links), within Window; the next is refused.
	Attempts, ClientAttempts int
	Window                   time.Duration
}

func (c *Config) sharePasswordSettings() []setting {
	p := &c.SharePasswords
	return []setting{
		{"POCKET_SHARE_PASSWORD_ATTEMPTS", "5", "wrong passwords a protected share link takes within POCKET_SHARE_PASSWORD_WINDOW before the next is refused (429), from every client together", false, &p.attempts},
		{"POCKET_SHARE_PASSWORD_CLIENT_ATTEMPTS", "20", "wrong passwords one client address gives, across all links, within POCKET_SHARE_PASSWORD_WINDOW before the next is refused (429)", false, &p.clientAttempts},
		{"POCKET_SHARE_PASSWORD_WINDOW", "15m", "the window of both limits on wrong share-link passwords: once one is spent, one more try every window/attempts", false, &p.window},
	}
}

func (c *Config) finishSharePasswords() error {
	p := &c.SharePasswords
	n, err := wholeNumber("POCKET_SHARE_PASSWORD_ATTEMPTS", p.attempts, 1)
	if err != nil {
		return err
	}
	perClient, err := wholeNumber("POCKET_SHARE_PASSWORD_CLIENT_ATTEMPTS", p.clientAttempts, 1)
	if err != nil {
		return err
	}
	d, err := time.ParseDuration(strings.TrimSpace(p.window))
	if err != nil || d < time.Second || d > 24*time.Hour {
		return fmt.Errorf("config: POCKET_SHARE_PASSWORD_WINDOW %q must be a duration from 1s to 24h", p.window)
	}
	p.Attempts, p.ClientAttempts, p.Window = n, perClient, d
	return nil
}
