package recordings

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Search fields, in posting order, with their weights: a word in the title
// counts far more than the same word said once in an hour of transcript.
const (
	fieldTitle = iota
	fieldDescription
	fieldSummary // summary text and action items
	fieldTranscript
	numFields
)

var fieldWeights = [numFields]float64{8, 4, 3, 1}

// posting is one term's frequency per field in one recording, with the fields'
// lengths, so scoring needs no other read.
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

var errBadPosting = errors.New("recordings: malformed posting")

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

// searchFields is the text of each search field of a recording.
func (st *stored) searchFields() [numFields]string {
	rec := st.recordingObject()
	var f [numFields]string
	f[fieldTitle] = title(rec)
	f[fieldDescription] = loose.Text(rec.Get("description"))
	if first, sum, ok := st.firstSummary(); ok {
		f[fieldSummary] = loose.SummaryText(sum) + "\n" +
			loose.ActionItemsText(loose.ActionItems(first))
	}
	f[fieldTranscript] = loose.SegmentsText(st.segments())
	return f
}

// termPostings are a recording's search terms in the order they first occur
// in its fields, each with its posting (postings[i] is terms[i]'s).
type termPostings struct {
	terms    []string
	postings []posting
}

// postings aggregates term frequencies per recording: one key per distinct
// term keeps an hour-long transcript's write well inside a transaction.
func (st *stored) postings() termPostings {
	fields := st.searchFields()
	// Counted through an index into one slice: a single map lookup per word
	// of an hour-long transcript, not a read and a write. The terms are kept
	// in the order first seen, so nothing needs sorting or a second map.
	// Sized for the distinct terms of text this long (about one per 40
	// bytes of a generated library): growing the map step by step was a
	// quarter of what indexing allocated.
	distinct := 16
	for _, text := range fields {
		distinct += len(text) / 40
	}
	index := make(map[string]int, distinct)
	out := termPostings{terms: make([]string, 0, distinct), postings: make([]posting, 0, distinct)}
	var lens [numFields]uint32
	for i, text := range fields {
		eachTerm(text, func(t string) {
			lens[i]++
			n, ok := index[t]
			if !ok {
				n = len(out.terms)
				index[t] = n
				out.terms = append(out.terms, t)
				out.postings = append(out.postings, posting{})
			}
			out.postings[n].TF[i]++
		})
	}
	for n := range out.postings {
		out.postings[n].Len = lens
	}
	return out
}

func termKey(uid, term, id string) []byte { return store.Key("term", uid, term, id) }

// postingsWriter files a recording's postings in a transaction and records
// where in its book: writePostings (keys of its own) or a postingBlock's add.
type postingsWriter func(x *store.Txn, uid string, st *stored, ps termPostings) error

// writePostings stores the postings under keys of the recording's own and
// remembers the terms in the book, so they can be removed without
// re-deriving them.
func writePostings(x *store.Txn, uid string, st *stored, ps termPostings) error {
	for i, t := range ps.terms {
		if err := x.Set(termKey(uid, t, st.ID), ps.postings[i].encode()); err != nil {
			return err
		}
	}
	// A copy: the memo keeps ps, and the book may be changed in place.
	st.Book.Terms, st.Book.TermBlock = slices.Clone(ps.terms), ""
	return nil
}

func dropPostings(x *store.Txn, uid string, st *stored) error {
	if st.Book.TermBlock != "" {
		return dropFromBlocks(x, uid, st)
	}
	for _, t := range st.Book.Terms {
		if err := x.Delete(termKey(uid, t, st.ID)); err != nil {
			return err
		}
	}
	return nil
}
