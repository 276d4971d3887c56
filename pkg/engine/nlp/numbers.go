package nlp

import (
	"strconv"
	"strings"
)

// Transcripts spell numbers out ("twenty-six thousand eight hundred and
// eighty") while people type digits ("26,880"). Both sides are tokenised into
// number words, so either form matches the other.

var smallNumbers = strings.Fields(`zero one two three four five six seven eight nine ten eleven twelve
	thirteen fourteen fifteen sixteen seventeen eighteen nineteen`)

var tens = strings.Fields(`_ _ twenty thirty forty fifty sixty seventy eighty ninety`)

// numberWord holds every word numberWords produces.
var numberWord = map[string]bool{"hundred": true, "thousand": true, "million": true, "point": true}

// IsNumberWord reports a word numbers are spelled with ("twenty", "point").
func IsNumberWord(w string) bool { return numberWord[w] }

func init() {
	for _, w := range append(append([]string{}, smallNumbers...), tens[2:]...) {
		numberWord[w] = true
	}
}

// ordinals map ordinal words to the cardinal the same number is tokenised as,
// so "December first" meets "Dec 1" and "the twentieth" meets "20".
var ordinals = map[string]string{
	"first": "one", "second": "two", "third": "three", "fourth": "four", "fifth": "five",
	"sixth": "six", "seventh": "seven", "eighth": "eight", "ninth": "nine", "tenth": "ten",
	"eleventh": "eleven", "twelfth": "twelve", "thirteenth": "thirteen", "fourteenth": "fourteen",
	"fifteenth": "fifteen", "sixteenth": "sixteen", "seventeenth": "seventeen", "eighteenth": "eighteen",
	"nineteenth": "nineteen", "twentieth": "twenty", "thirtieth": "thirty",
}

// numberWords spells a non-negative integer below a billion as words, without
// "and" (which is a stop word anyway).
func numberWords(n int64) []string {
	if n < 0 || n >= 1e9 {
		return nil
	}
	if n == 0 {
		return []string{"zero"}
	}
	var out []string
	for _, scale := range []struct {
		size int64
		name string
	}{{1e6, "million"}, {1e3, "thousand"}} {
		if n >= scale.size {
			out = append(out, below1000(n/scale.size)...)
			out = append(out, scale.name)
			n %= scale.size
		}
	}
	return append(out, below1000(n)...)
}

func below1000(n int64) []string {
	var out []string
	if n >= 100 {
		out = append(out, smallNumbers[n/100], "hundred")
		n %= 100
	}
	switch {
	case n >= 20:
		out = append(out, tens[n/10])
		if n%10 != 0 {
			out = append(out, smallNumbers[n%10])
		}
	case n > 0:
		out = append(out, smallNumbers[n])
	}
	return out
}

// digitWords tokenises a run of digits as typed: "26,880" (commas already
// removed), "0.875" (decimal: integer part, "point", each digit), "3.4".
func digitWords(s string) []string {
	intPart, frac, hasFrac := strings.Cut(s, ".")
	n, err := strconv.ParseInt(intPart, 10, 64)
	if err != nil {
		return nil
	}
	out := numberWords(n)
	if hasFrac {
		out = append(out, "point")
		for _, d := range frac {
			if d >= '0' && d <= '9' {
				out = append(out, smallNumbers[d-'0'])
			}
		}
	}
	return out
}
