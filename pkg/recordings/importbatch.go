package recordings

import (
	"context"
	"errors"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/search"
	"github.com/pocket-companion/pocket/pkg/store"
)

// ImportBatchSize is how many recordings ImportEach commits together. Each
// commit is synced to disk, and a sync costs the same for one recording as
// for many: batching makes a bulk import run at the disk's commit rate
// instead of one sync per recording. With posting blocks and the loose
// JSON read once per level, 10,000 recordings import in 4 % less time at 64
// than at 32 and the same at 128 (docs/benchmarks.md, farm-bench,
// alternating); larger batches make the first edit of an imported recording
// dearer (it rewrites its share of the batch's blocks: 3.0 ms at 64, 2.4 ms
// at 32).
const ImportBatchSize = 64

// ImportEach imports the objects in order, ImportBatchSize to a transaction.
// A result is returned only once its transaction has committed durably. It
// goes on after a failure: a batch that fails is retried one object at a
// time, so only the objects that fail by themselves are refused. errs[i] is
// nil for each object imported (or kept, by the duplicate rule).
func (s *Service) ImportEach(ctx context.Context, uid string, raws [][]byte) ([]ImportResult, []error, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, nil, err
	}
	out := make([]ImportResult, len(raws))
	errs := make([]error, len(raws))
	ctx, stop := context.WithCancel(ctx)
	// The next batch is parsed while the previous one commits: parsing is
	// CPU work, a commit mostly waits for the disk.
	batches := parseAhead(ctx, raws, errs)
	defer func() { // the parser has stopped writing errs before they are returned
		stop()
		for range batches {
		}
	}()
	for b := range batches {
		s.commitBatch(ctx, uid, raws[b.start:b.end], b.parsed, out[b.start:b.end], errs[b.start:b.end])
		if err := ctx.Err(); err != nil {
			return out, errs, err
		}
	}
	return out, errs, ctx.Err()
}

// parsedBatch is raws[start:end] parsed; nil where an object was refused
// (its error is in errs).
type parsedBatch struct {
	start, end int
	parsed     []*stored
}

// parseAhead parses raws a batch at a time, one batch ahead of the reader,
// writing each refusal into errs before handing its batch over.
func parseAhead(ctx context.Context, raws [][]byte, errs []error) <-chan parsedBatch {
	ch := make(chan parsedBatch, 1)
	go func() {
		defer close(ch)
		for start := 0; start < len(raws); start += ImportBatchSize {
			end := min(start+ImportBatchSize, len(raws))
			b := parsedBatch{start: start, end: end, parsed: parseAll(raws[start:end], errs[start:end])}
			select {
			case ch <- b:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}

func parseAll(raws [][]byte, errs []error) []*stored {
	parsed := make([]*stored, len(raws))
	for i, raw := range raws {
		st, err := parseImport(raw)
		if err != nil {
			errs[i] = err //nolint:gosec // G602: errs has len(raws) (the caller slices both alike)
			continue
		}
		st.derive()
		st.indexPostings() // here, beside the commit of the batch before, not inside this batch's
		parsed[i] = st
	}
	return parsed
}

// ImportMany is ImportEach with every failure joined into one error, each
// naming the object's position (from 1).
func (s *Service) ImportMany(ctx context.Context, uid string, raws [][]byte) ([]ImportResult, error) {
	out, errs, err := s.ImportEach(ctx, uid, raws)
	if err != nil {
		return out, err
	}
	var joined []error
	for i, e := range errs {
		if e != nil {
			joined = append(joined, fmt.Errorf("recording %d: %w", i+1, e))
		}
	}
	return out, errors.Join(joined...)
}

// commitBatch commits parsed together. Too many writes for one transaction
// (long transcripts index many terms) splits the batch in two; any other
// failure retries its objects one at a time, so that one bad object does
// not refuse its neighbours.
func (s *Service) commitBatch(ctx context.Context, uid string, raws [][]byte, parsed []*stored, out []ImportResult, errs []error) {
	err := s.db.Update(func(x *store.Txn) error {
		block := search.IndexOf(uid).NewBlock() // fresh each attempt: Update re-runs fn after a conflict
		for i, st := range parsed {
			if st == nil {
				continue
			}
			res, err := s.importIn(x, uid, st, blockWriter(block), quota.None)
			if err != nil {
				return err
			}
			out[i] = res
		}
		return block.Write(x)
	})
	switch {
	case err == nil:
		for i, st := range parsed {
			if st != nil {
				s.afterImport(uid, st, out[i])
			}
		}
	case errors.Is(err, store.ErrTxnTooBig) && len(parsed) > 1:
		h := len(parsed) / 2
		s.commitBatch(ctx, uid, raws[:h], parsed[:h], out[:h], errs[:h])
		s.commitBatch(ctx, uid, raws[h:], parsed[h:], out[h:], errs[h:])
	default:
		for i, st := range parsed {
			if st != nil {
				out[i], errs[i] = s.Import(ctx, uid, raws[i])
			}
		}
	}
}
