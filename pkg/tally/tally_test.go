package tally

import "testing"

func TestMostCommon_HighestCountThenFirstKey(t *testing.T) {
	for _, c := range []struct {
		counts map[string]int
		want   string
	}{
		{nil, ""},
		{map[string]int{"Priya": 1, "priya": 3}, "priya"},
		{map[string]int{"b": 2, "a": 2, "c": 1}, "a"},
	} {
		if got := MostCommon(c.counts); got != c.want {
			t.Errorf("MostCommon(%v) = %q, want %q", c.counts, got, c.want)
		}
	}
}
