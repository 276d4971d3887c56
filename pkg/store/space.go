package store

import (
	"errors"
	"syscall"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// DefaultMinFreeBytes is the free space a write leaves on the data
// directory's filesystem. Badger writes its log through memory-mapped files
// that it grows without reserving blocks: on a full disk a write to such a
// page kills the process with SIGBUS instead of returning ENOSPC. Refusing
// writes while less than this is free keeps room for the memtable being
// filled (64 MB) and for flushing it to a table when it fills.
const DefaultMinFreeBytes = 192 << 20

// ErrStorageFull is the answer to a write refused for lack of disk space.
var ErrStorageFull = apperr.New(apperr.StorageFull, "STORAGE_FULL",
	"The server's disk is full, so nothing was saved. Reading still works; try again once space is freed.")

// spaceGuard refuses writes when the filesystem holding dir is nearly full.
type spaceGuard struct {
	dir     string
	minFree uint64
	// free reports the bytes available to the server at dir; a test replaces it.
	free func(dir string) (uint64, error)
}

func statfsFree(dir string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return st.Bavail * uint64(st.Bsize), nil //nolint:gosec // G115: a block size is positive
}

// check is one statfs (about a microsecond, next to a synced commit's
// milliseconds), so a disk freed by the operator is noticed at the next write.
func (g *spaceGuard) check() error {
	if g == nil {
		return nil
	}
	free, err := g.free(g.dir)
	if err != nil {
		return nil // a filesystem that cannot say lets Badger report the failure
	}
	if free < g.minFree {
		return ErrStorageFull
	}
	return nil
}

// storageError turns a write that failed for lack of space into ErrStorageFull.
func storageError(err error) error {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return errors.Join(ErrStorageFull, err)
	}
	return err
}
