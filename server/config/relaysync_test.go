package config

import (
	"io"
	"strings"
	"testing"
	"time"
)

func TestLoad_UpstreamRateAndPoll(t *testing.T) {
	c, err := Load("t", nil, envOf(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.UpstreamRate() != 50 || c.UpstreamPoll() != 15*time.Second {
		t.Fatalf("defaults: rate %d, poll %v", c.UpstreamRate(), c.UpstreamPoll())
	}
	c, err = Load("t", []string{"--upstream-rate", "20"}, envOf(map[string]string{"POCKET_UPSTREAM_POLL": "1m"}), io.Discard)
	if err != nil || c.UpstreamRate() != 20 || c.UpstreamPoll() != time.Minute {
		t.Fatalf("set: rate %d, poll %v, %v", c.UpstreamRate(), c.UpstreamPoll(), err)
	}
	for name, env := range map[string]map[string]string{
		"rate zero":        {"POCKET_UPSTREAM_RATE": "0"},
		"rate not number":  {"POCKET_UPSTREAM_RATE": "fast"},
		"poll too short":   {"POCKET_UPSTREAM_POLL": "10ms"},
		"poll no duration": {"POCKET_UPSTREAM_POLL": "15"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Load("t", nil, envOf(env), io.Discard)
			if err == nil || !strings.Contains(err.Error(), "POCKET_UPSTREAM_") {
				t.Fatalf("accepted %v: %v", env, err)
			}
		})
	}
}
