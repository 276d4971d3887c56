package recordings

import (
	"strconv"
	"strings"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/store"
)

// firstPages keeps recently read first dashboard pages, each beside the head
// of its owner's change log when it was read. Every list screen opens with a
// first page and reads it again and again; walking the index and reading each
// item was two thirds of such a read's CPU.
//
// Why the head is the right version: every write that changes what a
// dashboard page shows (a recording's list item, index keys or listing, a
// folder) appends to the change log in its own transaction, because that log
// is what devices build their lists from. So a page read in a snapshot whose
// head equals the cached head is the cached page. The head is read in the
// same snapshot the page would be read in, so no write can slip between them.
//
// Searches and person filters are not kept: their matches come from indexes
// (postings read outside the snapshot, the person index backfilled without a
// log entry) that the head does not version.
type firstPages struct {
	pages *lru.Cache[string, cachedPage]
}

type cachedPage struct {
	head string
	page Page
}

// Bounds of what is kept: about 20 KB per default page, so a few megabytes
// in all; a page larger than maxCachedPageBytes is read every time.
const (
	maxCachedPages     = 512
	maxCachedPageBytes = 256 << 10
)

func newFirstPages() *firstPages {
	pages, err := lru.New[string, cachedPage](maxCachedPages)
	if err != nil {
		panic(err) // only for a size <= 0
	}
	return &firstPages{pages: pages}
}

// firstPageKey names a normalised query's first page for uid; ok is false for a
// query whose page is not kept.
func (q DashboardQuery) firstPageKey(uid string) (key string, ok bool) {
	if q.Cursor != "" || q.Search != "" || q.Person != "" {
		return "", false
	}
	var b strings.Builder
	b.WriteString(strconv.Quote(uid))
	for _, part := range []string{
		strconv.Itoa(q.Limit), q.FolderID, strconv.FormatBool(q.IncludeEmpty), optionalBool(q.HasSummarization),
		optionalMillis(q.StartDate), optionalMillis(q.EndDate),
		string(q.SortBy), string(q.SortOrder), flagsKey(q.Flags),
	} {
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(part)) // quoted: a folder id from the query cannot run into the next part
	}
	return b.String(), true
}

// flagsKey lists the flag filters in the table's order.
func flagsKey(flags map[string]bool) string {
	var b strings.Builder
	for _, f := range Fields {
		if want, ok := flags[f.Name]; ok {
			b.WriteString(f.Name + "=" + strconv.FormatBool(want) + ";")
		}
	}
	return b.String()
}

func optionalBool(p *bool) string {
	if p == nil {
		return ""
	}
	return strconv.FormatBool(*p)
}

// optionalMillis is t in Unix milliseconds, or "" for the zero time (no bound).
func optionalMillis(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return strconv.FormatInt(t.UnixMilli(), 10)
}

// read returns the page kept under key if uid's log head in x is still the
// one it was read at; head is that current head, for put.
func (c *firstPages) read(x *store.Txn, uid, key string) (page Page, head string, hit bool, err error) {
	if head, err = changelog.Head(x, uid); err != nil {
		return Page{}, "", false, err
	}
	if kept, ok := c.pages.Get(key); ok && kept.head == head {
		return kept.page, head, true, nil
	}
	return Page{}, head, false, nil
}

// put keeps page, read at head, under key (unless it is too large to keep).
func (c *firstPages) put(key, head string, page Page) {
	size := 0
	for _, item := range page.Data {
		size += len(item)
	}
	if size <= maxCachedPageBytes {
		c.pages.Add(key, cachedPage{head: head, page: page})
	}
}
