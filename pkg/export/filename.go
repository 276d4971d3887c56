package export

import (
	"strings"
	"unicode"
)

// maxFileName bounds a file name's base in characters; file systems allow 255 bytes.
const maxFileName = 80

// FileName makes a title safe as a file's base name on every common system:
// letters (any script), digits, spaces and - _ . , ( ) & ' stay; anything
// else (slashes, colons, quotes, control characters) becomes a space; runs
// of spaces fold; leading dots go (no hidden files, no ".."). The default
// is returned when nothing is left.
func FileName(title, def string) string {
	var b strings.Builder
	for _, r := range title {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_.,()&'", r):
			b.WriteRune(r)
		default:
			b.WriteRune(' ')
		}
	}
	name := strings.Join(strings.Fields(b.String()), " ")
	if r := []rune(name); len(r) > maxFileName {
		name = string(r[:maxFileName])
	}
	name = strings.TrimSpace(strings.TrimLeft(name, ". "))
	if name == "" {
		return def
	}
	return name
}

// ASCIIFileName is name for the plain filename parameter, which older
// clients read as ASCII: other characters become "_", quotes and
// backslashes included.
func ASCIIFileName(name string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r >= 0x7f || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
}
