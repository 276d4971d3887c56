package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/pocket-companion/pocket/pkg/fixturegen"
)

func runFixtures(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "gen" {
		helpFixtures(stderr)
		return fmt.Errorf("expected the subcommand gen")
	}
	fs := flag.NewFlagSet("pocket fixtures gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	count := fs.Int("count", 1000, "how many recordings to generate")
	out := fs.String("out", "", "directory to write gen_NNNNNN.json files into (required)")
	seed := fs.Int64("seed", 1, "random seed; the same seed gives the same recordings")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelpShown
		}
		return err
	}
	if *out == "" || *count < 1 {
		return fmt.Errorf("--out DIR and a --count of at least 1 are required")
	}
	if err := fixturegen.WriteDir(*out, *count, *seed); err != nil {
		return err
	}
	_, err := fmt.Fprintf(stdout, "wrote %d recordings to %s\n", *count, *out)
	return err
}

func helpFixtures(w io.Writer) {
	_, _ = fmt.Fprint(w, `Usage: pocket fixtures gen --count N --out DIR [--seed S]

Writes N generated recordings in the import format (for benchmarks and large-library
tests), one file each. Import them with: pocket import --user EMAIL DIR
`)
}
