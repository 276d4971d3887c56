package search

import (
	"bytes"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Index is one owner's part of the search index: every read and write stays
// under the owner's key prefix, so nothing of anyone else is ever scored.
// The owner must not contain '/' (callers check who is asking first).
type Index struct{ owner string }

// IndexOf is owner's index.
func IndexOf(owner string) Index { return Index{owner: owner} }

func (ix Index) termKey(term, id string) []byte { return store.Key("term", ix.owner, term, id) }

// Put stores a document's postings under keys of its own, inside x. The
// caller keeps ps.Terms() to Drop them later.
func (ix Index) Put(x *store.Txn, id string, ps Postings) error {
	for i, t := range ps.terms {
		if err := x.Set(ix.termKey(t, id), ps.postings[i].encode()); err != nil {
			return err
		}
	}
	return nil
}

// Drop removes a document's postings: terms are those Put or Block.Add was
// given, block the Block's name ("" for Put's own keys).
func (ix Index) Drop(x *store.Txn, id string, terms []string, block string) error {
	if block != "" {
		return ix.dropFromBlock(x, id, terms, block)
	}
	for _, t := range terms {
		if err := x.Delete(ix.termKey(t, id)); err != nil {
			return err
		}
	}
	return nil
}

// hit is one indexed term's posting in one document.
type hit struct {
	id string
	p  posting
}

// postingsFor reads the postings of term, or of every term it prefixes.
func (ix Index) postingsFor(x *store.Txn, term string, prefix bool) (map[string][]hit, error) {
	base := store.Prefix("term", ix.owner)
	scan := store.Prefix("term", ix.owner, term)
	if prefix {
		scan = append(bytes.Clone(base), term...)
	}
	out := map[string][]hit{}
	err := x.Scan(scan, nil, false, true, func(k, v []byte) (bool, error) {
		rest := k[len(base):]
		slash := bytes.IndexByte(rest, '/')
		if slash < 0 {
			return true, nil
		}
		t, idPart := string(rest[:slash]), rest[slash+1:]
		if isBlockPosting(idPart) {
			hits, err := decodeBlock(v)
			out[t] = append(out[t], hits...)
			return err == nil, err
		}
		p, err := decodePosting(v)
		if err != nil {
			return false, err
		}
		out[t] = append(out[t], hit{id: string(idPart), p: p})
		return true, nil
	})
	return out, err
}
