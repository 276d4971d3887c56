package recordings

import (
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/search"
	"github.com/pocket-companion/pocket/pkg/store"
)

// searchDoc is what search reads of a recording: the title, description
// (with the owner's note after it: both are the owner's own words, and a
// field of its own would change every stored posting), first summary with
// its action items, and the transcript's segments.
func (st *stored) searchDoc() search.Doc {
	rec := st.recordingObject()
	d := search.Doc{Title: title(rec), Description: ownWords(rec)}
	if first, sum, ok := st.firstSummary(); ok {
		d.Summary = loose.SummaryText(sum) + "\n" + loose.ActionItemsText(loose.ActionItems(first))
	}
	segs := st.segments()
	d.Transcript = make([]search.Segment, len(segs))
	for i, seg := range segs {
		d.Transcript[i] = search.Segment{Text: seg.Text, Start: seg.Start}
	}
	return d
}

// ownWords are the description and the note, a paragraph apart.
func ownWords(rec loose.Object) string {
	desc, note := loose.Text(rec.Get("description")), loose.Text(rec.Get("note"))
	if note == "" {
		return desc
	}
	if desc == "" {
		return note
	}
	return desc + "\n\n" + note
}

// postingsWriter files a recording's postings in a transaction and records
// where in its book: writePostings (keys of its own) or a block's (blockWriter).
type postingsWriter func(x *store.Txn, uid string, st *stored, ps search.Postings) error

// writePostings stores the postings under keys of the recording's own and
// remembers the terms in the book, so they can be removed without
// re-deriving them.
func writePostings(x *store.Txn, uid string, st *stored, ps search.Postings) error {
	if err := search.IndexOf(uid).Put(x, st.ID, ps); err != nil {
		return err
	}
	st.Book.Terms, st.Book.TermBlock = ps.Terms(), ""
	return nil
}

// blockWriter files postings in an import batch's block (one key per term for
// the whole batch), naming the block in the book.
func blockWriter(b *search.Block) postingsWriter {
	return func(_ *store.Txn, _ string, st *stored, ps search.Postings) error {
		b.Add(st.ID, ps)
		st.Book.Terms, st.Book.TermBlock = ps.Terms(), b.Name()
		return nil
	}
}

func dropPostings(x *store.Txn, uid string, st *stored) error {
	return search.IndexOf(uid).Drop(x, st.ID, st.Book.Terms, st.Book.TermBlock)
}
