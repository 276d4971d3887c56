// Package tally answers small questions about counts.
package tally

// MostCommon is the key counted most often; ties go to the key that sorts
// first, so the answer never depends on map order. "" for no counts.
func MostCommon(counts map[string]int) string {
	best, n := "", 0
	for k, c := range counts {
		if c > n || (c == n && k < best) {
			best, n = k, c
		}
	}
	return best
}
