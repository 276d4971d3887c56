package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pocket-companion/pocket/server/storemigrate"
)

func runMigrate(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pocket migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { helpMigrate(stderr) }
	from := fs.String("from", "", "data directory or postgres:// URL to copy from")
	to := fs.String("to", "", "data directory or postgres:// URL to copy into")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelpShown
		}
		return err
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		helpMigrate(stderr)
		return errors.New("name --from and --to")
	}
	scratch, err := os.MkdirTemp("", "pocket-migrate-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(scratch) }() // staged audio, already placed
	return storemigrate.Run(side(*from, scratch), side(*to, scratch), stdout)
}

// side reads a --from or --to: a database URL, or a data directory.
func side(arg, scratch string) storemigrate.Side {
	if strings.HasPrefix(arg, "postgres://") || strings.HasPrefix(arg, "postgresql://") {
		return storemigrate.Side{DatabaseURL: arg, DataDir: scratch}
	}
	return storemigrate.Side{DataDir: arg}
}

func helpMigrate(w io.Writer) {
	_, _ = fmt.Fprint(w, `Usage: pocket migrate --from DIR|postgres://… --to DIR|postgres://…

Copies a server's store from a data directory (Badger) into PostgreSQL, or back: every key with
what is left of its lifetime, every recording's audio, and the server's keys (ID-token signing
key, sign-in codes' pepper, a generated VAPID pair), so sessions and push subscriptions stay
good. The target must be empty, or hold a copy this command stopped: run it again and it
resumes where it stopped. It then checks, per user, that both stores hold the same number of
keys with the same checksum, that the target's audio has the hashes its metadata names, and that
the server's keys are the same, and fails naming every difference. Stop every server on both
sides first: writes made during the copy are not carried over.
`)
}
