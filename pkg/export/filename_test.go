package export

import "testing"

func TestFileName(t *testing.T) {
	for title, want := range map[string]string{
		"Weekly Product Sync":                  "Weekly Product Sync",
		"Interview – Nadia Petrova (Frontend)": "Interview Nadia Petrova (Frontend)",
		"Brainstorm: Spring Campaign":          "Brainstorm Spring Campaign",
		"../../etc/passwd":                     "etc passwd",
		"  \t\n ":                              "recording",
		"":                                     "recording",
		"Café “quotes” / slash\\back":          "Café quotes slash back",
		"...":                                  "recording",
	} {
		if got := FileName(title, "recording"); got != want {
			t.Errorf("FileName(%q) = %q, want %q", title, got, want)
		}
	}
	if got := ASCIIFileName(`Café "x".md`); got != `Caf_ _x_.md` {
		t.Errorf("ASCIIFileName = %q", got)
	}
}
