// Package pushtest is a push service for tests: an httptest endpoint that
// checks each message's VAPID authorization (RFC 8292) and decrypts it
// (RFC 8291, aes128gcm) with the keys of the device it is addressed to, the
// way a browser's push service and the browser would.
package pushtest

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
)

// Device is a browser's side of a subscription: its P-256 key pair and auth secret.
type Device struct {
	Endpoint string
	key      *ecdh.PrivateKey
	auth     []byte
}

// NewDevice is a device subscribed at endpoint, for tests that need only its keys.
func NewDevice(endpoint string) *Device {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return &Device{Endpoint: endpoint, key: key, auth: auth}
}

// P256dh is the device's public key as PushSubscription.toJSON() gives it.
func (d *Device) P256dh() string {
	return base64.RawURLEncoding.EncodeToString(d.key.PublicKey().Bytes())
}

// Auth is the device's auth secret as PushSubscription.toJSON() gives it.
func (d *Device) Auth() string { return base64.RawURLEncoding.EncodeToString(d.auth) }

// Decrypt opens an aes128gcm message body (RFC 8188 framing, RFC 8291 keys)
// holding one record, and returns the plaintext without its padding.
func (d *Device) Decrypt(body []byte) ([]byte, error) {
	const headerLen = 16 + 4 + 1
	if len(body) < headerLen {
		return nil, errors.New("body shorter than the aes128gcm header")
	}
	salt, rs, idLen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < headerLen+idLen {
		return nil, errors.New("body shorter than its key id")
	}
	serverPub, records := body[headerLen:headerLen+idLen], body[headerLen+idLen:]
	if len(records) > int(rs) {
		return nil, fmt.Errorf("ciphertext of %d bytes exceeds one record of %d", len(records), rs)
	}
	cek, nonce, err := d.contentKeys(salt, serverPub)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, records, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypt: %w", err)
	}
	return unpad(plain)
}

// contentKeys derives the content encryption key and nonce (RFC 8291 §3.4).
func (d *Device) contentKeys(salt, serverPub []byte) (cek, nonce []byte, err error) {
	pub, err := ecdh.P256().NewPublicKey(serverPub)
	if err != nil {
		return nil, nil, fmt.Errorf("server key: %w", err)
	}
	shared, err := d.key.ECDH(pub)
	if err != nil {
		return nil, nil, err
	}
	info := append([]byte("WebPush: info\x00"), d.key.PublicKey().Bytes()...)
	info = append(info, serverPub...)
	ikm, err := hkdf.Key(sha256.New, shared, d.auth, string(info), 32)
	if err != nil {
		return nil, nil, err
	}
	if cek, err = hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16); err != nil {
		return nil, nil, err
	}
	nonce, err = hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	return cek, nonce, err
}

// unpad strips the padding of the last record: zeros after a 0x02 delimiter.
func unpad(plain []byte) ([]byte, error) {
	for i := len(plain) - 1; i >= 0; i-- {
		switch plain[i] {
		case 0:
			continue
		case 2:
			return plain[:i], nil
		default:
			return nil, fmt.Errorf("record ends with delimiter %#x, want 0x02 (last record)", plain[i])
		}
	}
	return nil, errors.New("record has no delimiter")
}
