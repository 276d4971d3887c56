package engine

import "strings"

// priorityRank orders the action-item priorities the spec names, lowest first.
var priorityRank = map[string]int{"LOW": 0, "MEDIUM": 1, "HIGH": 2, "CRITICAL": 3}

// PriorityLabel is a priority as a person reads it ("High"); anything else
// reads "Low".
func PriorityLabel(p string) string {
	switch p {
	case "CRITICAL":
		return "Critical"
	case "HIGH":
		return "High"
	case "MEDIUM":
		return "Medium"
	}
	return "Low"
}

// NormalPriority is p as one of the four priorities, whatever its case;
// anything else is MEDIUM.
func NormalPriority(p string) string {
	p = strings.ToUpper(strings.TrimSpace(p))
	if _, ok := priorityRank[p]; ok {
		return p
	}
	return "MEDIUM"
}

// HigherPriority is the more urgent of a and b.
func HigherPriority(a, b string) string {
	if priorityRank[b] > priorityRank[a] {
		return b
	}
	return a
}
