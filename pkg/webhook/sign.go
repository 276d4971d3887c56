package webhook

import (
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// secretBytes is the key length: the specification asks for 24 to 64 bytes.
const secretBytes = 32

// secretPrefix marks a signing secret, as the specification writes them.
const secretPrefix = "whsec_"

func newSecret() string {
	b := make([]byte, secretBytes)
	if _, err := rand.Read(b); err != nil {
		panic("webhook: the system random source failed: " + err.Error())
	}
	return secretPrefix + base64.StdEncoding.EncodeToString(b)
}

// Sign sets the Standard Webhooks headers on h for a delivery of body: its
// id, the time, and one v1 signature per secret (the current one first; a
// rotated-out one during its overlap), space-separated as the specification
// lets a receiver accept any of them.
func Sign(h http.Header, msgID string, at time.Time, body []byte, secrets []string) error {
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		wh, err := standardwebhooks.NewWebhook(s)
		if err != nil {
			return err
		}
		sig, err := wh.Sign(msgID, at, body)
		if err != nil {
			return err
		}
		sigs = append(sigs, sig)
	}
	h.Set(standardwebhooks.HeaderWebhookID, msgID)
	h.Set(standardwebhooks.HeaderWebhookTimestamp, strconv.FormatInt(at.Unix(), 10))
	h.Set(standardwebhooks.HeaderWebhookSignature, strings.Join(sigs, " "))
	return nil
}
