// Package ai provides the AI engine that Ask Pocket (server/chat) and the
// background summaries (server/summarize) share, chosen once from the
// configuration so both always use the same one.
package ai

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/engine/remote"
	"github.com/pocket-companion/pocket/pkg/llm"
	"github.com/pocket-companion/pocket/server/config"
)

// Module provides engine.Engine.
var Module = fx.Module("ai",
	fx.Provide(NewEngine),
)

// NewEngine chooses the AI engine from the configuration: the model at
// POCKET_LLM_URL when it is set, else the built-in local engine. A set URL
// without a model fails the start, rather than every question later.
func NewEngine(cfg config.Config, log *slog.Logger) (engine.Engine, error) {
	if cfg.LLM.URL == "" {
		log.Info("AI engine: built-in local engine (set POCKET_LLM_URL to use a model)")
		return local.New(), nil
	}
	client, err := llm.New(llm.Config{URL: cfg.LLM.URL, Model: cfg.LLM.Model, APIKey: cfg.LLM.APIKey})
	if err != nil {
		return nil, err
	}
	endpoint, _ := llm.Endpoint(cfg.LLM.URL)
	log.Info("AI engine: OpenAI-compatible model", "endpoint", endpoint, "model", cfg.LLM.Model)
	return remote.New(client), nil
}
