//go:build !unix

package live

// openFileLimit is a common soft limit where the process cannot ask for its own.
func openFileLimit() uint64 { return fallbackFileLimit }
