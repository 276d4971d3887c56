package identity

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestOIDCFlow_IsSingleUse(t *testing.T) {
	ctx := context.Background()
	flows := NewOIDCFlows(memDB(t), nil)
	flow, err := flows.Begin(ctx, "google")
	if err != nil {
		t.Fatal(err)
	}
	if len(flow.Verifier) != 43 || flow.State == flow.Nonce || flow.Nonce == flow.Verifier {
		t.Fatalf("flow secrets are not fresh and well-formed: %+v", flow)
	}
	got, err := flows.Take(ctx, flow.State)
	if err != nil || got != flow {
		t.Fatalf("take = %+v, %v; want %+v", got, err, flow)
	}
	if _, err := flows.Take(ctx, flow.State); !errors.Is(err, ErrUnknownFlow) {
		t.Fatalf("second take = %v, want ErrUnknownFlow", err)
	}
}

func TestOIDCFlow_ExpiresAfterTenMinutes(t *testing.T) {
	ctx := context.Background()
	c := newClock()
	flows := NewOIDCFlows(memDB(t), c.now)
	flow, _ := flows.Begin(ctx, "apple")
	c.advance(OIDCFlowTTL + time.Second)
	if _, err := flows.Take(ctx, flow.State); !errors.Is(err, ErrUnknownFlow) {
		t.Fatalf("late take = %v, want ErrUnknownFlow", err)
	}
}

func TestOIDCFlow_RefusesUnknownAndAbsurdStates(t *testing.T) {
	flows := NewOIDCFlows(memDB(t), nil)
	for _, state := range []string{"", "never-issued", strings.Repeat("a", 5000)} {
		if _, err := flows.Take(context.Background(), state); !errors.Is(err, ErrUnknownFlow) {
			t.Fatalf("take(%.20q) = %v", state, err)
		}
	}
}
