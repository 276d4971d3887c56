package ai_test

import (
	"log/slog"
	"strings"
	"testing"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/server/ai"
	"github.com/pocket-companion/pocket/server/config"
)

func TestModule_ProvidesTheConfiguredEngine(t *testing.T) {
	tests := []struct {
		name string
		llm  config.LLM
		want string
	}{
		{"no model configured", config.LLM{}, "local"},
		{"a model at a URL", config.LLM{URL: "http://127.0.0.1:11434", Model: "llama3.2"}, "llm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e engine.Engine
			fxtest.New(t,
				fx.Supply(config.Config{LLM: tt.llm}, slog.New(slog.DiscardHandler)),
				ai.Module,
				fx.Populate(&e),
			).RequireStart().RequireStop()
			if e == nil || e.Name() != tt.want {
				t.Fatalf("engine %v, want %q", e, tt.want)
			}
		})
	}
}

func TestEngineConfiguration_ModelRequiredWithURL(t *testing.T) {
	_, err := ai.NewEngine(config.Config{LLM: config.LLM{URL: "http://localhost:11434"}}, slog.New(slog.DiscardHandler))
	if err == nil || !strings.Contains(err.Error(), "POCKET_LLM_MODEL") {
		t.Fatalf("err %v", err)
	}
	e, err := ai.NewEngine(config.Config{}, slog.New(slog.DiscardHandler))
	if err != nil || e.Name() != "local" {
		t.Fatalf("default engine %v, %v", e, err)
	}
}

func TestModule_URLWithoutModelFailsTheStart(t *testing.T) {
	app := fx.New(fx.NopLogger,
		fx.Supply(config.Config{LLM: config.LLM{URL: "http://localhost:11434"}}, slog.New(slog.DiscardHandler)),
		ai.Module,
		fx.Invoke(func(engine.Engine) {}),
	)
	if err := app.Err(); err == nil || !strings.Contains(err.Error(), "POCKET_LLM_MODEL") {
		t.Fatalf("err %v", err)
	}
}
