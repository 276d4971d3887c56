package search

import (
	"encoding/binary"
	"errors"

	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/store"
)

// A Block holds one term's postings for every document of a batch that uses
// the term, under one key, where a document Put alone has one key per term.
// A batch of 32 generated recordings uses about 1,400 distinct terms against
// 9,600 (document, term) pairs, and a key costs more than its bytes (the
// transaction's bookkeeping, Badger's skiplist and value log), so blocks cut
// an import's keys several times over.
//
// Block keys are term/<owner>/<term>/<blockMark><block>: document ids never
// contain control characters, so a block key never looks like a document's
// posting. The caller records the block's name with the document; its first
// later write (an edit, a newer upload, a delete) Drops it from the block
// and, if it is still listed, Puts it under keys of its own.
const blockMark = "\x00"

func (ix Index) blockKey(term, block string) []byte { return ix.termKey(term, blockMark+block) }

// isBlockPosting says whether the part of a term key after the term names a
// block rather than a document.
func isBlockPosting(idPart []byte) bool { return len(idPart) > 0 && idPart[0] == blockMark[0] }

// Block collects one transaction's postings by term until Write.
type Block struct {
	ix     Index
	name   string
	byTerm map[string][]hit
	terms  map[string][]string // document id -> its terms, to replace a repeat
}

// NewBlock starts a block of ix. Make a fresh one each time a transaction is
// run again: a block belongs to one attempt.
func (ix Index) NewBlock() *Block {
	return &Block{ix: ix, name: ids.UUID(), byTerm: map[string][]hit{}, terms: map[string][]string{}}
}

// Name is what the caller records with each document it adds, for Drop.
func (b *Block) Name() string { return b.name }

// Add files a document's postings in the block; the same id added again
// replaces what it had (the later version of a document wins).
func (b *Block) Add(id string, ps Postings) {
	b.remove(id)
	for i, t := range ps.terms {
		b.byTerm[t] = append(b.byTerm[t], hit{id: id, p: ps.postings[i]})
	}
	b.terms[id] = ps.terms // Postings are read-only: no copy needed
}

func (b *Block) remove(id string) {
	for _, t := range b.terms[id] {
		b.byTerm[t] = withoutID(b.byTerm[t], id)
	}
	delete(b.terms, id)
}

// Write stores one key per term that still has postings.
func (b *Block) Write(x *store.Txn) error {
	for t, hits := range b.byTerm {
		if len(hits) == 0 {
			continue
		}
		if err := x.Set(b.ix.blockKey(t, b.name), encodeBlock(hits)); err != nil {
			return err
		}
	}
	return nil
}

// dropFromBlock takes a document's postings out of its block, deleting a
// term's key once no document is left in it. A missing key is skipped: the
// block may still be in memory, when a batch names a document twice.
func (ix Index) dropFromBlock(x *store.Txn, id string, terms []string, block string) error {
	for _, t := range terms {
		key := ix.blockKey(t, block)
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
		if hits = withoutID(hits, id); len(hits) == 0 {
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
