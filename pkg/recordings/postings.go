package recordings

import (
	"encoding/binary"
	"errors"
	"sort"

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

// postings aggregates term frequencies per recording: one key per distinct
// term keeps an hour-long transcript's write well inside a transaction.
func (st *stored) postings() map[string]posting {
	fields := st.searchFields()
	// Counted through an index into one slice: a single map lookup per word
	// of an hour-long transcript, not a read and a write.
	// Sized for the distinct terms of text this long (about one per 40
	// bytes of a generated library): growing the map step by step was a
	// quarter of what indexing allocated.
	distinct := 16
	for _, text := range fields {
		distinct += len(text) / 40
	}
	index := make(map[string]int, distinct)
	counts := make([]posting, 0, distinct)
	var lens [numFields]uint32
	for i, text := range fields {
		eachTerm(text, func(t string) {
			lens[i]++
			n, ok := index[t]
			if !ok {
				n = len(counts)
				index[t] = n
				counts = append(counts, posting{})
			}
			counts[n].TF[i]++
		})
	}
	out := make(map[string]posting, len(index))
	for t, n := range index {
		p := counts[n]
		p.Len = lens
		out[t] = p
	}
	return out
}

func termKey(uid, term, id string) []byte { return store.Key("term", uid, term, id) }

// postingsWriter files a recording's postings in a transaction and records
// where in its book: writePostings (keys of its own) or a postingBlock's add.
type postingsWriter func(x *store.Txn, uid string, st *stored, ps map[string]posting) error

// writePostings stores the postings under keys of the recording's own and
// remembers the terms in the book, so they can be removed without
// re-deriving them.
func writePostings(x *store.Txn, uid string, st *stored, ps map[string]posting) error {
	for t, p := range ps {
		if err := x.Set(termKey(uid, t, st.ID), p.encode()); err != nil {
			return err
		}
	}
	st.Book.Terms, st.Book.TermBlock = sortedTerms(ps), ""
	return nil
}

// sortedTerms is a fresh list of the postings' terms, for the book: fresh,
// because st may share a slice with the old version.
func sortedTerms(ps map[string]posting) []string {
	terms := make([]string, 0, len(ps))
	for t := range ps {
		terms = append(terms, t)
	}
	sort.Strings(terms)
	return terms
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
