package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/ratelimit"
)

// Quotas are the per-user limits (POCKET_QUOTA_*), as given and parsed. The
// defaults are far above what a person's own use reaches; 0 means no limit.
type Quotas struct {
	recordings, bytes, uploadsPerDay, shareLinks, pushSubscriptions, folders, speakers, chatPerMinute string
	accessTokens, tokenRequests, webhooks, templates                                                  string
	highlights                                                                                        string
	// Limits is the settings parsed by Load.
	Limits quota.Limits
}

func (c *Config) quotaSettings() []setting {
	q := &c.Quotas
	return []setting{
		{"POCKET_QUOTA_RECORDINGS", "50000", "recordings one user keeps (deleted ones excluded); 0: no limit", false, &q.recordings},
		{"POCKET_QUOTA_BYTES", "50GiB", "bytes one user keeps: recordings and their audio (a number, or with KiB, MiB, GiB, TiB); 0: no limit", false, &q.bytes},
		{"POCKET_QUOTA_UPLOADS_PER_DAY", "500", "device uploads (POST /api/v1/recordings) one user makes per UTC day; 0: no limit", false, &q.uploadsPerDay},
		{"POCKET_QUOTA_SHARE_LINKS", "10000", "share links one user keeps unrevoked; 0: no limit", false, &q.shareLinks},
		{"POCKET_QUOTA_PUSH_SUBSCRIPTIONS", "20", "Web Push devices one user keeps; one more forgets the oldest; 0: no limit", false, &q.pushSubscriptions},
		{"POCKET_QUOTA_FOLDERS", "1000", "folders one user keeps; 0: no limit", false, &q.folders},
		{"POCKET_QUOTA_SPEAKERS", "5000", "named people one user keeps (distinct speaker names across recordings); 0: no limit", false, &q.speakers},
		{"POCKET_QUOTA_CHAT_PER_MINUTE", "10", "Ask Pocket messages one user sends a minute (that many at once, then one every 60/N s); 0: no limit", false, &q.chatPerMinute},
		{"POCKET_QUOTA_ACCESS_TOKENS", "50", "personal access tokens one user keeps unrevoked and unexpired; 0: no limit", false, &q.accessTokens},
		{"POCKET_QUOTA_WEBHOOKS", "20", "webhook endpoints one user keeps; 0: no limit", false, &q.webhooks},
		{"POCKET_QUOTA_TEMPLATES", "100", "summary templates of their own one user keeps (the built-ins do not count); 0: no limit", false, &q.templates},
		{"POCKET_QUOTA_HIGHLIGHTS", "10000", "highlights one user keeps across the library; 0: no limit", false, &q.highlights},
		{"POCKET_TOKEN_REQUESTS_PER_MINUTE", "300", "requests one personal access token makes a minute (that many at once, then one every 60/N s); 0: no limit", false, &q.tokenRequests},
	}
}

func (c *Config) finishQuotas() error {
	q := &c.Quotas
	for _, f := range []struct {
		env, value string
		into       *int64
		parse      func(string) (int64, bool)
	}{
		{"POCKET_QUOTA_RECORDINGS", q.recordings, &q.Limits.Recordings, count},
		{"POCKET_QUOTA_BYTES", q.bytes, &q.Limits.Bytes, byteCount},
		{"POCKET_QUOTA_UPLOADS_PER_DAY", q.uploadsPerDay, &q.Limits.UploadsPerDay, count},
		{"POCKET_QUOTA_SHARE_LINKS", q.shareLinks, &q.Limits.ShareLinks, count},
		{"POCKET_QUOTA_PUSH_SUBSCRIPTIONS", q.pushSubscriptions, &q.Limits.PushSubscriptions, count},
		{"POCKET_QUOTA_FOLDERS", q.folders, &q.Limits.Folders, count},
		{"POCKET_QUOTA_SPEAKERS", q.speakers, &q.Limits.Speakers, count},
		{"POCKET_QUOTA_CHAT_PER_MINUTE", q.chatPerMinute, &q.Limits.ChatPerMinute, count},
		{"POCKET_QUOTA_ACCESS_TOKENS", q.accessTokens, &q.Limits.AccessTokens, count},
		{"POCKET_TOKEN_REQUESTS_PER_MINUTE", q.tokenRequests, &q.Limits.TokenRequests, count},
		{"POCKET_QUOTA_WEBHOOKS", q.webhooks, &q.Limits.Webhooks, count},
		{"POCKET_QUOTA_TEMPLATES", q.templates, &q.Limits.Templates, count},
		{"POCKET_QUOTA_HIGHLIGHTS", q.highlights, &q.Limits.Highlights, count},
	} {
		n, ok := f.parse(strings.TrimSpace(f.value))
		if !ok {
			return fmt.Errorf("config: %s %q must be a whole number, 0 or more (0: no limit)", f.env, f.value)
		}
		*f.into = n
	}
	return nil
}

// TokenRate is POCKET_TOKEN_REQUESTS_PER_MINUTE as a bucket: N at once,
// then one every 60/N s (a zero Burst: no limit).
func (c Config) TokenRate() ratelimit.Rate {
	n := c.Quotas.Limits.TokenRequests
	if n <= 0 {
		return ratelimit.Rate{}
	}
	return ratelimit.Rate{Burst: int(n), Every: time.Minute / time.Duration(n)}
}

func count(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n >= 0
}

// byteCount reads a number of bytes, optionally with a binary unit.
func byteCount(s string) (int64, bool) {
	units := []struct {
		suffix string
		shift  uint
	}{{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}}
	for _, u := range units {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			n, ok := count(strings.TrimSpace(num))
			return n << u.shift, ok && n < 1<<(62-u.shift)
		}
	}
	return count(s)
}
