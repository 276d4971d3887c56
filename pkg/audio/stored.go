package audio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// chunkSize is how much of a recording's audio one key holds: a range
// request reads the chunks it spans (a player asks for a few hundred KB at
// a time), and a 200 MB upload is 800 keys.
const chunkSize = 256 << 10

// chunksPerTxn bounds one write transaction of an upload (4 MiB).
const chunksPerTxn = 16

// storedBodies keep audio as chunks in the store, under
// ablob/<owner and id hashed>/<sha256 of the audio>/<chunk>: with PostgreSQL
// every replica reads what any replica was sent. Chunks are named by the
// audio's own hash, so a replacement is written beside the audio it replaces
// and readers of either see whole audio.
type storedBodies struct{ db *store.DB }

func blobPrefix(uid, id string) []byte { return store.Prefix("ablob", bodyName(uid, id)) }

func versionPrefix(uid, id, sha string) []byte {
	return store.Prefix("ablob", bodyName(uid, id), sha)
}

func chunkKey(uid, id, sha string, n int64) []byte {
	return store.Key("ablob", bodyName(uid, id), sha, store.U64(uint64(n))) //nolint:gosec // G115: a chunk index
}

// place copies the staged file into chunks, a few per transaction, then
// removes the audio it replaces. A copy that fails removes what it wrote,
// so a failed upload leaves no part of itself.
func (b storedBodies) place(uid, id string, s *Staged) error {
	defer s.Discard()
	in, err := os.Open(s.tmp)
	if err != nil {
		return err
	}
	defer func() { _ = in.Close() }() // read only
	return b.placeFrom(uid, id, s.Meta.SHA256, in)
}

// placeFrom stores the audio read from in, whose hash is sha, as the
// recording's, then removes any other audio it had.
func (b storedBodies) placeFrom(uid, id, sha string, in io.Reader) error {
	if err := b.copyChunks(uid, id, sha, in); err != nil {
		_ = b.deleteUnder(versionPrefix(uid, id, sha), nil) // best effort: the copy's error is the one to report
		return err
	}
	return b.deleteUnder(blobPrefix(uid, id), versionPrefix(uid, id, sha))
}

func (b storedBodies) copyChunks(uid, id, sha string, in io.Reader) error {
	buf := make([]byte, chunksPerTxn*chunkSize)
	for n := int64(0); ; {
		read, err := io.ReadFull(in, buf)
		if read > 0 {
			if err := b.writeChunks(uid, id, sha, n, buf[:read]); err != nil {
				return err
			}
			n += int64((read + chunkSize - 1) / chunkSize)
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func (b storedBodies) writeChunks(uid, id, sha string, first int64, data []byte) error {
	return b.db.Update(func(x *store.Txn) error {
		for n := first; len(data) > 0; n++ {
			part := data[:min(chunkSize, len(data))]
			if err := x.Set(chunkKey(uid, id, sha, n), part); err != nil {
				return err
			}
			data = data[len(part):]
		}
		return nil
	})
}

// deleteUnder deletes the keys under prefix, except those under keep, a
// thousand per transaction.
func (b storedBodies) deleteUnder(prefix, keep []byte) error {
	for {
		var batch [][]byte
		err := b.db.View(func(x *store.Txn) error {
			return x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
				if keep == nil || !bytes.HasPrefix(k, keep) {
					batch = append(batch, k)
				}
				return len(batch) < 1000, nil
			})
		})
		if err != nil || len(batch) == 0 {
			return err
		}
		err = b.db.Update(func(x *store.Txn) error {
			for _, k := range batch {
				if err := x.Delete(k); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
}

func (b storedBodies) open(uid, id string, m Meta) (Body, error) {
	r := &chunkReader{db: b.db, uid: uid, id: id, sha: m.SHA256, size: m.Size, chunk: -1}
	if m.Size > 0 {
		if err := r.load(0); errors.Is(err, store.ErrNotFound) {
			return nil, apperr.Missing("Audio")
		} else if err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (b storedBodies) remove(uid, id string) error { return b.deleteUnder(blobPrefix(uid, id), nil) }

func (b storedBodies) exists(uid, id string) bool {
	found := false
	_ = b.db.View(func(x *store.Txn) error {
		return x.Scan(blobPrefix(uid, id), nil, false, false, func([]byte, []byte) (bool, error) {
			found = true
			return false, nil
		})
	})
	return found
}

// chunkReader reads stored audio a chunk at a time, keeping the chunk it
// read last (http.ServeContent copies 32 KB at a time).
type chunkReader struct {
	db           *store.DB
	uid, id, sha string
	size, off    int64
	chunk        int64 // index of data; -1 before the first read
	data         []byte
}

func (r *chunkReader) load(n int64) error {
	return r.db.View(func(x *store.Txn) error {
		v, err := x.Get(chunkKey(r.uid, r.id, r.sha, n))
		if err != nil {
			return err
		}
		r.chunk, r.data = n, v
		return nil
	})
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if r.off >= r.size {
		return 0, io.EOF
	}
	if n := r.off / chunkSize; n != r.chunk {
		if err := r.load(n); err != nil {
			// Replaced or deleted while it was read: the answer is cut short.
			return 0, fmt.Errorf("audio: chunk %d: %w", n, errors.Join(io.ErrUnexpectedEOF, err))
		}
	}
	at := r.off % chunkSize
	if at >= int64(len(r.data)) {
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, r.data[at:])
	r.off += int64(n)
	return n, nil
}

func (r *chunkReader) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += r.off
	case io.SeekEnd:
		offset += r.size
	default:
		return 0, errors.New("audio: bad whence")
	}
	if offset < 0 {
		return 0, errors.New("audio: seek before the start")
	}
	r.off = offset
	return offset, nil
}

func (r *chunkReader) Close() error { return nil }
