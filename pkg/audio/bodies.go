package audio

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// Body is a recording's audio opened for reading; Seek serves ranges.
type Body = io.ReadSeekCloser

// bodies keep the bytes of recordings' audio: files in a directory (the
// default), or chunks in the store that every replica reads (storedBodies).
// Metadata lives in the store either way.
type bodies interface {
	// place moves a staged upload to where the recording's audio is read
	// from, replacing any it had, and removes the staged file.
	place(uid, id string, s *Staged) error
	// open reads the audio m describes; apperr NotFound when it is not there.
	open(uid, id string, m Meta) (Body, error)
	// remove forgets the recording's audio (missing is not an error).
	remove(uid, id string) error
	exists(uid, id string) bool
}

// diskBodies keep one file per recording under dir, named by a hash of its
// owner and id so neither can reach outside dir nor collide with another's.
type diskBodies struct{ dir string }

func (d diskBodies) path(uid, id string) string {
	name := bodyName(uid, id)
	return filepath.Join(d.dir, name[:2], name)
}

// place renames the staged file into place (atomic on one file system) and
// syncs the directory.
func (d diskBodies) place(uid, id string, s *Staged) error {
	final := d.path(uid, id)
	if err := os.MkdirAll(filepath.Dir(final), 0o700); err != nil {
		s.Discard()
		return writeError(err)
	}
	if err := os.Rename(s.tmp, final); err != nil {
		s.Discard()
		return writeError(err)
	}
	syncDir(filepath.Dir(final))
	return nil
}

func (d diskBodies) open(uid, id string, _ Meta) (Body, error) {
	file, err := os.Open(d.path(uid, id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, apperr.Missing("Audio")
	}
	return file, err
}

func (d diskBodies) remove(uid, id string) error {
	if err := os.Remove(d.path(uid, id)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func (d diskBodies) exists(uid, id string) bool {
	_, err := os.Stat(d.path(uid, id))
	return err == nil
}

// syncDir makes a rename in dir durable, best effort: the file is already in place, and a file system that
// cannot sync directories has nothing better to offer.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil { //nolint:gosec // G304: dir is under the audio directory this package owns
		_ = d.Sync()
		_ = d.Close()
	}
}
