package recordings

import (
	"encoding/binary"
	"errors"
	"slices"

	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/store"
)

// A posting block holds one term's postings for every recording of an import
// batch that uses the term, under one key, where a recording written alone
// has one key per term. A batch of 32 generated recordings uses about 1,400
// distinct terms against 9,600 (recording, term) pairs, and a key costs more
// than its bytes (the transaction's bookkeeping, Badger's skiplist and value
// log), so blocks cut an import's keys several times over.
//
// Block keys are term/<uid>/<term>/<blockMark><block>: recording ids never
// contain control characters, so a block key never looks like a recording's
// posting. A recording records its block in book.TermBlock; the first write
// after the import (an edit, a newer upload, a delete) takes its entries out
// of the blocks and, if it is still listed, gives it keys of its own.
const blockMark = "\x00"

func blockKey(uid, term, block string) []byte { return termKey(uid, term, blockMark+block) }

// isBlockPosting says whether the part of a term key after the term names a
// block rather than a recording.
func isBlockPosting(idPart []byte) bool { return len(idPart) > 0 && idPart[0] == blockMark[0] }

// postingBlock collects one transaction's postings by term until write.
type postingBlock struct {
	name   string
	byTerm map[string][]hit
	terms  map[string][]string // recording id -> its terms, to replace a repeat
}

func newPostingBlock() *postingBlock {
	return &postingBlock{name: ids.UUID(), byTerm: map[string][]hit{}, terms: map[string][]string{}}
}

// add files st's postings in the block; it has the signature of writePostings
// so that a recording is filed the same way either way.
func (b *postingBlock) add(_ *store.Txn, _ string, st *stored, ps termPostings) error {
	b.remove(st.ID) // the same id twice in a batch: the later one replaced the first
	for i, t := range ps.terms {
		b.byTerm[t] = append(b.byTerm[t], hit{id: st.ID, p: ps.postings[i]})
	}
	terms := slices.Clone(ps.terms) // the memo keeps ps, and the book may be changed in place
	b.terms[st.ID] = terms
	st.Book.Terms, st.Book.TermBlock = terms, b.name
	return nil
}

func (b *postingBlock) remove(id string) {
	for _, t := range b.terms[id] {
		b.byTerm[t] = withoutID(b.byTerm[t], id)
	}
	delete(b.terms, id)
}

// write stores one key per term that still has postings.
func (b *postingBlock) write(x *store.Txn, uid string) error {
	for t, hits := range b.byTerm {
		if len(hits) == 0 {
			continue
		}
		if err := x.Set(blockKey(uid, t, b.name), encodeBlock(hits)); err != nil {
			return err
		}
	}
	return nil
}

// dropFromBlocks takes st's postings out of its block, deleting a term's key
// once no recording is left in it. A missing key is skipped: the block may
// still be in memory, when a batch names a recording twice.
func dropFromBlocks(x *store.Txn, uid string, st *stored) error {
	for _, t := range st.Book.Terms {
		key := blockKey(uid, t, st.Book.TermBlock)
		v, err := x.Get(key)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		hits, err := decodeBlock(v)
		if err != nil {
			return err
		}
		if hits = withoutID(hits, st.ID); len(hits) == 0 {
			err = x.Delete(key)
		} else {
			err = x.Set(key, encodeBlock(hits))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func withoutID(hits []hit, id string) []hit {
	out := hits[:0:0]
	for _, h := range hits {
		if h.id != id {
			out = append(out, h)
		}
	}
	return out
}

// encodeBlock writes each hit as its id's length, the id and its posting.
func encodeBlock(hits []hit) []byte {
	var b []byte
	for _, h := range hits {
		b = binary.AppendUvarint(b, uint64(len(h.id)))
		b = append(b, h.id...)
		b = append(b, h.p.encode()...)
	}
	return b
}

func decodeBlock(b []byte) ([]hit, error) {
	var hits []hit
	for len(b) > 0 {
		n, w := binary.Uvarint(b)
		if w <= 0 || uint64(len(b)-w) < n { //nolint:gosec // G115: w > 0 and w <= len(b), so the length is not negative
			return nil, errBadPosting
		}
		id := string(b[w : w+int(n)]) //nolint:gosec // G115: n <= len(b)-w, checked above
		b = b[w+int(n):]              //nolint:gosec // G115: n <= len(b)-w, checked above
		p, used, err := decodePostingPrefix(b)
		if err != nil {
			return nil, err
		}
		hits = append(hits, hit{id: id, p: p})
		b = b[used:]
	}
	return hits, nil
}
