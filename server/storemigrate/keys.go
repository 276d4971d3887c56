package storemigrate

import (
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/store"
)

// serverKeys are what a server signs and checks with: kept as files in a
// data directory, as keys of the store in a database.
type serverKeys struct {
	secrets *identity.Secrets // nil: none yet (no server has run there)
	vapid   *push.Keys        // nil: none generated (configured, or never run)
}

func readServerKeys(o *opened) (k serverKeys, err error) {
	if o.DatabaseURL != "" {
		if k.vapid, err = push.ReadStoredKeys(o.db); err != nil {
			return k, err
		}
		if has, err := identity.HasStoredSecrets(o.db); err != nil || !has {
			return k, err
		}
		s, err := identity.StoredSecrets(o.db)
		k.secrets = &s
		return k, err
	}
	if identity.HasSecrets(o.DataDir) {
		s, err := identity.LoadSecrets(o.DataDir)
		if err != nil {
			return k, err
		}
		k.secrets = &s
	}
	k.vapid, err = push.ReadKeyFile(o.DataDir)
	return k, err
}

func writeServerKeys(o *opened, k serverKeys) error {
	if k.secrets != nil {
		put := identity.PutStoredSecrets
		if o.DatabaseURL == "" {
			put = func(_ *store.DB, s identity.Secrets) error { return identity.SaveSecrets(o.DataDir, s) }
		}
		if err := put(o.db, *k.secrets); err != nil {
			return err
		}
	}
	if k.vapid == nil {
		return nil
	}
	if o.DatabaseURL != "" {
		return push.PutStoredKeys(o.db, *k.vapid)
	}
	return push.SaveKeys(o.DataDir, *k.vapid)
}

// copyServerKeys gives the target the source's keys, so sessions, sign-in
// codes in flight and push subscriptions stay good across the move.
func copyServerKeys(src, dst *opened) error {
	k, err := readServerKeys(src)
	if err != nil {
		return err
	}
	return writeServerKeys(dst, k)
}
