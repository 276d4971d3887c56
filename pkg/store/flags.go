package store

// MarkDoneIfNone sets meta/<flag> when no key starts with any of prefixes.
// A one-time backfill over what those
// prefixes hold has nothing to do in a store that holds none of it yet: what
// is written from then on is indexed as it is written. `pocket import` marks
// a new data directory so, and the first `pocket serve` on a library imported
// into it does not rewrite every recording before it is ready.
func (d *DB) MarkDoneIfNone(flag string, prefixes ...[]byte) error {
	key := Key("meta", flag)
	return d.Update(func(x *Txn) error {
		has, err := x.Has(key)
		if err != nil || has {
			return err
		}
		for _, p := range prefixes {
			some, err := holdsAny(x, p)
			if err != nil || some {
				return err
			}
		}
		return x.Set(key, []byte("1"))
	})
}

func holdsAny(x *Txn, prefix []byte) (bool, error) {
	found := false
	err := x.Scan(prefix, nil, false, false, func([]byte, []byte) (bool, error) {
		found = true
		return false, nil
	})
	return found, err
}
