package live

import "math"

// socketsForFileLimit is the default overall cap for a process allowed
// fileLimit descriptors: half of them, and at least 64. The other half is
// for everything else that needs one: Badger's tables, value-log and
// manifest files, the ordinary HTTP connections (so /healthz, sign-in and
// the REST API keep answering with every socket slot taken), outbound
// calls (Web Push, the upstream, NATS) and the listener. Half leaves a
// server at Linux's common 1,024 with 512 sockets and 512 for the rest,
// where a flood of 1,008 sockets used to starve it; at larger limits the
// remaining half is far more than the store and HTTP need.
func socketsForFileLimit(fileLimit uint64) int {
	return max(64, int(min(fileLimit, math.MaxInt32)/2))
}

// fallbackFileLimit stands in when the process's limit cannot be read.
const fallbackFileLimit = 1024
