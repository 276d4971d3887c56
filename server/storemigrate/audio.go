package storemigrate

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/store"
)

// sound is one recording's audio, as its metadata names it.
type sound struct {
	uid, id string
	meta    audio.Meta
}

// sounds lists the audio the store's metadata names (audio/<uid>/<id>).
func sounds(db *store.DB) (all []sound, err error) {
	prefix := store.Prefix("audio")
	err = db.View(func(x *store.Txn) error {
		return x.Scan(prefix, nil, false, true, func(k, v []byte) (bool, error) {
			uid, id, ok := bytes.Cut(k[len(prefix):], []byte("/"))
			if !ok {
				return true, nil
			}
			s := sound{uid: string(uid), id: string(id)}
			m, err := audio.LoadMeta(x, s.uid, s.id)
			if err != nil || m == nil {
				return err == nil, err
			}
			s.meta = *m
			all = append(all, s)
			return true, nil
		})
	})
	return all, err
}

// copyAudio copies each recording's audio that the target does not already
// hold whole (a resumed run skips what an earlier one copied).
func copyAudio(src, dst *opened) (int, error) {
	all, err := sounds(src.db)
	if err != nil {
		return 0, err
	}
	for _, s := range all {
		if holds(dst.files, s) {
			continue
		}
		if err := copyOne(src.files, dst.files, s); err != nil {
			return 0, fmt.Errorf("%s of %s: %w", s.id, s.uid, err)
		}
	}
	return len(all), nil
}

func copyOne(from, to *audio.Files, s sound) error {
	body, _, err := from.Open(context.Background(), s.uid, s.id)
	if err != nil {
		return err
	}
	defer func() { _ = body.Close() }() // read only
	staged, err := to.Stage(body, 0)
	if err != nil {
		return err
	}
	if staged.Meta.SHA256 != s.meta.SHA256 {
		staged.Discard()
		return fmt.Errorf("the source's audio hashes to %s, its metadata says %s", staged.Meta.SHA256, s.meta.SHA256)
	}
	return to.Place(s.uid, s.id, staged)
}

// holds reports whether files hold s's audio, whole.
func holds(files *audio.Files, s sound) bool {
	sum, err := hashOf(files, s)
	return err == nil && sum == s.meta.SHA256
}

func hashOf(files *audio.Files, s sound) (string, error) {
	body, _, err := files.Open(context.Background(), s.uid, s.id)
	if err != nil {
		return "", err
	}
	defer func() { _ = body.Close() }() // read only
	h := sha256.New()
	if _, err := io.Copy(h, body); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
