package health

import (
	"sort"
	"strings"
	"sync"
)

// Gate lets features hold readiness while they finish start-up work in the
// background (seeding, migrations), so fx start hooks never block.
type Gate struct {
	mu      sync.Mutex
	pending map[string]bool
}

// NewGate returns an open gate.
func NewGate() *Gate { return &Gate{pending: map[string]bool{}} }

// Hold marks reason as unfinished.
func (g *Gate) Hold(reason string) { g.mu.Lock(); g.pending[reason] = true; g.mu.Unlock() }

// Release marks reason as finished.
func (g *Gate) Release(reason string) { g.mu.Lock(); delete(g.pending, reason); g.mu.Unlock() }

// Pending lists what is still unfinished, or "" when ready.
func (g *Gate) Pending() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var reasons []string
	for r := range g.pending {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	return strings.Join(reasons, ", ")
}
