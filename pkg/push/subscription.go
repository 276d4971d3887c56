package push

import (
	"crypto/ecdh"
	"crypto/sha256"
	"encoding/hex"
	"net/url"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// Subscription is one device's push subscription, as the browser's
// PushSubscription.toJSON() gives it.
type Subscription struct {
	Endpoint string `json:"endpoint"`
	P256dh   string `json:"p256dh"`
	Auth     string `json:"auth"`
}

// maxEndpointBytes bounds an endpoint URL; real ones are a few hundred bytes.
const maxEndpointBytes = 2048

// checkSubscription refuses what a push service could not have issued, with a
// message that says what is wrong.
func checkSubscription(s Subscription, policy EndpointPolicy) error {
	if err := policy.checkEndpoint(s.Endpoint); err != nil {
		return err
	}
	p256dh, err := decodeBase64URL(s.P256dh)
	if err != nil || len(p256dh) != 65 || p256dh[0] != 4 {
		return apperr.Invalidf("subscription p256dh must be base64url of a 65-byte uncompressed P-256 public key")
	}
	if _, err := ecdh.P256().NewPublicKey(p256dh); err != nil {
		return apperr.Invalidf("subscription p256dh is not a point on the P-256 curve")
	}
	auth, err := decodeBase64URL(s.Auth)
	if err != nil || len(auth) != 16 {
		return apperr.Invalidf("subscription auth must be base64url of a 16-byte secret")
	}
	return nil
}

// endpointID names a subscription in keys: endpoints are long and contain '/'.
func endpointID(endpoint string) string {
	sum := sha256.Sum256([]byte(endpoint))
	return hex.EncodeToString(sum[:])
}

// redactEndpoint is what logs show of an endpoint: it is a capability URL
// (anyone holding it may push to the device), so only its host and a short
// hash that matches the store key.
func redactEndpoint(endpoint string) string {
	host := "?"
	if u, err := url.Parse(endpoint); err == nil {
		host = u.Host
	}
	return host + "#" + endpointID(endpoint)[:12]
}
