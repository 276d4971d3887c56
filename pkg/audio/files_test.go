package audio

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// sound is n bytes of "audio": an Ogg page's magic, then noise.
func sound(n int, seed uint64) []byte {
	b := make([]byte, n)
	r := rand.New(rand.NewPCG(seed, seed))
	for i := range b {
		b[i] = byte(r.UintN(256))
	}
	copy(b, "OggS")
	return b
}

// bothKinds runs a test on audio kept in files and in the store.
func bothKinds(t *testing.T, run func(t *testing.T, f *Files)) {
	for name, open := range map[string]func(*store.DB, string) *Files{"files": NewFiles, "store": NewStoredFiles} {
		t.Run(name, func(t *testing.T) { run(t, open(storetest.Open(t), t.TempDir())) })
	}
}

// Audio longer than one transaction's chunks, and not a whole number of
// them, reads back whole and by ranges from any offset, then its
// replacement reads back and leaves nothing of it behind.
func TestFiles_AudioReadsBackWholeAndByRangesAndAReplacementLeavesNoTrace(t *testing.T) {
	bothKinds(t, func(t *testing.T, f *Files) {
		ctx := context.Background()
		first := sound(chunksPerTxn*chunkSize+chunkSize/3, 1)
		if _, err := f.Attach(ctx, "u1", "r1", bytes.NewReader(first)); err != nil {
			t.Fatal(err)
		}
		body, m, err := f.Open(ctx, "u1", "r1")
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(body)
		if err != nil || !bytes.Equal(got, first) || m.Size != int64(len(first)) {
			t.Fatalf("read %d bytes of %d (%v), meta size %d", len(got), len(first), err, m.Size)
		}
		for _, at := range []int64{0, chunkSize - 1, chunkSize, 5*chunkSize + 7, int64(len(first)) - 3} {
			if _, err := body.Seek(at, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			part := make([]byte, 10)
			n, _ := io.ReadFull(body, part)
			if !bytes.Equal(part[:n], first[at:min(at+10, int64(len(first)))]) {
				t.Fatalf("10 bytes at %d differ", at)
			}
		}
		_ = body.Close()

		second := sound(chunkSize+1, 2)
		if _, err := f.Attach(ctx, "u1", "r1", bytes.NewReader(second)); err != nil {
			t.Fatal(err)
		}
		body, _, err = f.Open(ctx, "u1", "r1")
		if err != nil {
			t.Fatal(err)
		}
		got, _ = io.ReadAll(body)
		_ = body.Close()
		if !bytes.Equal(got, second) {
			t.Fatalf("after the replacement read %d bytes, want the %d of the new audio", len(got), len(second))
		}
		if n := storedKeys(t, f); n != 0 && n != 2 { // files: none; store: the new audio's two chunks
			t.Fatalf("%d chunks kept after the replacement, want the new audio's 2", n)
		}

		if err := f.Remove("u1", "r1"); err != nil {
			t.Fatal(err)
		}
		if f.Exists("u1", "r1") || storedKeys(t, f) != 0 {
			t.Fatal("the audio is still kept after Remove")
		}
		if _, _, err := f.Open(ctx, "u1", "r1"); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("open after Remove: %v, want NotFound", err)
		}
	})
}

// failingReader gives n bytes of audio, then fails, as a dropped upload does
// after the staged file is written (the copy into the store reads a file,
// so the failure is injected into Place's source here).
type failingReader struct {
	r io.Reader
	n int
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("connection reset")
	}
	p = p[:min(len(p), f.n)]
	n, err := f.r.Read(p)
	f.n -= n
	return n, err
}

// A copy into the store that fails halfway removes the chunks it wrote and
// leaves the audio the recording had.
func TestStoredBodies_ACopyThatFailsLeavesNoPartOfItAndTheOldAudio(t *testing.T) {
	db := storetest.Open(t)
	b := storedBodies{db}
	old := sound(chunkSize/2, 4)
	if err := b.placeFrom("u1", "r1", "old", bytes.NewReader(old)); err != nil {
		t.Fatal(err)
	}
	next := sound(3*chunksPerTxn*chunkSize, 3)
	err := b.placeFrom("u1", "r1", "new", &failingReader{r: bytes.NewReader(next), n: 2 * chunksPerTxn * chunkSize})
	if err == nil {
		t.Fatal("the copy of a failing source succeeded")
	}
	if n := countKeys(t, db, versionPrefix("u1", "r1", "new")); n != 0 {
		t.Fatalf("%d chunks of the failed copy are left", n)
	}
	body, err := b.open("u1", "r1", Meta{SHA256: "old", Size: int64(len(old))})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(body); !bytes.Equal(got, old) {
		t.Fatalf("the audio before the failed copy reads %d bytes, want %d", len(got), len(old))
	}
}

func storedKeys(t *testing.T, f *Files) int {
	if _, ok := f.bodies.(storedBodies); !ok {
		return 0
	}
	return countKeys(t, f.db, store.Prefix("ablob"))
}

func countKeys(t *testing.T, db *store.DB, prefix []byte) (n int) {
	t.Helper()
	err := db.View(func(x *store.Txn) error {
		return x.Scan(prefix, nil, false, false, func([]byte, []byte) (bool, error) { n++; return true, nil })
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
