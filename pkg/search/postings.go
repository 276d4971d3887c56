package search

import (
	"encoding/binary"
	"errors"
	"math"
)

// posting is one term's frequency per field in one document, with the
// fields' lengths, so scoring needs no other read.
type posting struct {
	TF  [numFields]uint32
	Len [numFields]uint32
}

func (p posting) encode() []byte {
	b := make([]byte, 0, 2*numFields*2)
	for _, v := range p.TF {
		b = binary.AppendUvarint(b, uint64(v))
	}
	for _, v := range p.Len {
		b = binary.AppendUvarint(b, uint64(v))
	}
	return b
}

var errBadPosting = errors.New("search: malformed posting")

func decodePosting(b []byte) (posting, error) {
	p, _, err := decodePostingPrefix(b)
	return p, err
}

// decodePostingPrefix decodes the posting at the start of b and says how many
// bytes it took.
func decodePostingPrefix(b []byte) (posting, int, error) {
	var p posting
	used := 0
	for i := 0; i < 2*numFields; i++ {
		v, n := binary.Uvarint(b[used:])
		if n <= 0 {
			return p, 0, errBadPosting
		}
		used += n
		if v > math.MaxUint32 { // written from a uint32: anything larger is damage
			return p, 0, errBadPosting
		}
		if i < numFields {
			p.TF[i] = uint32(v)
		} else {
			p.Len[i-numFields] = uint32(v)
		}
	}
	return p, used, nil
}

// Postings are a document's terms in the order they first occur in its
// fields, each with its posting. They are read-only once made: callers may
// keep them (a memo of an unchanged document) and hand them to the index more
// than once.
type Postings struct {
	terms    []string
	postings []posting // postings[i] is terms[i]'s
}

// Terms are the document's distinct terms: what the caller keeps to drop its
// postings later (a copy, since Postings are shared).
func (ps Postings) Terms() []string { return append([]string(nil), ps.terms...) }

// Analyze counts a document's term frequencies per field: one posting per
// distinct term keeps an hour-long transcript's write well inside a
// transaction.
func Analyze(d Doc) Postings {
	// Counted through an index into one slice: a single map lookup per word
	// of an hour-long transcript, not a read and a write. The terms are kept
	// in the order first seen, so nothing needs sorting or a second map.
	// Sized for the distinct terms of text this long (about one per 40
	// bytes of a generated library): growing the map step by step was a
	// quarter of what indexing allocated.
	distinct := 16 + d.textBytes()/40
	index := make(map[string]int, distinct)
	out := Postings{terms: make([]string, 0, distinct), postings: make([]posting, 0, distinct)}
	var lens [numFields]uint32
	d.eachText(func(f Field, text string) {
		eachTerm(text, func(t string) {
			lens[f]++
			n, ok := index[t]
			if !ok {
				n = len(out.terms)
				index[t] = n
				out.terms = append(out.terms, t)
				out.postings = append(out.postings, posting{})
			}
			out.postings[n].TF[f]++
		})
	})
	for n := range out.postings {
		out.postings[n].Len = lens
	}
	return out
}
