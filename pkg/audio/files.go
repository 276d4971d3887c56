package audio

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

// MaxBytes is the documented limit of one recording's audio: about three
// hours of 128 kbit/s MP3. Larger uploads are refused with 413 while they
// stream, and nothing of them is kept.
const MaxBytes = 200 << 20

// Meta is what the store keeps of one recording's audio; the detail answer
// shows contentType and size as recording.audio.
type Meta struct {
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	SHA256      string `json:"sha256"`
}

// Key is where a recording's audio metadata lives.
func Key(uid, id string) []byte { return store.Key("audio", uid, id) }

// LoadMeta reads a recording's audio metadata inside x; nil when it has none.
func LoadMeta(x *store.Txn, uid, id string) (*Meta, error) {
	var m Meta
	err := x.GetJSON(Key(uid, id), &m)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// PutMetaIn records m as the recording's audio inside x, counting its size,
// less that of any audio it replaces, in the owner's usage.
func PutMetaIn(x *store.Txn, uid, id string, m Meta) error {
	old, err := LoadMeta(x, uid, id)
	if err != nil {
		return err
	}
	if err := x.SetJSON(Key(uid, id), m); err != nil {
		return err
	}
	freed := int64(0)
	if old != nil {
		freed = old.Size
	}
	return quota.Charge(x, uid, quota.Delta{Bytes: m.Size - freed})
}

// DeleteMetaIn forgets the recording's audio metadata inside x, freeing its
// size in the owner's usage; the file goes once x has committed.
func DeleteMetaIn(x *store.Txn, uid, id string) error {
	old, err := LoadMeta(x, uid, id)
	if err != nil || old == nil {
		return err
	}
	if err := x.Delete(Key(uid, id)); err != nil {
		return err
	}
	return quota.Charge(x, uid, quota.Delta{Bytes: -old.Size})
}

// Files stores recordings' audio: metadata in the store, the bytes in a
// directory or, with NewStoredFiles, in the store too. Uploads are staged in
// the directory's tmp/ either way. It is safe for concurrent use.
type Files struct {
	db     *store.DB
	dir    string
	bodies bodies
}

// NewFiles keeps audio in dir (created on first write), metadata in db.
func NewFiles(db *store.DB, dir string) *Files {
	return &Files{db: db, dir: dir, bodies: diskBodies{dir}}
}

// NewStoredFiles keeps audio as chunks in db (with PostgreSQL, where every
// replica reads them), staging uploads in dir/tmp.
func NewStoredFiles(db *store.DB, dir string) *Files {
	return &Files{db: db, dir: dir, bodies: storedBodies{db}}
}

// bodyName is a hash of a recording's owner and id: the name of its audio.
func bodyName(uid, id string) string {
	sum := sha256.Sum256([]byte(uid + "\x00" + id))
	return hex.EncodeToString(sum[:])
}

// Staged is an upload checked and written to a temporary file, not yet
// attached to a recording: Commit attaches it, Discard drops it.
type Staged struct {
	tmp  string
	Meta Meta
}

// Stage streams r into a temporary file, refusing (and removing) it as soon
// as its first bytes are not audio of a known kind or it grows past limit
// (0: MaxBytes). The file is fsynced before Stage returns.
func (f *Files) Stage(r io.Reader, limit int64) (_ *Staged, err error) {
	if limit <= 0 {
		limit = MaxBytes
	}
	if err := os.MkdirAll(filepath.Join(f.dir, "tmp"), 0o700); err != nil {
		return nil, writeError(err)
	}
	out, err := os.CreateTemp(filepath.Join(f.dir, "tmp"), "upload-*")
	if err != nil {
		return nil, writeError(err)
	}
	defer func() {
		if err != nil { // the refusal is the error to report; the cleanup is best effort
			_ = out.Close()
			_ = os.Remove(out.Name())
		}
	}()
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if n == 0 {
		return nil, apperr.Invalidf("The audio file is empty")
	}
	typ, ok := Detect(head[:n])
	if !ok {
		return nil, apperr.Newf(apperr.Unsupported, "AUDIO_TYPE_UNSUPPORTED", "The audio file is not %s", Kinds)
	}
	sum := sha256.New()
	w := io.MultiWriter(out, sum)
	if _, err := w.Write(head[:n]); err != nil {
		return nil, writeError(err)
	}
	copied, err := io.Copy(w, io.LimitReader(r, limit+1-int64(n)))
	if err != nil {
		return nil, writeError(err)
	}
	size := int64(n) + copied
	if size > limit {
		return nil, apperr.Newf(apperr.TooLarge, "AUDIO_TOO_LARGE", "The audio file is larger than the %d MB limit", limit>>20)
	}
	if err := out.Sync(); err != nil {
		return nil, writeError(err)
	}
	if err := out.Close(); err != nil {
		return nil, writeError(err)
	}
	return &Staged{tmp: out.Name(), Meta: Meta{ContentType: typ, Size: size, SHA256: hex.EncodeToString(sum.Sum(nil))}}, nil
}

// Discard removes a staged file that will not be attached.
func (s *Staged) Discard() {
	if s != nil {
		_ = os.Remove(s.tmp) // a leftover in tmp/ is harmless; the caller already has its answer
	}
}

// Commit attaches a staged file to the owner's recording, replacing any audio
// it had: renamed into place (atomic on one file system), the directory
// synced, then the metadata written.
func (f *Files) Commit(ctx context.Context, uid, id string, s *Staged) (Meta, error) {
	if err := ctx.Err(); err != nil {
		s.Discard()
		return Meta{}, err
	}
	if err := f.Place(uid, id, s); err != nil {
		return Meta{}, err
	}
	err := f.db.Update(func(x *store.Txn) error { return PutMetaIn(x, uid, id, s.Meta) })
	if err != nil {
		_ = f.bodies.remove(uid, id) // an orphan body is harmless; the store error is the one to report
		return Meta{}, fmt.Errorf("audio: store metadata of %s: %w", id, err)
	}
	return s.Meta, nil
}

// Place moves a staged file to where the recording's audio is read from
// (a rename on one file system, or chunks in the store). A device upload
// places its audio once the metadata is committed with the recording
// (PutMetaIn), so a refused upload leaves the audio it had untouched.
func (f *Files) Place(uid, id string, s *Staged) error { return f.bodies.place(uid, id, s) }

// AttachFile stores the audio file at path as the owner's recording's
// (`pocket import` and the seed, for a file beside the recording's JSON).
func (f *Files) AttachFile(ctx context.Context, uid, id, path string) (Meta, error) {
	in, err := os.Open(path) //nolint:gosec // G304: the operator names this file (pocket import, the seed)
	if err != nil {
		return Meta{}, err
	}
	defer func() { _ = in.Close() }() // read only: Close has nothing to report once Attach has read it
	m, err := f.Attach(ctx, uid, id, in)
	if err != nil {
		return Meta{}, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Attach stores the audio read from r as the owner's recording's (a file, or
// an entry of a backup archive), with the upload's checks.
func (f *Files) Attach(ctx context.Context, uid, id string, r io.Reader) (Meta, error) {
	staged, err := f.Stage(r, 0)
	if err != nil {
		return Meta{}, err
	}
	return f.Commit(ctx, uid, id, staged)
}

// Meta reads a recording's audio metadata; nil when it has none.
func (f *Files) Meta(ctx context.Context, uid, id string) (*Meta, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var m *Meta
	err := f.db.View(func(x *store.Txn) (err error) { m, err = LoadMeta(x, uid, id); return err })
	return m, err
}

// Open returns the owner's audio of a recording for reading; NotFound when it
// has none. The caller checks that the recording itself is visible.
func (f *Files) Open(ctx context.Context, uid, id string) (Body, Meta, error) {
	m, err := f.Meta(ctx, uid, id)
	if err != nil {
		return nil, Meta{}, err
	}
	if m == nil {
		return nil, Meta{}, apperr.Missing("Audio")
	}
	body, err := f.bodies.open(uid, id, *m)
	return body, *m, err
}

// Remove forgets a recording's audio: metadata first, so a crash in between
// leaves an orphan file rather than metadata pointing at nothing.
func (f *Files) Remove(uid, id string) error {
	if err := f.db.Update(func(x *store.Txn) error { return DeleteMetaIn(x, uid, id) }); err != nil {
		return err
	}
	return f.RemoveFile(uid, id)
}

// RemoveFile deletes the audio's bytes only, once its metadata is gone (the
// recordings service deletes that in the transaction that deletes the recording).
func (f *Files) RemoveFile(uid, id string) error { return f.bodies.remove(uid, id) }

// Exists reports whether a recording's audio bytes are kept (tests).
func (f *Files) Exists(uid, id string) bool { return f.bodies.exists(uid, id) }

// writeError turns a full disk into the store's StorageFull answer.
func writeError(err error) error {
	if errors.Is(err, syscall.ENOSPC) {
		return store.ErrStorageFull
	}
	return err
}

// Dir is the directory the files live in.
func (f *Files) Dir() string { return f.dir }
