package store

import (
	"crypto/rand"
	"errors"
)

// GetOrCreate returns the value at key, storing the one create makes when
// there is none (a server's own keys, made on first start). Replicas that
// start together on one database agree on one value: the transactions that
// lost the race are re-run and read the winner's.
func (d *DB) GetOrCreate(key []byte, create func() ([]byte, error)) (value []byte, err error) {
	err = d.Update(func(x *Txn) error {
		v, err := x.Get(key)
		if !errors.Is(err, ErrNotFound) {
			value = v
			return err
		}
		if value, err = create(); err != nil {
			return err
		}
		return x.Set(key, value)
	})
	return value, err
}

// NewSecretKey makes a 256-bit random key: with GetOrCreate, the signing key
// every replica of one store shares (signed audio links, unlock cookies,
// unsubscribe tokens), so what one signs the others check, across restarts.
func NewSecretKey() ([]byte, error) {
	key := make([]byte, 32)
	_, err := rand.Read(key)
	return key, err
}
