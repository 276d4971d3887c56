package recordings

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/loose"
	recs "github.com/pocket-companion/pocket/pkg/recordings"
)

// dashboardQuery reads spec §7's dashboard parameters. An empty value counts
// as absent; a malformed one is a 400 that names the parameter.
func dashboardQuery(v url.Values) (recs.DashboardQuery, error) {
	var q recs.DashboardQuery
	var err error
	if q.Limit, err = intParam(v, "limit", 1); err != nil {
		return q, err
	}
	q.Cursor = v.Get("cursor")
	q.Search = strings.TrimSpace(v.Get("search"))
	q.SortBy = recs.SortField(strings.ToLower(v.Get("sort_by")))
	q.SortOrder = recs.SortOrder(strings.ToLower(v.Get("sort_order")))
	empty, err := boolParam(v, "include_empty")
	if err != nil {
		return q, err
	}
	q.IncludeEmpty = empty != nil && *empty
	f, err := filterParams(v)
	q.FolderID, q.HasSummarization, q.StartDate, q.EndDate, q.Person, q.Flags = f.FolderID, f.HasSummarization, f.StartDate, f.EndDate, f.Person, f.Flags
	return q, err
}

// filterParams reads the filters the dashboard and search share.
func filterParams(v url.Values) (recs.Filter, error) {
	f := recs.Filter{FolderID: strings.TrimSpace(v.Get("folder_id")), Person: strings.TrimSpace(v.Get("person"))}
	var err error
	if f.HasSummarization, err = boolParam(v, "has_summarization"); err != nil {
		return f, err
	}
	if f.StartDate, err = dateParam(v, "start_date", false); err != nil {
		return f, err
	}
	if f.EndDate, err = dateParam(v, "end_date", true); err != nil {
		return f, err
	}
	f.Flags, err = flagParams(v)
	return f, err
}

// flagParams reads a true/false parameter per flag field (starred=true:
// only starred recordings); nil when none is given.
func flagParams(v url.Values) (map[string]bool, error) {
	var flags map[string]bool
	for _, field := range recs.Fields {
		if field.Kind != recs.FlagField {
			continue
		}
		b, err := boolParam(v, field.Name)
		if err != nil || b == nil {
			if err != nil {
				return nil, err
			}
			continue
		}
		if flags == nil {
			flags = map[string]bool{}
		}
		flags[field.Name] = *b
	}
	return flags, nil
}

func searchQuery(v url.Values) (recs.SearchQuery, error) {
	q := recs.SearchQuery{Q: v.Get("q"), Type: strings.ToLower(v.Get("search_type"))}
	var err error
	if q.Limit, err = intParam(v, "limit", 1); err != nil {
		return q, err
	}
	if q.Offset, err = intParam(v, "offset", 0); err != nil {
		return q, err
	}
	q.Filter, err = filterParams(v)
	return q, err
}

// intParam reads a whole number of at least minimum; 0 when absent.
func intParam(v url.Values, name string, minimum int) (int, error) {
	s := strings.TrimSpace(v.Get(name))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < minimum {
		return 0, apperr.Invalidf("%s must be a whole number of at least %d", name, minimum)
	}
	return n, nil
}

// boolParam reads true/false (also 1/0); nil when absent.
func boolParam(v url.Values, name string) (*bool, error) {
	s := strings.ToLower(strings.TrimSpace(v.Get(name)))
	var b bool
	switch s {
	case "":
		return nil, nil
	case "true", "1":
		b = true
	case "false", "0":
		b = false
	default:
		return nil, apperr.Invalidf("%s must be true or false", name)
	}
	return &b, nil
}

// dateParam reads a date (YYYY-MM-DD) or a timestamp (RFC 3339; no zone means
// UTC). Both bounds are inclusive, so an end given as a date covers that day.
func dateParam(v url.Values, name string, end bool) (time.Time, error) {
	return DateBound(name, v.Get(name), end)
}

// DateBound reads one end of a date range as the search and dashboard take
// it (see dateParam); the MCP server's search reads its from and to with it.
// "" is unbounded (the zero time).
func DateBound(name, s string, end bool) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if d, err := time.ParseInLocation("2006-01-02", s, time.UTC); err == nil {
		if end {
			d = d.Add(24*time.Hour - time.Millisecond)
		}
		return d, nil
	}
	if i := strings.LastIndexByte(s, ' '); i > 10 && len(s)-i == 6 && s[i+3] == ':' {
		s = s[:i] + "+" + s[i+1:] // an unencoded "+hh:mm" offset arrives as " hh:mm"
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return time.Time{}, apperr.Invalidf("%s must be a date (YYYY-MM-DD) or an RFC 3339 timestamp", name)
	}
	t, ok := loose.ParseTime(s)
	if !ok {
		return time.Time{}, apperr.Invalidf("%s must be a date (YYYY-MM-DD) or an RFC 3339 timestamp", name)
	}
	return t, nil
}
