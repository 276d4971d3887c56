//go:build unix

package live

import "syscall"

// openFileLimit is the process's soft RLIMIT_NOFILE. It is not raised here:
// the Go runtime already raises it at start (syscall's init, since Go 1.19,
// to the hard limit less one, on macOS within kern.maxfilesperproc) and
// restores the original for processes it execs, so this reads the raised
// value. Only the hard limit (ulimit -Hn, LimitNOFILE=) bounds it.
func openFileLimit() uint64 {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return fallbackFileLimit
	}
	return l.Cur
}
