package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/app"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/logging"
)

// errHelpShown ends a command that only printed its help.
var errHelpShown = errors.New("help shown")

func loadConfig(name string, args []string, out io.Writer) (config.Config, error) {
	cfg, err := config.Load(name, args, os.Getenv, out)
	if errors.Is(err, flag.ErrHelp) {
		return cfg, errHelpShown
	}
	return cfg, err
}

func runServe(args []string, stdout, stderr io.Writer) error {
	cfg, err := loadConfig("pocket serve", args, stderr)
	if err != nil {
		return err
	}
	log := logging.New(cfg.LogLevel, stderr)
	log.Info("starting pocket", "config", cfg.Redacted())
	server := fx.New(app.Options(cfg, log))
	if err := server.Err(); err != nil {
		return fmt.Errorf("cannot start: %w", err)
	}
	// Run starts, waits for SIGINT or SIGTERM, then stops: the HTTP server drains
	// in-flight requests before the store is closed.
	server.Run()
	return nil
}

func helpServe(w io.Writer) {
	_, _ = fmt.Fprintln(w, "Usage: pocket serve [flags]\n\nServes the app and the provider API. Flags (each overrides its environment variable):")
	_, _ = config.Load("pocket serve", []string{"-h"}, func(string) string { return "" }, w)
}
