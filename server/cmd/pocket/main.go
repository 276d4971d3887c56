// Command pocket is the Pocket Companion sync server and its tools.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

const usage = `pocket — the Pocket Companion sync server

Usage:
  pocket serve [flags]                         serve the app and the provider API
  pocket import [--user EMAIL] FILE|DIR...     import recordings (JSON, import format)
  pocket fixtures gen --count N --out DIR      write N generated sample recordings
  pocket migrate --from SRC --to DST           copy the store between a data directory and PostgreSQL
  pocket healthcheck [--url URL]               exit 0 when the server answers /readyz, 1 if not
  pocket help [COMMAND]                        show help for a command

Every setting is an environment variable (POCKET_ADDR, POCKET_DATA_DIR, ...) and a flag
of the same name in kebab case that overrides it (--addr, --data-dir, ...).
Run "pocket help serve" for the full list.
`

type command struct {
	run  func(args []string, stdout, stderr io.Writer) error
	help func(w io.Writer)
}

func commands() map[string]command {
	return map[string]command{
		"serve":       {runServe, helpServe},
		"import":      {runImport, helpImport},
		"fixtures":    {runFixtures, helpFixtures},
		"healthcheck": {runHealthcheck, helpHealthcheck},
		"migrate":     {runMigrate, helpMigrate},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		_, _ = fmt.Fprint(stdout, usage)
		return 0
	}
	name, rest := args[0], args[1:]
	if name == "help" {
		return runHelp(rest, stdout, stderr)
	}
	cmd, ok := commands()[name]
	if !ok {
		_, _ = fmt.Fprintf(stderr, "pocket: unknown command %q\n\n%s", name, usage)
		return 2
	}
	if err := cmd.run(rest, stdout, stderr); err != nil {
		if errors.Is(err, errHelpShown) {
			return 0
		}
		_, _ = fmt.Fprintf(stderr, "pocket %s: %v\n", name, err) // the exit status says it if stderr cannot
		return 1
	}
	return 0
}

func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		_, _ = fmt.Fprint(stdout, usage)
		return 0
	}
	cmd, ok := commands()[args[0]]
	if !ok {
		_, _ = fmt.Fprintf(stderr, "pocket: unknown command %q\n", args[0])
		return 2
	}
	cmd.help(stdout)
	return 0
}
