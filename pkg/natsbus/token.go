package natsbus

import (
	"encoding/base64"
	"net/url"
	"strings"
)

// Token is uid as one token of a NATS subject or key-value key, which allow
// only [-/_=.A-Za-z0-9] in keys and no '.', '*', '>' or spaces in tokens.
// The server's own uids (hex) and most providers' are kept as they are, so
// subjects stay readable; any other uid becomes "=" and its base64url, which
// no kept uid can equal since '=' is not among the kept characters.
func Token(uid string) string {
	if uid != "" && plain(uid) {
		return uid
	}
	return "=" + base64.RawURLEncoding.EncodeToString([]byte(uid))
}

func plain(s string) bool {
	for _, r := range s {
		ok := r == '-' || r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !ok {
			return false
		}
	}
	return true
}

// RedactURL is a (comma-separated) server list as it may be logged or
// printed: passwords and tokens hidden.
func RedactURL(raw string) string {
	parts := strings.Split(raw, ",")
	for i, p := range parts {
		u, err := url.Parse(strings.TrimSpace(p))
		if err != nil {
			parts[i] = "[unparsable]"
			continue
		}
		parts[i] = u.Redacted()
		if u.User != nil {
			if _, hasPass := u.User.Password(); !hasPass {
				// nats://TOKEN@host: the user part is the secret.
				u.User = url.User("redacted")
				parts[i] = u.String()
			}
		}
	}
	return strings.Join(parts, ",")
}
